import { buildSchema } from 'graphql'
import { describe, expect, it } from 'vitest'
import { generateLargeSDL } from './generate'
import { schemaFromSDL } from './parse'
import { validateQuery, type QueryProblem } from './validate-query'

const schema = buildSchema(`
  enum Role { ADMIN USER OLD @deprecated(reason: "Use USER.") }
  input NewUser { name: String!, role: Role = USER, legacy: String @deprecated(reason: "Unused.") }
  interface Node { id: ID! }
  type User implements Node {
    id: ID!
    name: String
    email: String @deprecated(reason: "Use contactEmail.")
    contactEmail: String
    friends(first: Int, after: String @deprecated(reason: "Use cursor.")): [User!]!
    legacyPost(id: ID!): String @deprecated(reason: "Gone.")
  }
  type Query { user(id: ID!): User, users(role: Role): [User!]!, node(id: ID!): Node }
  type Mutation { createUser(input: NewUser!): User }
`)

/** Each problem with the text it underlines, so locations are checked by content. */
const check = (text: string): (QueryProblem & { under: string })[] =>
  validateQuery(schema, text).map((p) => ({ ...p, under: text.slice(p.from, p.to) }))

describe('validateQuery', () => {
  it('accepts a valid document, blank text and text that does not parse', () => {
    expect(validateQuery(schema, 'query Q($id: ID!) { user(id: $id) { id name } }')).toEqual([])
    expect(validateQuery(schema, '   \n')).toEqual([])
    // Syntax errors are the parser's to report (one message per problem).
    expect(validateQuery(schema, '{ user(id: "1") { name }')).toEqual([])
    expect(validateQuery(schema, '{ nope }} ')).toEqual([])
  })

  it('underlines an unknown field and keeps the "Did you mean" suggestion', () => {
    const text = '{\n  user(id: "1") {\n    nme\n  }\n}'
    expect(check(text)).toEqual([
      {
        message: 'Cannot query field "nme" on type "User". Did you mean "name"?',
        line: 3,
        column: 5,
        from: text.indexOf('nme'),
        to: text.indexOf('nme') + 3,
        severity: 'error',
        under: 'nme',
      },
    ])
  })

  it('underlines an unknown argument by its name', () => {
    const [problem, ...rest] = check('{ user(id: "1", foo: 2) { name } }')
    expect(rest).toEqual([])
    expect(problem).toMatchObject({ under: 'foo', severity: 'error', line: 1, column: 17 })
    expect(problem?.message).toBe('Unknown argument "foo" on field "Query.user".')
  })

  it('puts a missing required argument on the field name, not its whole selection', () => {
    const [problem] = check('{ user { name } }')
    expect(problem).toMatchObject({ under: 'user', severity: 'error' })
    expect(problem?.message).toMatch(/Argument "Query\.user\(id:\)" of type "ID!" is required/)
  })

  it('puts a wrongly typed variable on its definition, $ included', () => {
    const problems = check('query Q($id: String) { user(id: $id) { name } }')
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatchObject({ under: '$id', column: 9 })
    expect(problems[0]?.message).toBe('Variable "$id" of type "String" used in position expecting type "ID!".')
  })

  it('underlines a wrong literal value whole', () => {
    const [problem] = check('{ users(role: SUPERUSER) { id } }')
    expect(problem).toMatchObject({ under: 'SUPERUSER', severity: 'error' })
    expect(problem?.message).toMatch(/Value "SUPERUSER" does not exist in "Role" enum/)
  })

  it('reports unknown types and unused variables, in text order', () => {
    expect(check('query ($x: Foo) { users { id } }').map((p) => [p.under, p.message])).toEqual([
      ['$x', 'Variable "$x" is never used.'],
      ['Foo', 'Unknown type "Foo".'],
    ])
  })

  it('warns about deprecated fields, arguments, input fields and enum values with the reason', () => {
    const problems = check(
      'query A { user(id: "1") { email friends(after: "x") { id } } users(role: OLD) { id } }\nmutation B { createUser(input: {name: "a", legacy: "b"}) { id } }',
    )
    expect(problems.map((p) => [p.severity, p.under, p.message])).toEqual([
      ['warning', 'email', 'The field User.email is deprecated. Use contactEmail.'],
      ['warning', 'after', 'The argument "User.friends(after:)" is deprecated. Use cursor.'],
      ['warning', 'OLD', 'The enum value "Role.OLD" is deprecated. Use USER.'],
      ['warning', 'legacy', 'The input field NewUser.legacy is deprecated. Unused.'],
    ])
  })

  it('lists an error before a warning at the same place', () => {
    // legacyPost is deprecated and lacks its required argument: both are about its name.
    const problems = check('{ user(id: "1") { legacyPost } }')
    expect(problems.map((p) => [p.severity, p.under])).toEqual([
      ['error', 'legacyPost'],
      ['warning', 'legacyPost'],
    ])
  })

  it('checks every operation of a document with several', () => {
    const text = 'query A { user(id: "1") { nme } }\nquery B { users { id } }\nmutation C { createUser(input: {}) { id } }'
    const problems = check(text)
    expect(problems.map((p) => [p.line, p.under])).toEqual([
      [1, 'nme'],
      [3, '{}'],
    ])
    expect(problems[1]?.message).toMatch(/"NewUser" to include required field "name"/)
  })

  it('flags an anonymous operation among others at its first token, and duplicate names', () => {
    expect(check('query A { users { id } }\n{ users { id } }').map((p) => [p.line, p.under, p.message])).toEqual([
      [2, '{', 'This anonymous operation must be the only defined operation.'],
    ])
    expect(check('query A { users { id } }\nquery A { users { id } }').map((p) => p.under)).toEqual(['A'])
  })

  it('follows fragments: unknown fields inside them, unknown and unused fragments, bad type conditions', () => {
    expect(check('{ users { ...F } }\nfragment F on User { nme }').map((p) => [p.line, p.under])).toEqual([[2, 'nme']])
    expect(check('{ users { ...Missing } }').map((p) => [p.under, p.message])).toEqual([['Missing', 'Unknown fragment "Missing".']])
    expect(check('{ users { id } }\nfragment Unused on User { id }').map((p) => [p.under, p.message])).toEqual([
      ['Unused', 'Fragment "Unused" is never used.'],
    ])
    expect(check('{ node(id: "1") { ... on Role { id } } }').map((p) => p.under)).toEqual(['Role'])
  })

  it('reports a problem reached twice through one fragment once', () => {
    const problems = check('{ a: users { ...F } b: users { ...F } }\nfragment F on User { nme }')
    expect(problems.filter((p) => p.under === 'nme')).toHaveLength(1)
  })

  it('gives every range inside the text and non-empty', () => {
    const texts = ['{ x }', 'query ($a: Int) { users { id } }', '{ user(id: 1) }', 'query A { users { id } } { users { id } }']
    for (const text of texts) {
      for (const p of validateQuery(schema, text)) {
        expect(p.from).toBeGreaterThanOrEqual(0)
        expect(p.to).toBeGreaterThan(p.from)
        expect(p.to).toBeLessThanOrEqual(text.length)
      }
    }
  })

  it('counts columns in UTF-16 units after non-ASCII text, as editors do', () => {
    const text = '# café ☕ 𝄞\n{ users { nme } }'
    const [problem] = check(text)
    expect(problem).toMatchObject({ line: 2, column: 11, under: 'nme' })
  })

  it('handles a large document on a large schema, and stops at graphql-js’s error limit with a placed notice', () => {
    const big = schemaFromSDL(generateLargeSDL(300))
    const fields = Array.from({ length: 2000 }, (_, i) => `  f${i}: __typename`).join('\n')
    expect(validateQuery(big, `{\n${fields}\n}`)).toEqual([])
    const wrong = Array.from({ length: 150 }, (_, i) => `  nope${i}`).join('\n')
    const text = `{\n${wrong}\n}`
    const problems = validateQuery(big, text)
    expect(problems.length).toBeGreaterThan(100)
    const notice = problems.find((p) => /Too many validation errors/.test(p.message))
    expect(notice).toMatchObject({ line: 1, column: 1, from: 0, to: 1 })
    // Deterministic: the same input gives the same list.
    expect(validateQuery(big, text)).toEqual(problems)
  })

  it('gives nothing for an invalid schema rather than throwing', () => {
    const invalid = buildSchema('type Query { a: Int } interface I { x: Int } type T implements I { y: Int }', { assumeValid: true })
    expect(() => validateQuery(invalid, '{ a }')).not.toThrow()
    expect(validateQuery(invalid, '{ a }')).toEqual([])
  })
})
