/**
 * The sliced build against graphql-js's own `buildClientSchema`, on GitHub's published schema
 * (`@octokit/graphql-schema`): the same schema (printed SDL), built with pauses between slices.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildClientSchema, getIntrospectionQuery, getNamedType, graphqlSync, isObjectType, printSchema, type IntrospectionQuery } from 'graphql'
import { buildClientSchemaInSlices } from './build-sliced'
import { schemaFromSDL } from './parse'
import { generateLargeSDL } from './generate'

const published = JSON.parse(readFileSync(join(process.cwd(), 'node_modules/@octokit/graphql-schema/schema.json'), 'utf8')) as IntrospectionQuery | { data: IntrospectionQuery }
const github = 'data' in published ? published.data : published

describe('buildClientSchemaInSlices', () => {
  it('builds GitHub’s schema as buildClientSchema does, in many slices', async () => {
    let pauses = 0
    let clock = 0
    // Each reading of the clock moves it 1 ms: a 4 ms budget pauses every few types.
    const schema = await buildClientSchemaInSlices(github, { budgetMs: 4, now: () => clock++, pause: async () => void pauses++ })
    expect(printSchema(schema)).toBe(printSchema(buildClientSchema(github, { assumeValid: true })))
    expect(pauses).toBeGreaterThan(100)
    expect(schema.getType('User')).toBeDefined()
    // What completion in `{ viewer { log` reads: the fields of the type of Query.viewer.
    const viewer = getNamedType(schema.getQueryType()?.getFields().viewer?.type)
    expect(isObjectType(viewer) && Object.keys(viewer.getFields())).toContain('login')
  }, 60_000)

  it('keeps default values, directives, descriptions and the built-in types', async () => {
    const sdl = `"The root" type Query { list(first: Int = 10, order: Order = ASC, where: Filter = {name: "a"}): [String!] @deprecated(reason: "old") }
      enum Order { ASC DESC @deprecated }
      input Filter @oneOf { name: String id: ID }
      directive @cached(ttl: Int = 60) repeatable on FIELD | QUERY
      scalar Url @specifiedBy(url: "https://url.spec.whatwg.org/")
      type Extra { url: Url }`
    const introspection = graphqlSync({ schema: schemaFromSDL(sdl), source: getIntrospectionQuery({ specifiedByUrl: true, directiveIsRepeatable: true, inputValueDeprecation: true, oneOf: true }) }).data as unknown as IntrospectionQuery
    const built = await buildClientSchemaInSlices(introspection, { pause: async () => {} })
    expect(printSchema(built)).toBe(printSchema(buildClientSchema(introspection)))
  })

  it('stops between slices when its signal aborts', async () => {
    const controller = new AbortController()
    const big = graphqlSync({ schema: schemaFromSDL(generateLargeSDL(200)), source: getIntrospectionQuery() }).data as unknown as IntrospectionQuery
    let clock = 0
    const build = buildClientSchemaInSlices(big, { budgetMs: 2, now: () => clock++, signal: controller.signal, pause: async () => controller.abort() })
    await expect(build).rejects.toMatchObject({ name: 'AbortError' })
  })
})
