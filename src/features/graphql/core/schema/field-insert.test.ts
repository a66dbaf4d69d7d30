import { buildSchema } from 'graphql'
import { describe, expect, it } from 'vitest'
import { docsModel } from './docs'
import { fieldInsertText } from './field-insert'

const index = docsModel(
  buildSchema(`
    enum Role { ADMIN USER }
    interface Node { id: ID! }
    union SearchResult = User | Post
    input Filter { text: String!, limit: Int = 10 }
    type Post implements Node { id: ID!, title: String }
    type User implements Node {
      id: ID!
      name: String
      role: Role!
      posts(first: Int = 10, after: String): [Post!]!
      post(id: ID!): Post
      friend(id: ID!, via: String!, depth: Int! = 1, note: String): User
      score(filter: Filter!): Float
    }
    type Query { me: User, node(id: ID!): Node, search(text: String!): [SearchResult!]! }
  `),
)

describe('fieldInsertText', () => {
  it('inserts a leaf field (scalar or enum) by name', () => {
    expect(fieldInsertText(index, 'User', 'name')).toBe('name')
    expect(fieldInsertText(index, 'User', 'role')).toBe('role')
  })

  it('gives a composite field (object, interface, union; lists too) a selection set with a blank line', () => {
    expect(fieldInsertText(index, 'Query', 'me')).toBe('me {\n  \n}')
    expect(fieldInsertText(index, 'User', 'posts')).toBe('posts {\n  \n}')
    expect(fieldInsertText(index, 'Query', 'node')).toBe('node(id: $id) {\n  \n}')
    expect(fieldInsertText(index, 'Query', 'search')).toBe('search(text: $text) {\n  \n}')
  })

  it('passes required arguments (non-null without default) as variables named after them, and only those', () => {
    expect(fieldInsertText(index, 'User', 'post')).toBe('post(id: $id) {\n  \n}')
    expect(fieldInsertText(index, 'User', 'friend')).toBe('friend(id: $id, via: $via) {\n  \n}')
    expect(fieldInsertText(index, 'User', 'score')).toBe('score(filter: $filter)')
  })

  it('works on interface fields', () => {
    expect(fieldInsertText(index, 'Node', 'id')).toBe('id')
  })

  it('falls back to the name for unknown types and fields, and for input-object fields', () => {
    expect(fieldInsertText(index, 'Nope', 'x')).toBe('x')
    expect(fieldInsertText(index, 'User', 'nope')).toBe('nope')
    expect(fieldInsertText(index, 'Filter', 'text')).toBe('text')
  })
})
