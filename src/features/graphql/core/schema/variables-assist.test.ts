import { buildSchema, GraphQLString } from 'graphql'
import { describe, expect, it } from 'vitest'
import { variableInfoAt, variableKeysAt, variablesLabel, variableTypeAt, variableValuesFor, type VariablesContext } from './variables-assist'

const schema = buildSchema(`
  enum Order {
    "Smallest first"
    ASC
    DESC @deprecated(reason: "Use ASC and reverse.")
    RANDOM
  }
  input Range { from: Int!, to: Int }
  input Filter {
    "Words to look for"
    text: String!
    order: Order = ASC
    tags: [String!]
    ranges: [Range!]
    exact: Boolean!
  }
  type Query { f(a: Filter, id: ID, n: Int, o: Order): Int }
`)
const QUERY = 'query Q($a: Filter!, $id: ID!, $n: Int = 3, $o: Order, $x: Missing) { f(a: $a, id: $id, n: $n, o: $o) } query R($n: Int) { f(n: $n) }'
const context: VariablesContext = { schema, document: QUERY, operationName: 'Q' }

describe('variableKeysAt', () => {
  it('offers the declared variables at the root, required ones marked, unknown types left out', () => {
    expect(variableKeysAt(context, [])).toEqual([
      { name: 'a', type: 'Filter!', required: true },
      { name: 'id', type: 'ID!', required: true },
      { name: 'n', type: 'Int', required: false },
      { name: 'o', type: 'Order', required: false },
    ])
  })

  it('follows the chosen operation, and the first one without a name', () => {
    expect(variableKeysAt({ ...context, operationName: 'R' }, []).map((k) => k.name)).toEqual(['n'])
    expect(variableKeysAt({ ...context, operationName: undefined }, []).map((k) => k.name)).toEqual(['a', 'id', 'n', 'o'])
  })

  it("offers an input object's fields with descriptions, defaults making a field optional", () => {
    expect(variableKeysAt(context, ['a'])).toEqual([
      { name: 'text', type: 'String!', description: 'Words to look for', required: true },
      { name: 'order', type: 'Order', required: false },
      { name: 'tags', type: '[String!]', required: false },
      { name: 'ranges', type: '[Range!]', required: false },
      { name: 'exact', type: 'Boolean!', required: true },
    ])
  })

  it('reaches objects inside lists by index', () => {
    expect(variableKeysAt(context, ['a', 'ranges', 2]).map((k) => `${k.name}: ${k.type}`)).toEqual(['from: Int!', 'to: Int'])
  })

  it('offers nothing where no object is expected or the query cannot be read', () => {
    expect(variableKeysAt(context, ['id'])).toEqual([])
    expect(variableKeysAt(context, ['a', 'tags'])).toEqual([])
    expect(variableKeysAt(context, ['nope'])).toEqual([])
    expect(variableKeysAt({ ...context, document: 'query {' }, [])).toEqual([])
    expect(variableKeysAt({ ...context, operationName: 'Gone' }, [])).toEqual([])
  })
})

describe('variableTypeAt', () => {
  it('walks variables, fields and list items', () => {
    expect(String(variableTypeAt(context, ['a']))).toBe('Filter!')
    expect(String(variableTypeAt(context, ['a', 'tags']))).toBe('[String!]')
    expect(String(variableTypeAt(context, ['a', 'tags', 0]))).toBe('String!')
    expect(String(variableTypeAt(context, ['a', 'ranges', 1, 'to']))).toBe('Int')
  })

  it('is undefined off the schema', () => {
    expect(variableTypeAt(context, [])).toBeUndefined()
    expect(variableTypeAt(context, [0])).toBeUndefined()
    expect(variableTypeAt(context, ['x'])).toBeUndefined()
    expect(variableTypeAt(context, ['a', 'nope', 'deeper'])).toBeUndefined()
    expect(variableTypeAt(context, ['a', 'text', 0])).toBeUndefined()
    expect(variableTypeAt(context, ['a', 'tags', 'x'])).toBeUndefined()
  })
})

describe('variableValuesFor', () => {
  it('offers enum values as JSON strings, deprecated last, then null when nullable', () => {
    expect(variableValuesFor(variableTypeAt(context, ['o'])!)).toEqual([
      { json: '"ASC"', description: 'Smallest first' },
      { json: '"RANDOM"' },
      { json: '"DESC"', deprecationReason: 'Use ASC and reverse.' },
      { json: 'null' },
    ])
  })

  it('offers booleans, and no null for a non-null type', () => {
    expect(variableValuesFor(variableTypeAt(context, ['a', 'exact'])!)).toEqual([{ json: 'true' }, { json: 'false' }])
  })

  it('offers only null for open-ended scalars, nothing when non-null', () => {
    expect(variableValuesFor(GraphQLString)).toEqual([{ json: 'null' }])
    expect(variableValuesFor(variableTypeAt(context, ['id'])!)).toEqual([])
  })
})

describe('variableInfoAt', () => {
  it('names a key in the user terms with its type and description', () => {
    expect(variableInfoAt(context, ['id'])).toEqual({ label: '$id', type: 'ID!' })
    expect(variableInfoAt(context, ['a', 'text'])).toEqual({ label: '$a.text', type: 'String!', description: 'Words to look for' })
    expect(variableInfoAt(context, ['a', 'ranges', 0, 'from'])).toEqual({ label: '$a.ranges[0].from', type: 'Int!' })
  })

  it('is undefined for the root, an index, or an undeclared key', () => {
    expect(variableInfoAt(context, [])).toBeUndefined()
    expect(variableInfoAt(context, ['a', 'tags', 0])).toBeUndefined()
    expect(variableInfoAt(context, ['zzz'])).toBeUndefined()
  })
})

describe('variablesLabel', () => {
  it('spells paths as validateVariables messages do', () => {
    expect(variablesLabel(['input', 'tags', 1, 'name'])).toBe('$input.tags[1].name')
    expect(variablesLabel([])).toBe('')
  })
})
