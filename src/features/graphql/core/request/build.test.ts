import { describe, expect, it } from 'vitest'
import { type GraphQLRequestInput, DEFAULT_ACCEPT, buildGraphQLRequest } from './build'
import { GraphQLInputError } from './errors'

const endpoint = 'https://api.example.com/graphql'
const query = 'query User($id: ID!) { user(id: $id) { name } }'

/** The input error thrown for `input`, as plain fields. */
function errorOf(input: Partial<GraphQLRequestInput>, options: Parameters<typeof buildGraphQLRequest>[1] = {}) {
  try {
    buildGraphQLRequest({ endpoint, query: '{ a }', ...input }, options)
  } catch (error) {
    expect(error).toBeInstanceOf(GraphQLInputError)
    const e = error as GraphQLInputError
    return { field: e.field, code: e.code, line: e.line, column: e.column, message: e.message, related: e.related }
  }
  throw new Error('expected a GraphQLInputError')
}

describe('buildGraphQLRequest: the wire request', () => {
  it('builds a spec request with default Content-Type and Accept', () => {
    const built = buildGraphQLRequest({ endpoint, query, variables: '{"id": "1"}', headers: 'Authorization: Bearer abc' })
    expect(built).toEqual({
      url: endpoint,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: DEFAULT_ACCEPT, Authorization: 'Bearer abc' },
      body: JSON.stringify({ query, variables: { id: '1' }, operationName: 'User' }),
      operationName: 'User',
      warnings: [],
    })
  })

  it('sends variables {} when empty and no operationName for a lone anonymous operation', () => {
    for (const variables of [undefined, '', '  \n', {}]) {
      const built = buildGraphQLRequest({ endpoint, query: '{ a }', ...(variables === undefined ? {} : { variables }) })
      expect(JSON.parse(built.body)).toEqual({ query: '{ a }', variables: {} })
      expect(built.operationName).toBeUndefined()
    }
  })

  it('never duplicates Content-Type or Accept whatever case the user typed', () => {
    const built = buildGraphQLRequest({ endpoint, query: '{ a }', headers: 'content-TYPE: application/json; charset=utf-8\naccept: application/json' })
    expect(built.headers).toEqual({ 'content-TYPE': 'application/json; charset=utf-8', accept: 'application/json' })
    expect(built.warnings).toEqual([])
  })

  it('warns, without blocking, about a non-JSON Content-Type and forbidden headers; a subscription is no warning (it streams)', () => {
    const built = buildGraphQLRequest({ endpoint, query: 'subscription S { e }', headers: '{"Content-Type": "text/plain", "Cookie": "a=1"}' })
    expect(built.headers['Content-Type']).toBe('text/plain')
    expect(built.warnings).toEqual([
      { field: 'headers', line: 1, column: 3, message: expect.stringContaining('415') },
      { field: 'headers', line: 1, column: 33, message: expect.stringContaining('"Cookie"') },
    ])
  })

  it('warns about undeclared variables and does not send them', () => {
    const built = buildGraphQLRequest({ endpoint, query, variables: '{"id": "1",\n "extra": 2}' })
    expect(built.warnings).toEqual([{ field: 'variables', line: 2, column: 2, message: '"extra" is not a variable of operation "User", so it is not sent (declare $extra in the signature to use it).' }])
    expect(JSON.parse(built.body).variables).toEqual({ id: '1' })
  })

  it('sends no variables of the previous query once the query declares none', () => {
    const built = buildGraphQLRequest({ endpoint, query: '{ viewer { login } }', variables: '{\n  "id": "2"\n}' })
    expect(built.body).toBe('{"query":"{ viewer { login } }","variables":{}}')
  })

  it('keeps a 64-bit integer as typed while leaving undeclared variables out', () => {
    const built = buildGraphQLRequest({
      endpoint,
      query: 'query Q($n: BigInt, $s: String) { a(n: $n, s: $s) }',
      variables: '{ "old" : [1, {"x": 2}] ,\n  "n" : 9007199254740993 ,\n "s": "a,}" , "gone": 1e999 }',
    })
    expect(built.body).toBe('{"query":"query Q($n: BigInt, $s: String) { a(n: $n, s: $s) }","variables":{"n":9007199254740993,"s":"a,}"},"operationName":"Q"}')
  })

  it('selects the chosen operation among several and sends its name', () => {
    const built = buildGraphQLRequest({ endpoint, query: 'query A { a }\nquery B($x: Int!) { b(x: $x) }', operationName: 'B', variables: { x: 1 } })
    expect(JSON.parse(built.body)).toEqual({ query: 'query A { a }\nquery B($x: Int!) { b(x: $x) }', variables: { x: 1 }, operationName: 'B' })
  })

  it('accepts headers as an object, JSON text or lines (with comments), trimming values', () => {
    const expected = { 'Content-Type': 'application/json', Accept: DEFAULT_ACCEPT, 'X-A': '1', 'X-B': 'two words' }
    expect(buildGraphQLRequest({ endpoint, query: '{ a }', headers: { 'X-A': '1', 'X-B': ' two words ' } }).headers).toEqual(expected)
    expect(buildGraphQLRequest({ endpoint, query: '{ a }', headers: '  {"X-A": 1, "X-B": "two words"}' }).headers).toEqual(expected)
    expect(buildGraphQLRequest({ endpoint, query: '{ a }', headers: '# auth\r\nX-A:1\r\n\r\n// note\nX-B :  two words  ' }).headers).toEqual(expected)
  })

  it('normalises the URL and drops the fragment, which is never sent', () => {
    expect(buildGraphQLRequest({ endpoint: '  HTTPS://API.Example.com/graphql#x ', query: '{ a }' }).url).toBe(endpoint)
  })

  it('allows http to loopback from an https page, and mixed content when explicitly allowed', () => {
    const pageOrigin = 'https://workbench.example'
    expect(buildGraphQLRequest({ endpoint: 'http://localhost:4000/graphql', query: '{ a }' }, { pageOrigin }).url).toBe('http://localhost:4000/graphql')
    expect(buildGraphQLRequest({ endpoint: 'http://api.example.com/', query: '{ a }' }, { pageOrigin, allowMixedContent: true }).url).toBe(
      'http://api.example.com/',
    )
  })
})

