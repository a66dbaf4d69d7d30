import { buildSchema, parse } from 'graphql'
import { describe, expect, it } from 'vitest'
import { GraphQLInputError } from '../request/errors'
import { variableSkeleton } from './skeleton'

const schema = buildSchema(`
  scalar DateTime
  enum Order { OLD @deprecated(reason: "no") ASC DESC }
  enum Empty { ONLY }
  input Range { from: DateTime!, to: DateTime }
  input Filter {
    text: String!
    order: Order = DESC
    limit: Int = 10
    tags: [String!]!
    range: Range!
    optionalRange: Range
    note: String
    self: Filter
  }
  input Pick @oneOf { id: ID, slug: String }
  type Query { f(a: Filter, p: Pick, o: Order, e: Empty, d: DateTime, b: Boolean, fl: Float): Int }
`)

const skeleton = (query: string, options?: Parameters<typeof variableSkeleton>[3], operationName?: string): unknown =>
  JSON.parse(variableSkeleton(query, operationName, schema, options))

describe('variableSkeleton without a schema', () => {
  it('fills built-in scalars by type', () => {
    expect(variableSkeleton('query ($id: ID!) { f }')).toBe('{\n  "id": ""\n}')
    expect(JSON.parse(variableSkeleton('query ($s: String!, $i: Int!, $f: Float!, $b: Boolean!, $l: [Int!]!) { f }'))).toEqual({
      s: '',
      i: 0,
      f: 0,
      b: false,
      l: [],
    })
  })
  it('uses null for types it cannot know', () => {
    expect(JSON.parse(variableSkeleton('query ($x: Filter!, $o: Order!) { f }'))).toEqual({ x: null, o: null })
  })
  it('respects defaults and omits optional variables', () => {
    expect(JSON.parse(variableSkeleton('query ($n: Int = 5, $o: Order = ASC, $l: [Int] = [1, 2], $maybe: String, $in: Filter = {text: "t"}) { f }'))).toEqual({
      n: 5,
      o: 'ASC',
      l: [1, 2],
      in: { text: 't' },
    })
  })
  it('includes optional variables on request', () => {
    expect(JSON.parse(variableSkeleton('query ($maybe: String, $list: [ID]) { f }', undefined, undefined, { includeOptional: true }))).toEqual({ maybe: '', list: [] })
  })
  it('gives {} for no variables, no operation, or a parsed document', () => {
    expect(variableSkeleton('{ f }')).toBe('{}')
    expect(variableSkeleton('fragment F on Query { f }')).toBe('{}')
    expect(variableSkeleton(parse('query Q($id: ID!) { f }'))).toBe('{\n  "id": ""\n}')
  })
  it('picks the named operation, the first by default', () => {
    const doc = 'query A($a: Int!) { f } query B($b: String!) { f }'
    expect(JSON.parse(variableSkeleton(doc, 'B'))).toEqual({ b: '' })
    expect(JSON.parse(variableSkeleton(doc))).toEqual({ a: 0 })
  })
  it('throws the tester error type for bad documents and unknown operations', () => {
    expect(() => variableSkeleton('query ($id: ID!) {')).toThrow(GraphQLInputError)
    expect(() => variableSkeleton('query ($id: ID!) {')).toThrow(expect.objectContaining({ code: 'query-syntax', line: 1, column: 19 }))
    expect(() => variableSkeleton('query A { f }', 'Nope')).toThrow(expect.objectContaining({ code: 'operation-unknown', field: 'operationName' }))
  })
})

describe('variableSkeleton with a schema', () => {
  it('expands input objects one level: required fields, defaults, nested inputs as {}', () => {
    expect(skeleton('query ($a: Filter!) { f(a: $a) }')).toEqual({
      a: { text: '', order: 'DESC', limit: 10, tags: [], range: {} },
    })
  })
  it('expands deeper and includes optional fields when asked', () => {
    expect(skeleton('query ($a: Filter!) { f(a: $a) }', { depth: 2 })).toEqual({
      a: { text: '', order: 'DESC', limit: 10, tags: [], range: { from: '' } },
    })
    const full = skeleton('query ($a: Filter!) { f(a: $a) }', { depth: 2, includeOptional: true }) as { a: Record<string, unknown> }
    expect(full.a).toMatchObject({ note: '', optionalRange: { from: '', to: '' }, self: {} })
  })
  it('gives enums their first non-deprecated value and custom scalars ""', () => {
    expect(skeleton('query ($o: Order!, $e: Empty!, $d: DateTime!, $b: Boolean!, $f: Float!) { f }')).toEqual({ o: 'ASC', e: 'ONLY', d: '', b: false, f: 0 })
  })
  it('gives a @oneOf input only its first field', () => {
    expect(skeleton('query ($p: Pick!) { f(p: $p) }')).toEqual({ p: { id: '' } })
  })
  it('keeps lists of input objects as []', () => {
    expect(skeleton('query ($l: [Filter!]!) { f }')).toEqual({ l: [] })
  })
  it('omits optional variables, keeps defaults', () => {
    expect(skeleton('query ($a: Filter, $o: Order = DESC) { f(a: $a, o: $o) }')).toEqual({ o: 'DESC' })
  })
  it('falls back to the no-schema rules for types the schema lacks', () => {
    expect(skeleton('query ($u: Unknown!, $s: String!) { f }')).toEqual({ u: null, s: '' })
  })
})
