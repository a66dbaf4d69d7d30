/**
 * Benchmark of the schema-change guard (not a test: figures are printed, never asserted): 500
 * saved operations re-validated against GitHub's public schema (`@octokit/graphql-schema`), in
 * the slices the page runs them in, and the diff between two published versions of that schema
 * (the older one installed as `@octokit/graphql-schema-old`). Reported: the total time, the
 * longest slice (the time between two pauses), and the diff's time (one call). Then the way the
 * page runs it: the schema worker's `changes` job (run here in-process, each message cloned as
 * postMessage clones it) between the two schemas it handed out — its total time, and the page's
 * longest task, which is only cloning the 500 operations out and the answer (diff and broken list) in.
 *
 *   npx tsx scripts/bench/graphql-schema-guard.ts [--runs 3]
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { getNamedType, isLeafType, isNonNullType, isObjectType, type GraphQLObjectType, type GraphQLSchema } from 'graphql'
import { schemaFromIntrospection } from '../../src/features/graphql/core/schema/parse.ts'
import { diffSchemas } from '../../src/features/graphql/core/schema/schema-diff.ts'
import { revalidateOperations, type SavedOperation } from '../../src/features/graphql/core/schema/revalidate.ts'
import { createSchemaJobs, type SchemaJobMessage, type SchemaJobRequest } from '../../src/features/graphql/io/schema-jobs.ts'

const runsArg = process.argv.indexOf('--runs')
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) || 3 : 3
const COUNT = 500

const read = (path: string): string => readFileSync(join(process.cwd(), 'node_modules', path), 'utf8')
const current = schemaFromIntrospection(read('@octokit/graphql-schema/schema.json'))
const older = schemaFromIntrospection(read('@octokit/graphql-schema-old/schema.json'))

/** Leaf fields without required arguments of an object type. */
function leaves(type: GraphQLObjectType): string[] {
  return Object.values(type.getFields())
    .filter((f) => isLeafType(getNamedType(f.type)) && !f.args.some((a) => isNonNullType(a.type)))
    .map((f) => f.name)
}

/**
 * Realistic operations: a repository with a rotating pick of its leaf fields and of its issues';
 * one in ten also selects `RepositoryVulnerabilityAlert.fixReason`, which the current schema removed.
 */
function operations(schema: GraphQLSchema): SavedOperation[] {
  const repository = schema.getType('Repository')
  const issue = schema.getType('Issue')
  if (!isObjectType(repository) || !isObjectType(issue)) throw new Error('GitHub’s schema lost Repository or Issue')
  const repoFields = leaves(repository)
  const issueFields = leaves(issue)
  return Array.from({ length: COUNT }, (_, i) => {
    const pick = (fields: string[], n: number) => Array.from({ length: n }, (_, k) => fields[(i * 7 + k * 3) % fields.length]).join('\n      ')
    const query = `query Saved${i}($owner: String!, $name: String!) {
  repository(owner: $owner, name: $name) {
    ${pick(repoFields, 8)}
    issues(first: 10) {
      nodes {
        ${pick(issueFields, 6)}
        author { login }
      }
    }${i % 10 === 0 ? '\n    vulnerabilityAlerts(first: 5) { nodes { fixedAt fixReason } }' : ''}
  }
}`
    return { id: String(i), label: `Saved${i}`, query, source: i % 2 ? 'history' : 'tab' }
  })
}

// Written against the older schema, re-checked against the current one: some use removed fields.
const saved = operations(older)
console.log(`GitHub's schema: ${Object.keys(current.getTypeMap()).length} types; ${saved.length} operations`)
for (let run = 1; run <= RUNS; run++) {
  const slices: number[] = []
  let sliceStart = performance.now()
  const start = sliceStart
  const broken = await revalidateOperations(saved, current, older, {
    pause: () => {
      slices.push(performance.now() - sliceStart)
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          sliceStart = performance.now()
          resolve()
        }, 0),
      )
    },
  })
  slices.push(performance.now() - sliceStart)
  const total = performance.now() - start
  const diffStart = performance.now()
  const diff = diffSchemas(older, current)
  const diffMs = performance.now() - diffStart
  console.log(
    `run ${run}: re-validate ${total.toFixed(0)} ms total (target ≤ 500), ${slices.length} slices, longest ${Math.max(...slices).toFixed(1)} ms (target ≤ 50); ` +
      `${broken.length} broken; diff ${diffMs.toFixed(0)} ms (${diff.breaking.length} breaking, ${diff.dangerous.length} dangerous, ${diff.safe.length} safe)`,
  )
}

// The worker's side: both schemas handed out (as a paste each, as loads would), then the change asked about.
const jobs = createSchemaJobs({ offPage: true })
async function handOut(text: string): Promise<string> {
  let handle: string | undefined
  await jobs({ type: 'paste', id: 1, text }, (message) => {
    if (message.type === 'done') handle = message.summary.handle
  })
  if (!handle) throw new Error('The schema jobs did not read GitHub’s schema')
  return handle
}
const olderText = read('@octokit/graphql-schema-old/schema.json')
const currentText = read('@octokit/graphql-schema/schema.json')
for (let run = 1; run <= RUNS; run++) {
  const [before, after] = [await handOut(olderText), await handOut(currentText)]
  const outStart = performance.now()
  const request = structuredClone<SchemaJobRequest>({ type: 'changes', id: 2, before, after, operations: saved })
  const pageOut = performance.now() - outStart
  let answer: SchemaJobMessage | undefined
  const workerStart = performance.now()
  await jobs(request, (message) => (answer = message))
  const workerMs = performance.now() - workerStart
  const inStart = performance.now()
  const received = structuredClone(answer)
  const pageIn = performance.now() - inStart
  const check = received?.type === 'changes' ? received.check : undefined
  console.log(
    `run ${run}: worker changes job ${workerMs.toFixed(0)} ms total (diff and re-check, off the page; target ≤ 500); page longest task ${Math.max(pageOut, pageIn).toFixed(1)} ms ` +
      `(operations out ${pageOut.toFixed(1)} ms, answer in ${pageIn.toFixed(1)} ms; target ≤ 50); ${check?.broken.length ?? '?'} broken, ${check?.diff.breaking.length ?? '?'} breaking`,
  )
}