describe('buildGraphQLRequest: located input errors', () => {
  it('endpoint', () => {
    expect(errorOf({ endpoint: '  ' })).toMatchObject({ field: 'endpoint', code: 'endpoint-empty', line: 1, column: 1 })
    expect(errorOf({ endpoint: 'https://api.example.com/graph ql' })).toMatchObject({ code: 'endpoint-invalid', line: 1, column: 30 })
    expect(errorOf({ endpoint: 'api.example.com/graphql' })).toMatchObject({
      code: 'endpoint-invalid',
      column: 1,
      message: expect.stringContaining('https://api.example.com/graphql'),
    })
    expect(errorOf({ endpoint: 'localhost:4000/graphql' })).toMatchObject({ code: 'endpoint-scheme', message: expect.stringContaining('http://localhost:4000/graphql') })
    expect(errorOf({ endpoint: 'ftp://a.example/' })).toMatchObject({ code: 'endpoint-scheme', line: 1, column: 1 })
    expect(errorOf({ endpoint: ' https://me:pw@a.example/' })).toMatchObject({ code: 'endpoint-credentials', line: 1, column: 10 })
    expect(errorOf({ endpoint: 'http://api.example.com/graphql' }, { pageOrigin: 'https://workbench.example' })).toMatchObject({
      field: 'endpoint',
      code: 'mixed-content',
      line: 1,
      column: 1,
    })
  })

  it('query syntax, emptiness and operations', () => {
    expect(errorOf({ query: ' ' })).toMatchObject({ field: 'query', code: 'query-empty', line: 1, column: 1 })
    expect(errorOf({ query: '{\n  user(id: )\n}' })).toMatchObject({
      field: 'query',
      code: 'query-syntax',
      line: 2,
      column: 12,
      message: 'Syntax error: Unexpected ")".',
    })
    expect(errorOf({ query: 'fragment F on T { a }' })).toMatchObject({ code: 'query-no-operation', line: 1, column: 1 })
    expect(errorOf({ query: 'query A { a }\n\n  query B { b }' })).toMatchObject({
      field: 'query',
      code: 'operation-ambiguous',
      line: 3,
      column: 3,
      message: expect.stringContaining('A, B'),
    })
    expect(errorOf({ query: 'query A { a }\n{ b }' })).toMatchObject({ code: 'operation-anonymous', line: 2, column: 1 })
    expect(errorOf({ query: 'query A { a }\nmutation A { b }', operationName: 'A' })).toMatchObject({ code: 'operation-duplicate', line: 2, column: 1 })
    expect(errorOf({ query: 'query A { a }\nquery B { b }', operationName: 'C' })).toMatchObject({
      field: 'operationName',
      code: 'operation-unknown',
      message: expect.stringContaining('A, B'),
    })
  })

  it('variables that are not a JSON object', () => {
    expect(errorOf({ variables: '{\n  "id": 1,\n}' })).toMatchObject({ field: 'variables', code: 'variables-syntax', line: 3, column: 1 })
    expect(errorOf({ variables: "{'id': 1}" })).toMatchObject({ code: 'variables-syntax', line: 1, column: 2 })
    expect(errorOf({ variables: '\n  [1, 2]' })).toMatchObject({ code: 'variables-not-object', line: 2, column: 3, message: expect.stringContaining('an array') })
    expect(errorOf({ variables: 'null' })).toMatchObject({ code: 'variables-not-object', line: 1, column: 1 })
    expect(errorOf({ variables: '"x"' })).toMatchObject({ code: 'variables-not-object', message: expect.stringContaining('a string') })
    expect(errorOf({ variables: [] as unknown as Record<string, unknown> })).toMatchObject({ code: 'variables-not-object' })
  })

  it('required variables missing or null, pointing at the declaration too', () => {
    expect(errorOf({ query, variables: '  {\n}' })).toMatchObject({
      field: 'variables',
      code: 'variable-missing',
      line: 1,
      column: 3,
      related: { field: 'query', line: 1, column: 12 },
      message: expect.stringContaining('$id (ID!)'),
    })
    expect(errorOf({ query })).toMatchObject({ code: 'variable-missing', line: undefined })
    expect(errorOf({ query, variables: '{\n  "id": null\n}' })).toMatchObject({ code: 'variable-null', line: 2, column: 9 })
    // Optional or defaulted variables may be left out.
    expect(() => buildGraphQLRequest({ endpoint, query: 'query Q($a: Int, $b: Int! = 1) { f(a: $a, b: $b) }' })).not.toThrow()
  })

  it('headers: syntax, names, values and duplicates', () => {
    expect(errorOf({ headers: 'Authorization Bearer x' })).toMatchObject({ field: 'headers', code: 'headers-syntax', line: 1, column: 1 })
    expect(errorOf({ headers: 'X-A: 1\n  : x' })).toMatchObject({ code: 'headers-syntax', line: 2, column: 3, message: expect.stringContaining('pseudo-headers') })
    expect(errorOf({ headers: 'X-A: 1\n  X Api: x' })).toMatchObject({ code: 'header-name', line: 2, column: 3 })
    expect(errorOf({ headers: 'X-A: 5 €' })).toMatchObject({ code: 'header-value', line: 1, column: 1, message: expect.stringContaining('€') })
    expect(errorOf({ headers: '{"X-A": "a\\r\\nInjected: 1"}' })).toMatchObject({ code: 'header-value', line: 1, column: 3, message: expect.stringContaining('line breaks') })
    expect(errorOf({ headers: '{\n "X-A": {"nested": 1}}' })).toMatchObject({ code: 'header-value', line: 2, column: 9 })
    expect(errorOf({ headers: '{\n "Bad Name": "x"}' })).toMatchObject({ code: 'header-name', line: 2, column: 3 })
    expect(errorOf({ headers: '{"X-A": "1",\n "X-A": "2"}' })).toMatchObject({ code: 'header-duplicate', line: 2, column: 3 })
    expect(errorOf({ headers: 'X-A: 1\nx-a: 2' })).toMatchObject({ code: 'header-duplicate', line: 2, column: 1 })
    expect(errorOf({ headers: '{"X-A": 1,}' })).toMatchObject({ code: 'headers-syntax', line: 1, column: 11 })
    expect(errorOf({ headers: { 'X A': '1' } })).toMatchObject({ code: 'header-name', line: undefined })
    expect(errorOf({ headers: { 'X-A': 'a\nb' } })).toMatchObject({ code: 'header-value' })
  })
})
