import { buildSchema } from 'graphql'
import { describe, expect, it } from 'vitest'
import { MAX_NESTING } from '../../../../shared/core/nesting'
import { validateQuery } from '../schema/validate-query'
import { mergeVariableSkeleton } from '../schema/merge-skeleton'
import { parseSchemaInput } from '../schema/parse'
import { SchemaInputError } from '../schema/errors'
import { variableSkeleton } from '../schema/skeleton'
import { decodeShareFragment, encodeShareFragment } from '../share/share'
import { analyzeDocument } from './analyze'
import { buildGraphQLRequest } from './build'
import { GraphQLInputError } from './errors'
import { prettifyQuery } from './prettify'

// A 75-character share link holding {a{a{a…}}} nested ~2,000+ levels threw
// "RangeError: Maximum call stack size exceeded" in analysis, prettify and request building.
const nested = (levels: number) => '{a'.repeat(levels) + '}'.repeat(levels)
const DEEP = nested(2_500)
const SCHEMA = buildSchema('type Query { a: Query, b: String }')
const NEST_MESSAGE = `The document nests deeper than ${MAX_NESTING} levels here; the page stops reading it so it stays responsive. Flatten it or check where it came from.`

describe('a query nested 2,500 levels is refused with a located error, never a RangeError', () => {
  it('analysis', () => {
    expect(analyzeDocument(DEEP)).toEqual({ operations: [], fragments: [], errors: [{ message: NEST_MESSAGE, line: 1, column: 2 * MAX_NESTING + 1 }] })
  })

  it('prettify leaves the text alone and says where', async () => {
    expect(await prettifyQuery(DEEP)).toMatchObject({ ok: false, reason: 'syntax', message: NEST_MESSAGE, line: 1, column: 401 })
  })

  it('request building throws the located input error at the query field', () => {
    const build = () => buildGraphQLRequest({ endpoint: 'https://api.example.test/graphql', query: DEEP })
    expect(build).toThrow(GraphQLInputError)
    expect(build).toThrow(expect.objectContaining({ field: 'query', line: 1, column: 401, message: expect.stringContaining('nests deeper than 200 levels') }))
  })

  it('schema validation, the variable skeleton and a deep list type in SDL', () => {
    expect(validateQuery(SCHEMA, DEEP)).toEqual([])
    expect(() => variableSkeleton(DEEP, undefined, SCHEMA)).toThrow(GraphQLInputError)
    const sdl = `type Query { a: ${'['.repeat(3_000)}Int${']'.repeat(3_000)} }`
    expect(() => parseSchemaInput(sdl)).toThrow(SchemaInputError)
    expect(() => parseSchemaInput(sdl)).toThrow(expect.objectContaining({ code: 'sdl-syntax', line: 1, column: 16 + MAX_NESTING }))
  })

  it('the share link (under 90 characters) decodes: the receiver sees the text, and analysis says why it stops', async () => {
    const fragment = await encodeShareFragment({ endpoint: 'http://a.test', query: DEEP })
    expect(fragment.length).toBeLessThan(90)
    const shared = await decodeShareFragment(fragment)
    expect(shared.query).toBe(DEEP)
    expect(analyzeDocument(shared.query).errors).toHaveLength(1)
  })

  it('variables nested 5,000 levels are refused where they nest too deep', () => {
    const deep = `{"a": ${'['.repeat(5_000)}${']'.repeat(5_000)}}`
    const build = () => buildGraphQLRequest({ endpoint: 'https://api.example.test/graphql', query: '{ b }', variables: deep })
    expect(build).toThrow(expect.objectContaining({ field: 'variables', line: 1, column: 7 + MAX_NESTING - 1 }))
    expect(mergeVariableSkeleton('{"b": null}', deep)).toMatchObject({ ok: false, line: 1, column: 7 + MAX_NESTING - 1 })
  })
})

describe('real depth still works up to the limit', () => {
  it(`a query nested ${MAX_NESTING} levels analyses, prettifies, validates and builds`, async () => {
    const query = `{${'a{'.repeat(MAX_NESTING - 2)}b${'}'.repeat(MAX_NESTING - 1)}`
    expect(analyzeDocument(query).errors).toEqual([])
    expect((await prettifyQuery(query)).ok).toBe(true)
    expect(validateQuery(SCHEMA, query)).toEqual([])
    expect(buildGraphQLRequest({ endpoint: 'https://api.example.test/graphql', query }).body).toContain('{a{')
  })
})

describe('numbers in variables are sent exactly as typed', () => {
  const build = (variables: string) => buildGraphQLRequest({ endpoint: 'https://api.example.test/graphql', query: 'query Q($a: Float, $id: ID) { b }', variables })

  it('{"a": 1e999} is sent as 1e999, not null, with a located note', () => {
    const built = build('{"a": 1e999}')
    expect(built.body).toBe('{"query":"query Q($a: Float, $id: ID) { b }","variables":{"a": 1e999},"operationName":"Q"}')
    expect(built.warnings).toContainEqual({
      field: 'variables',
      message: '1e999 is beyond what JavaScript numbers hold; the variables are sent exactly as typed, so the server gets 1e999.',
      line: 1,
      column: 7,
    })
  })

  it('an ID above 2^53 keeps every digit', () => {
    const built = build('{\n  "id": 12345678901234567890\n}')
    expect(built.body).toContain('"variables":{\n  "id": 12345678901234567890\n}')
    expect(built.warnings?.[0]).toMatchObject({ field: 'variables', line: 2, column: 9 })
  })

  it('exact numbers are re-serialized compactly as before', () => {
    expect(build('{ "a": 1.5, "id": 9007199254740991 }').body).toContain('"variables":{"a":1.5,"id":9007199254740991}')
  })
})
