/**
 * A pasted schema is read in the schema worker, as a loaded one is: the job sends it in parts
 * (types, start, docs, done) and caches nothing; the page's side (`pasteSchema`, in-process here, as
 * where workers do not exist) builds the same schema graphql-js builds from the text itself, with the
 * docs and warnings the page's own parse found; what is not a schema is refused with the parse's
 * own error, placed where it is. GitHub's published schema (`@octokit/graphql-schema`) is the input.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildClientSchema, buildSchema, lexicographicSortSchema, printSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql'
import { SchemaInputError, docsModel, parseSchemaInput } from '@/features/graphql/core/schema'
import { createSchemaJobs, type SchemaJobMessage } from './schema-jobs'
import { pasteSchema, setPageSchemaCache } from './schema-load'
import type { SchemaCacheStore } from './schema-cache'

const dir = join(process.cwd(), 'node_modules/@octokit/graphql-schema')
const githubSDL = readFileSync(join(dir, 'schema.graphql'), 'utf8')
const githubJSON = readFileSync(join(dir, 'schema.json'), 'utf8')

const printed = (schema: GraphQLSchema) => printSchema(lexicographicSortSchema(schema))

/** A cache that records every write: a paste must make none. */
function watchedCache(): SchemaCacheStore & { writes: number } {
  const cache = { writes: 0, get: async () => undefined, put: async () => void (cache.writes += 1), delete: async () => undefined }
  return cache
}

// GitHub's schema is built several times over in each test.
describe('a pasted schema, read by the schema jobs', { timeout: 60_000 }, () => {
  it('GitHub’s SDL goes to the page in parts — types, start, docs, done — and nothing is cached', async () => {
    const cache = watchedCache()
    const messages: SchemaJobMessage[] = []
    await createSchemaJobs({ cache })({ type: 'paste', id: 3, text: githubSDL }, (message) => messages.push(structuredClone(message)))
    expect([...new Set(messages.map((m) => m.type))]).toEqual(['types', 'start', 'docs', 'done'])
    expect(messages.every((m) => m.id === 3)).toBe(true)
    expect(messages.filter((m) => m.type === 'types').length).toBeGreaterThan(10)
    expect(cache.writes).toBe(0)
  })

  it('the page gets the schema graphql-js builds from the SDL, with the docs and warnings of the page’s own parse', async () => {
    setPageSchemaCache(undefined)
    const result = await pasteSchema(githubSDL)
    if (result.kind !== 'loaded') throw new Error(`not loaded: ${result.kind}`)
    // GitHub's SDL breaks an SDL rule (a field defined twice), which the app reports as a warning and builds past.
    expect(printed(result.loaded.schema)).toBe(printed(buildSchema(githubSDL, { assumeValidSDL: true })))
    const parsed = parseSchemaInput(githubSDL)
    expect(result.loaded.warnings).toEqual(parsed.warnings)
    expect(result.loaded.warnings.length).toBeGreaterThan(0) // graphql-js 17 finds GitHub's deprecation mismatches
    const docs = docsModel(parsed.schema)
    expect(result.loaded.docs.typeNames).toEqual(docs.typeNames)
    expect(result.loaded.docs.roots).toEqual(docs.roots)
    expect([...result.loaded.docs.types.values()]).toEqual([...docs.types.values()])
  })

  it('GitHub’s introspection JSON gives the schema graphql-js’s buildClientSchema gives', async () => {
    const result = await pasteSchema(githubJSON)
    if (result.kind !== 'loaded') throw new Error(`not loaded: ${result.kind}`)
    const json = JSON.parse(githubJSON) as { data?: IntrospectionQuery } & Partial<IntrospectionQuery>
    expect(printed(result.loaded.schema)).toBe(printed(buildClientSchema(json.data ?? (json as IntrospectionQuery))))
    expect(result.loaded.warnings).toEqual(parseSchemaInput(githubJSON).warnings)
  })

  it.each([
    ['SDL naming a type it never defines', 'type Query {\n  users: [Person]\n}'],
    ['SDL that does not parse', 'type Query {\n  users: [User!\n}'],
    ['JSON that does not parse', '{"data": {"__schema": '],
    ['JSON that is not an introspection result', '{"data": {"user": null}}'],
    ['nothing', '  \n'],
  ])('%s is refused with the page parse’s own error, placed where it is', async (_, text) => {
    let expected: SchemaInputError | undefined
    try {
      parseSchemaInput(text)
    } catch (e) {
      expected = e as SchemaInputError
    }
    expect(expected).toBeInstanceOf(SchemaInputError)
    const result = await pasteSchema(text)
    if (result.kind !== 'refused') throw new Error(`not refused: ${result.kind}`)
    expect(result.error).toBeInstanceOf(SchemaInputError)
    expect({ code: result.error.code, message: result.error.message, line: result.error.line, column: result.error.column }).toEqual({
      code: expected?.code,
      message: expected?.message,
      line: expected?.line,
      column: expected?.column,
    })
  })
})
