import fc from 'fast-check'
import { buildSchema, getVariableValues, Kind, parse, type OperationDefinitionNode } from 'graphql'
import { describe, expect, it } from 'vitest'
import { variableSkeleton } from './skeleton'
import { validateVariables } from './validate-variables'
import { buildGraphQLRequest } from '../request/build'

const schema = buildSchema(`
  enum Order { ASC DESC }
  input Range { from: Int!, to: Int }
  input Filter { text: String!, order: Order = ASC, tags: [String!], range: Range }
  input Pick @oneOf { id: ID, slug: String }
  type Query { f(a: Filter, p: Pick, id: ID, n: Int): Int }
`)
const QUERY = 'query Q($a: Filter!, $id: ID!, $n: Int = 3, $p: Pick) { f(a: $a, id: $id, n: $n, p: $p) }'

/** The text under each problem's range, to check locations by content rather than by numbers only. */
const under = (text: string, p: { from: number; to: number }): string => text.slice(p.from, p.to)

describe('validateVariables', () => {
  it('accepts valid variables, and defaults standing in for missing ones', () => {
    expect(validateVariables(schema, QUERY, 'Q', '{"a": {"text": "x"}, "id": 5}')).toEqual([])
    expect(validateVariables(schema, QUERY, undefined, '{"a": {"text": "x", "order": "DESC", "tags": []}, "id": "1", "n": null}')).toEqual([])
  })

  it('flags a missing required variable at the opening brace', () => {
    const text = '\n  {\n  "a": {"text": "x"}\n}'
    const [problem, ...rest] = validateVariables(schema, QUERY, 'Q', text)
    expect(rest).toEqual([])
    expect(problem).toMatchObject({ path: [], line: 2, column: 3, severity: 'error' })
    expect(problem?.message).toBe('Variable "$id" of required type "ID!" was not provided.')
  })

  it('treats blank text as {}', () => {
    const problems = validateVariables(schema, QUERY, 'Q', '   ')
    expect(problems.map((p) => p.message)).toEqual([
      'Variable "$a" of required type "Filter!" was not provided.',
      'Variable "$id" of required type "ID!" was not provided.',
    ])
    expect(problems[0]).toMatchObject({ line: 1, column: 1, from: 0, to: 1 })
    expect(validateVariables(schema, QUERY, 'Q', '')[0]).toMatchObject({ line: 1, column: 1, from: 0, to: 0 })
  })

  it('locates wrong values inside input objects and lists', () => {
    const text = `{
  "id": "1",
  "a": {
    "text": "x",
    "tags": ["ok", 7],
    "order": "SIDEWAYS",
    "range": {"from": "soon"}
  }
}`
    const problems = validateVariables(schema, QUERY, 'Q', text)
    expect(problems.map((p) => [p.path, p.line, p.column, under(text, p)])).toEqual([
      [['a', 'tags', 1], 5, 20, '7'],
      [['a', 'order'], 6, 14, '"SIDEWAYS"'],
      [['a', 'range', 'from'], 7, 23, '"soon"'],
    ])
    expect(problems[0]?.message).toBe('$a.tags[1]: String cannot represent a non string value: 7')
    expect(problems[1]?.message).toMatch(/^\$a\.order: Value "SIDEWAYS" does not exist in "Order" enum/)
  })

  it('locates a missing required input field at its object, an unknown field at its key', () => {
    const text = '{"id": "1", "a": {"txt": "x"}}'
    const problems = validateVariables(schema, QUERY, 'Q', text)
    expect(problems.map((p) => [p.path, under(text, p)])).toEqual([
      [['a'], '{"txt": "x"}'],
      [['a', 'txt'], '"txt"'],
    ])
    expect(problems[0]?.message).toBe('$a: Expected value of type "Filter" to include required field "text".')
    expect(problems[1]?.message).toMatch(/unknown field "txt"/)
  })

  it('flags null for a non-null variable and @oneOf violations', () => {
    const text = '{"id": null, "a": {"text": ""}, "p": {"id": "1", "slug": "s"}}'
    const problems = validateVariables(schema, QUERY, 'Q', text)
    expect(problems.map((p) => [p.path, under(text, p)])).toEqual([
      [['id'], 'null'],
      [['p'], '{"id": "1", "slug": "s"}'],
    ])
  })

  it('warns about variables the operation does not declare', () => {
    const text = '{"id": "1", "a": {"text": ""},\n "extra": 1}'
    const [warning] = validateVariables(schema, QUERY, 'Q', text)
    expect(warning).toMatchObject({ severity: 'warning', path: ['extra'], line: 2, column: 2 })
    expect(under(text, warning!)).toBe('"extra"')
  })

  it('says of an undeclared variable what Send says (buildGraphQLRequest leaves it out): the editor keeps one message', () => {
    const text = '{"id": "1", "a": {"text": ""},\n "extra": 1}'
    const [warning] = validateVariables(schema, QUERY, 'Q', text)
    const built = buildGraphQLRequest({ endpoint: 'https://api.example.com/graphql', query: QUERY, operationName: 'Q', variables: text })
    expect(built.warnings).toEqual([{ field: 'variables', line: 2, column: 2, message: warning?.message }])
    expect(warning?.message).toBe('"extra" is not a variable of operation "Q", so it is not sent (declare $extra in the signature to use it).')
    expect(JSON.parse(built.body).variables).not.toHaveProperty('extra')
  })

  it('locates JSON syntax errors and non-object variables', () => {
    const [syntax] = validateVariables(schema, QUERY, 'Q', '{\n  "id": \'1\'\n}')
    expect(syntax).toMatchObject({ line: 2, column: 9, path: [] })
    expect(syntax?.message).toMatch(/double quotes/)
    const [array] = validateVariables(schema, QUERY, 'Q', ' [1]')
    expect(array).toMatchObject({ line: 1, column: 2, from: 1, to: 4 })
    const [end] = validateVariables(schema, QUERY, 'Q', '{"id": ')
    expect(end!.to).toBeLessThanOrEqual(7)
  })

  it('leaves documents that do not parse, unknown operations and unknown types to the query lint', () => {
    expect(validateVariables(schema, 'query (', undefined, '{"x": 1}')).toEqual([])
    expect(validateVariables(schema, QUERY, 'Other', '{}')).toEqual([])
    expect(validateVariables(schema, 'query ($u: Unknown!) { f }', undefined, '{"u": 1}')).toEqual([])
  })

  it('accepts every skeleton it generates once required leaves are filled', () => {
    const text = variableSkeleton(QUERY, 'Q', schema)
    expect(validateVariables(schema, QUERY, 'Q', text)).toEqual([])
  })

  it('agrees with graphql-js getVariableValues on whether variables are valid', () => {
    const operation = parse(QUERY).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!
    const leaf = fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.boolean(), fc.constant(null), fc.constantFrom('ASC', 'DESC'))
    const value = fc.letrec((tie) => ({
      v: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('v'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('text', 'order', 'tags', 'range', 'from', 'to', 'id', 'slug', 'x'), tie('v'), { maxKeys: 3 })),
    })).v
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('a', 'id', 'n', 'p'), value, { maxKeys: 4 }), (variables) => {
        const ours = validateVariables(schema, QUERY, 'Q', JSON.stringify(variables)).filter((p) => p.severity === 'error')
        const theirs = getVariableValues(schema, operation.variableDefinitions ?? [], variables)
        expect(ours.length === 0).toBe(theirs.errors === undefined)
        if (theirs.errors) expect(ours.length).toBe(theirs.errors.length)
      }),
      { numRuns: 200 },
    )
  })
})
