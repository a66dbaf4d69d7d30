/**
 * The diff on small schemas whose changes are known by construction, against graphql-js's own
 * `findBreakingChanges` / `findDangerousChanges` (the oracle for which group a change is in).
 */
import { describe, expect, it } from 'vitest'
import { buildSchema, findBreakingChanges, findDangerousChanges } from 'graphql'
import { diffSchemas, isEmptyDiff, schemaChangeSummary, severityOf } from './schema-diff'

const before = buildSchema(`
  enum Role { ADMIN USER }
  type User { id: ID! name: String email: String role: Role }
  type Query { user(id: ID!): User users(first: Int = 10): [User!]! }
`)
const after = buildSchema(`
  enum Role { ADMIN USER GUEST }
  type User { id: ID! name: String role: Role avatar: String }
  type Team { id: ID! }
  type Query { user(id: ID!): User users(first: Int = 20): [User!]! team: Team }
`)

describe('diffSchemas', () => {
  it('sorts every change into breaking, dangerous and safe as graphql-js does', () => {
    const diff = diffSchemas(before, after)
    expect(diff.breaking.map((c) => c.description)).toEqual(findBreakingChanges(before, after).map((c) => c.description))
    expect(diff.dangerous.map((c) => c.description)).toEqual(findDangerousChanges(before, after).map((c) => c.description))
    expect(diff.breaking.map((c) => [c.type, c.description])).toEqual([['FIELD_REMOVED', 'Field User.email was removed.']])
    expect(diff.dangerous.map((c) => c.type).sort()).toEqual(['ARG_DEFAULT_VALUE_CHANGE', 'VALUE_ADDED_TO_ENUM'])
    expect(diff.safe.map((c) => c.type).sort()).toEqual(['FIELD_ADDED', 'FIELD_ADDED', 'TYPE_ADDED'])
    expect(diff.safe.every((c) => c.severity === 'safe')).toBe(true)
  })

  it('finds nothing between a schema and itself', () => {
    expect(isEmptyDiff(diffSchemas(before, before))).toBe(true)
    expect(isEmptyDiff(diffSchemas(before, after))).toBe(false)
  })

  it('puts a kind graphql-js lists as both dangerous and safe with the dangerous ones, as findDangerousChanges does', () => {
    expect(severityOf('OPTIONAL_ARG_ADDED')).toBe('dangerous')
    expect(severityOf('TYPE_REMOVED')).toBe('breaking')
    expect(severityOf('DESCRIPTION_CHANGED')).toBe('safe')
  })

  it('says how many breaking changes and broken operations there are', () => {
    const diff = diffSchemas(before, after)
    expect(schemaChangeSummary(diff, 1)).toBe('Schema changed: 1 breaking change, 1 saved operation broke')
    expect(schemaChangeSummary({ ...diff, breaking: [...diff.breaking, ...diff.breaking] }, 3)).toBe('Schema changed: 2 breaking changes, 3 saved operations broke')
    expect(schemaChangeSummary(diffSchemas(before, before), 0)).toBe('Schema changed: 0 breaking changes, no saved operation broke')
  })
})
