import { describe, expect, it } from 'vitest'
import { analyzeDocument } from './analyze'
import { printQuery } from './prettify'

describe('analyzeDocument', () => {
  it('lists operations with kinds, names, positions and declared variables', () => {
    const doc = `query User($id: ID!, $first: Int = 10, $tags: [String!]!, $after: String) {
  user(id: $id) { name }
}

mutation { like(id: 1) }
subscription OnEvent { event }
fragment F on User { id }`
    const { operations, errors, fragments } = analyzeDocument(doc)
    expect(errors).toEqual([])
    expect(fragments).toEqual(['F'])
    expect(operations).toEqual([
      {
        name: 'User',
        kind: 'query',
        line: 1,
        column: 1,
        variables: [
          { name: 'id', type: 'ID!', required: true, hasDefault: false, line: 1, column: 12 },
          { name: 'first', type: 'Int', required: false, hasDefault: true, line: 1, column: 22 },
          { name: 'tags', type: '[String!]!', required: true, hasDefault: false, line: 1, column: 40 },
          { name: 'after', type: 'String', required: false, hasDefault: false, line: 1, column: 59 },
        ],
      },
      { kind: 'mutation', line: 5, column: 1, variables: [] },
      { name: 'OnEvent', kind: 'subscription', line: 6, column: 1, variables: [] },
    ])
  })

  it('treats a non-null variable with a default as optional', () => {
    const [op] = analyzeDocument('query Q($n: Int! = 3) { a(n: $n) }').operations
    expect(op?.variables[0]).toMatchObject({ type: 'Int!', required: false, hasDefault: true })
  })

  it('reports a syntax error with the graphql-js location', () => {
    expect(analyzeDocument('query {\n  user(id: )\n}')).toEqual({
      operations: [],
      fragments: [],
      errors: [{ message: 'Unexpected ")".', line: 2, column: 12 }],
    })
    expect(analyzeDocument('').errors[0]).toMatchObject({ line: 1, column: 1 })
  })
})

describe('printQuery (the fallback when prettier cannot load)', () => {
  it('prints in the graphql-js style and keeps descriptions', () => {
    expect(printQuery('query Q($id:ID!){user(id:$id){name,email}}')).toEqual({
      ok: true,
      text: 'query Q($id: ID!) {\n  user(id: $id) {\n    name\n    email\n  }\n}',
    })
  })

  it('refuses to drop comments and says where the first one is', () => {
    expect(printQuery('{\n  a # why a\n  b\n}')).toMatchObject({ ok: false, reason: 'comments', line: 2, column: 5 })
    expect(printQuery('{ a }\n# trailing note')).toMatchObject({ ok: false, reason: 'comments', line: 2, column: 1 })
  })

  it('does not mistake a # inside a string for a comment', () => {
    expect(printQuery('{ a(s: "#not a comment") }')).toEqual({ ok: true, text: '{\n  a(s: "#not a comment")\n}' })
  })

  it('reports a syntax error instead of printing', () => {
    expect(printQuery('{ a(')).toMatchObject({ ok: false, reason: 'syntax', line: 1, column: 5 })
  })
})
