/**
 * The schema-change guard on two published versions of GitHub's public schema
 * (`@octokit/graphql-schema` 13.10.0, installed as `@octokit/graphql-schema-old`, and the current
 * one). The oracle is GitHub's own data: 13.10.0 announces in `deprecationReason` that
 * `RepositoryVulnerabilityAlert.fixReason` "is being removed … Removal on 2023-04-01 UTC", and the
 * package's next major (14.0.0) is the release without it; every field the diff reports removed
 * must be one the old schema had announced so, and an operation selecting it must be flagged at it.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isObjectType, type GraphQLSchema } from 'graphql'
import { schemaFromIntrospection } from './parse'
import { diffSchemas } from './schema-diff'
import { revalidateOperations } from './revalidate'

const read = (path: string): string => readFileSync(join(process.cwd(), 'node_modules', path), 'utf8')
const version = (path: string): string => (JSON.parse(read(path)) as { version: string }).version
const older = schemaFromIntrospection(read('@octokit/graphql-schema-old/schema.json'))
const current = schemaFromIntrospection(read('@octokit/graphql-schema/schema.json'))

function deprecationOf(schema: GraphQLSchema, coordinate: string): string | undefined {
  const [typeName = '', fieldName = ''] = coordinate.split('.')
  const type = schema.getType(typeName)
  return isObjectType(type) ? type.getFields()[fieldName]?.deprecationReason ?? undefined : undefined
}

describe("the guard on GitHub's schema, 13.10.0 → current", () => {
  it('is run on the versions it was written for', () => {
    expect(version('@octokit/graphql-schema-old/package.json')).toBe('13.10.0')
    expect(version('@octokit/graphql-schema/package.json')).toBe('15.26.1')
  })

  it('reports the removal GitHub announced as breaking, and only removals it announced', () => {
    const diff = diffSchemas(older, current)
    const descriptions = diff.breaking.map((c) => c.description)
    expect(descriptions).toContain('Field RepositoryVulnerabilityAlert.fixReason was removed.')
    expect(deprecationOf(older, 'RepositoryVulnerabilityAlert.fixReason')).toMatch(/is being removed.*Removal on 2023-04-01 UTC/)
    const removedFields = diff.breaking.filter((c) => c.type === 'FIELD_REMOVED')
    expect(removedFields.length).toBeGreaterThan(0)
    for (const change of removedFields) {
      const coordinate = /^Field (\S+) was removed\.$/.exec(change.description)?.[1] ?? ''
      expect(deprecationOf(older, coordinate), coordinate).toMatch(/remov/i)
    }
    // Fields and types GitHub added meanwhile are safe changes.
    expect(diff.safe.some((c) => c.type === 'FIELD_ADDED')).toBe(true)
    expect(diff.safe.some((c) => c.type === 'TYPE_ADDED')).toBe(true)
  }, 60_000)

  it('flags the saved operation that selects the removed field, at the field', async () => {
    const uses = `query Alerts {
  repository(owner: "octokit", name: "graphql-schema") {
    vulnerabilityAlerts(first: 5) {
      nodes {
        fixedAt
        fixReason
      }
    }
  }
}`
    const unaffected = '{ viewer { login } }'
    const broken = await revalidateOperations(
      [
        { id: 'h1', label: 'Alerts', query: uses, source: 'history' },
        { id: 't1', label: 'Viewer', query: unaffected, source: 'tab' },
      ],
      current,
      older,
      { pause: async () => undefined },
    )
    expect(broken.map((b) => b.operation.id)).toEqual(['h1'])
    expect(broken[0]?.errors.map((e) => [e.message, e.line, e.column])).toEqual([['Cannot query field "fixReason" on type "RepositoryVulnerabilityAlert".', 6, 9]])
  }, 60_000)
})
