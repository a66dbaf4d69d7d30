/**
 * Real public schemas, as their publishers ship them on npm: GitHub's (`@octokit/graphql-schema`,
 * introspection JSON and SDL) and Nautical's commerce API (`@nautical-commerce/graphql-schema`,
 * SDL, a Saleor descendant). GitHub's breaks rules graphql-js 17 checks and graphql 16 did not; it
 * must load all the same, with those problems as warnings, and what is built on the schema (query
 * checks, docs) must work with it; completion is proven in the browser (graphql-schema.spec.ts).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { docsModel } from './docs'
import { parseSchemaInput, schemaFromIntrospection, schemaFromSDL, schemaWarnings } from './parse'
import { validateQuery } from './validate-query'

// The packages' exports maps do not list these files; they are read where npm puts them.
const read = (path: string): string => readFileSync(join(process.cwd(), 'node_modules', path), 'utf8')
const githubJson = read('@octokit/graphql-schema/schema.json')
const githubSdl = read('@octokit/graphql-schema/schema.graphql')
const nauticalSdl = read('@nautical-commerce/graphql-schema/nautical/schema.graphql')

describe("GitHub's public schema (@octokit/graphql-schema)", () => {
  it('loads from its introspection JSON, with graphql-js 17’s validateSchema problems as warnings', () => {
    const parsed = parseSchemaInput(githubJson)
    expect(parsed.format).toBe('introspection')
    expect(parsed.schema.getType('Repository')).toBeDefined()
    const messages = parsed.warnings.map((w) => w.message)
    expect(messages).toHaveLength(9)
    expect(messages).toContain('Interface field Reactable.databaseId is not deprecated, so implementation field PullRequest.databaseId must not be deprecated.')
    expect(messages.some((m) => m.includes('TeamDiscussion.url'))).toBe(true)
  }, 60_000)

  it('checks queries and builds the docs against it', () => {
    const schema = schemaFromIntrospection(githubJson)
    const query = '{ repository(owner: "graphql", name: "graphql-js") { pullRequests(first: 1) { nodes { databaseId titel } } } }'
    expect(validateQuery(schema, query).map((p) => [p.severity, p.message])).toEqual([
      ['warning', 'The field PullRequest.databaseId is deprecated. `databaseId` will be removed because it does not support 64-bit signed integer identifiers. Use `fullDatabaseId` instead. Removal on 2024-07-01 UTC.'],
      ['error', 'Cannot query field "titel" on type "PullRequest". Did you mean "title", "files", or "state"?'],
    ])
    expect(validateQuery(schema, '{ viewer { login } }')).toEqual([])
    expect(docsModel(schema).types.get('PullRequest')?.kind).toBe('OBJECT')
  }, 60_000)

  it('loads from its SDL too, a field defined twice and the deprecation problems as located warnings', () => {
    const schema = schemaFromSDL(githubSdl)
    const warnings = schemaWarnings(schema)
    const twice = warnings.find((w) => w.message === 'Field "EnterpriseOwnerInfo.repositoryDeployKeySetting" can only be defined once.')
    expect(twice).toMatchObject({ line: 15003 })
    expect(warnings.some((w) => w.message.includes('implementation field Project.id must not be deprecated'))).toBe(true)
    expect(validateQuery(schema, '{ viewer { login } }')).toEqual([])
  }, 60_000)
})

describe("Nautical's public commerce schema (@nautical-commerce/graphql-schema)", () => {
  it('loads with no warnings, and checks queries', () => {
    const parsed = parseSchemaInput(nauticalSdl)
    expect(parsed.format).toBe('sdl')
    expect(parsed.warnings).toEqual([])
    expect(Object.keys(parsed.schema.getTypeMap()).length).toBeGreaterThan(1000)
    expect(validateQuery(parsed.schema, '{ products(first: 2) { edges { node { id nmae } } } }').map((p) => p.message)).toEqual([
      'Cannot query field "nmae" on type "Product". Did you mean "name"?',
    ])
  }, 60_000)
})
