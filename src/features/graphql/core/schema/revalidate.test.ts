/**
 * Re-checking saved operations after a schema change: graphql-js's `validate` (through
 * `validateQuery`) is the oracle for what is an error and where; these tests pin which operations
 * count as broken by the change, and that the work is done in slices.
 */
import { describe, expect, it } from 'vitest'
import { buildSchema } from 'graphql'
import { newErrors, revalidateOperations, type SavedOperation } from './revalidate'

const before = buildSchema(`type User { id: ID! name: String email: String } type Query { user(id: ID!): User me: User }`)
const after = buildSchema(`type User { id: ID! name: String } type Query { user(id: ID!): User me: User }`)

const op = (id: string, query: string, source: SavedOperation['source'] = 'tab'): SavedOperation => ({ id, label: `Op ${id}`, query, source })

describe('revalidateOperations', () => {
  it('lists the operations that use a removed field, with the error at the field', async () => {
    const operations = [
      op('a', '{ me { name } }'),
      op('b', 'query Mine {\n  me {\n    email\n  }\n}', 'history'),
      op('c', '{ user(id: "1") { id } }'),
    ]
    const broken = await revalidateOperations(operations, after, before, { pause: async () => undefined })
    expect(broken.map((b) => b.operation.id)).toEqual(['b'])
    expect(broken[0]?.operation.source).toBe('history')
    expect(broken[0]?.errors.map((e) => [e.message, e.line, e.column])).toEqual([['Cannot query field "email" on type "User".', 3, 5]])
  })

  it('does not blame the change for errors an operation already had, nor for text that does not parse', () => {
    expect(newErrors('{ me { nope } }', after, before)).toEqual([])
    expect(newErrors('{ me { ', after, before)).toEqual([])
    // Without the old schema every error counts.
    expect(newErrors('{ me { nope } }', after, undefined)).toHaveLength(1)
  })

  it('pauses between slices and stops when aborted', async () => {
    let clock = 0
    let pauses = 0
    const controller = new AbortController()
    const operations = Array.from({ length: 20 }, (_, i) => op(String(i), `{ me { ${i % 2 ? 'email' : 'name'} } }`))
    const broken = await revalidateOperations(operations, after, before, { budgetMs: 2, now: () => clock++, pause: async () => void pauses++ })
    expect(broken).toHaveLength(10)
    expect(pauses).toBeGreaterThan(5)
    const stopped = revalidateOperations(operations, after, before, {
      budgetMs: 2,
      now: () => clock++,
      signal: controller.signal,
      pause: async () => controller.abort(),
    })
    await expect(stopped).rejects.toThrow('cancelled')
  })
})
