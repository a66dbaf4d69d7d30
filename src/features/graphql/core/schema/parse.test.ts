import { buildSchema, introspectionFromSchema, printSchema } from 'graphql'
import { describe, expect, it } from 'vitest'
import { SchemaInputError } from './errors'
import { parseSchemaInput, schemaFromIntrospection, schemaFromSDL, schemaWarnings } from './parse'
import { validateQuery } from './validate-query'

const SDL = `"""A user."""
type User { id: ID!, name: String @deprecated(reason: "use login"), login: String! }
enum Role { ADMIN MEMBER }
type Query { user(id: ID!): User, role: Role }
`

function thrown(fn: () => unknown): SchemaInputError {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(SchemaInputError)
    return error as SchemaInputError
  }
  throw new Error('expected a SchemaInputError')
}

describe('schemaFromSDL', () => {
  it('builds a schema', () => {
    const schema = schemaFromSDL(SDL)
    expect(schema.getQueryType()?.name).toBe('Query')
    expect(schema.getType('User')?.description).toBe('A user.')
  })
  it('locates syntax errors', () => {
    const error = thrown(() => schemaFromSDL('type Query {\n  a: Int\n  b Int\n}'))
    expect(error.code).toBe('sdl-syntax')
    expect([error.line, error.column]).toEqual([3, 5])
    expect(error.message).not.toMatch(/^Syntax Error/)
  })
  it('locates unknown types', () => {
    const error = thrown(() => schemaFromSDL('type Query {\n  a: Missing\n}'))
    expect(error.code).toBe('sdl-invalid')
    expect(error.message).toContain('Missing')
    expect([error.line, error.column]).toEqual([2, 6])
  })
  it('uses a schema that builds but breaks type-system rules, with the problems as located warnings', () => {
    const schema = schemaFromSDL('type Foo { a: Int }\ninterface I { x: Int }\ntype Query implements I { y: Int }')
    expect(schema.getQueryType()?.name).toBe('Query')
    const warnings = schemaWarnings(schema)
    expect(warnings.map((w) => w.message)).toEqual(['Interface field I.x expected but Query does not provide it.'])
    expect([warnings[0]?.line, warnings[0]?.column]).toEqual([2, 15])
    // Marked valid: checking a query against it gives the query's problems instead of throwing.
    expect(validateQuery(schema, '{ y zz }').map((p) => p.message)).toEqual(['Cannot query field "zz" on type "Query".'])
  })
  it('keeps SDL rule breaches that still build as warnings (a field defined twice)', () => {
    const schema = schemaFromSDL('type Query {\n  a: Int\n  a: Int\n}')
    expect(schemaWarnings(schema)).toEqual([{ message: 'Field "Query.a" can only be defined once.', line: 2, column: 3 }])
  })
  it('gives no warnings for a valid schema', () => {
    expect(schemaWarnings(schemaFromSDL(SDL))).toEqual([])
  })
  it('rejects empty text', () => {
    expect(thrown(() => schemaFromSDL('  \n')).code).toBe('empty')
  })
})

describe('schemaFromIntrospection', () => {
  const introspection = introspectionFromSchema(buildSchema(SDL))

  it('accepts {__schema} and {data: {__schema}}, as objects and as text', () => {
    for (const input of [introspection, { data: introspection }, JSON.stringify(introspection), JSON.stringify({ data: introspection }, null, 2)]) {
      const schema = schemaFromIntrospection(input)
      expect(printSchema(schema)).toBe(printSchema(buildSchema(SDL)))
    }
  })
  it('keeps deprecations and descriptions', () => {
    const user = schemaFromIntrospection({ data: introspection }).getType('User')
    expect(user?.description).toBe('A user.')
    expect(user && 'getFields' in user ? user.getFields().name?.deprecationReason : undefined).toBe('use login')
  })
  it('reports a response with errors and no data as introspection-errors, located at "errors"', () => {
    const text = '{\n  "errors": [{"message": "Introspection is disabled"}],\n  "data": null\n}'
    const error = thrown(() => schemaFromIntrospection(text))
    expect(error.code).toBe('introspection-errors')
    expect(error.message).toContain('Introspection is disabled')
    expect([error.line, error.column]).toEqual([2, 13])
  })
  it('refuses an ofType chain nested thousands of levels with a specific message, not a stack overflow', () => {
    const hostile = structuredClone(introspection) as unknown as { __schema: { types: { name: string; fields?: { type: unknown }[] | null }[] } }
    const query = hostile.__schema.types.find((t) => t.name === 'Query')
    let ref: unknown = { kind: 'SCALAR', name: 'String', ofType: null }
    for (let i = 0; i < 5000; i++) ref = { kind: 'LIST', name: null, ofType: ref }
    if (query?.fields?.[0]) query.fields[0].type = ref
    const error = thrown(() => schemaFromIntrospection(hostile))
    expect(error.code).toBe('introspection-invalid')
    expect(error.message).toMatch(/nests deeper than 200 levels/)
  })
  it('rejects other JSON', () => {
    expect(thrown(() => schemaFromIntrospection({ data: { user: 1 } })).code).toBe('introspection-shape')
    expect(thrown(() => schemaFromIntrospection([1, 2])).code).toBe('introspection-shape')
    expect(thrown(() => schemaFromIntrospection(null)).code).toBe('introspection-shape')
  })
  it('rejects a broken __schema, located at __schema', () => {
    const text = '{"data": {\n  "__schema": {"types": 5}}}'
    const error = thrown(() => schemaFromIntrospection(text))
    expect(error.code).toBe('introspection-invalid')
    expect([error.line, error.column]).toEqual([2, 15])
  })
  it('locates JSON syntax errors', () => {
    const error = thrown(() => schemaFromIntrospection('{\n  "data": {\n    "__schema": {,}\n  }\n}'))
    expect(error.code).toBe('json-syntax')
    expect([error.line, error.column]).toEqual([3, 18])
  })
})

describe('parseSchemaInput', () => {
  it('detects SDL', () => {
    expect(parseSchemaInput(SDL).format).toBe('sdl')
    expect(parseSchemaInput(`"""Docs first."""\nscalar Date\n${SDL}`).format).toBe('sdl')
    expect(parseSchemaInput(`# comment\n${SDL}`).format).toBe('sdl')
  })
  it('detects introspection JSON, both shapes, with a BOM or leading whitespace', () => {
    const introspection = introspectionFromSchema(buildSchema(SDL))
    expect(parseSchemaInput(JSON.stringify(introspection)).format).toBe('introspection')
    expect(parseSchemaInput(`\uFEFF\n  ${JSON.stringify({ data: introspection })}`).format).toBe('introspection')
  })
  it('locates bad input of either kind and keeps columns despite a BOM', () => {
    const json = thrown(() => parseSchemaInput('\uFEFF{"data": {"__schema": tru}}'))
    expect(json.code).toBe('json-syntax')
    expect([json.line, json.column]).toEqual([1, 24])
    const sdl = thrown(() => parseSchemaInput('type Query {\n  ok: Int\n  bad: [Int\n}'))
    expect(sdl.code).toBe('sdl-syntax')
    expect(sdl.line).toBe(4)
  })
  it('rejects empty input', () => {
    expect(thrown(() => parseSchemaInput(' \n\t')).code).toBe('empty')
  })
})
