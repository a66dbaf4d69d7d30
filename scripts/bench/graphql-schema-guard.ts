/**
 * Benchmark of the schema-change guard (not a test: figures are printed, never asserted): 500
 * saved operations re-validated against GitHub's public schema (`@octokit/graphql-schema`), in
 * the slices the page runs them in, and the diff between two published versions of that schema
 * (the older one installed as `@octokit/graphql-schema-old`). Reported: the total time, the
 * longest slice (a main-thread task on the page: the time between two pauses), and the diff's
 * time (one call).
 *
 *   npx tsx scripts/bench/graphql-schema-guard.ts [--runs 3]
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { getNamedType, isLeafType, isNonNullType, isObjectType, type GraphQLObjectType, type GraphQLSchema } from 'graphql'
import { schemaFromIntrospection } from '../../src/features/graphql/core/schema/parse.ts'
import { diffSchemas } from '../../src/features/graphql/core/schema/schema-diff.ts'
import { revalidateOperations, type SavedOperation } from '../../src/features/graphql/core/schema/revalidate.ts'

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
