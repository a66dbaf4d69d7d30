import { buildSchema, graphqlSync, parse } from 'graphql'
import { describe, expect, it } from 'vitest'
import { INTROSPECTION_OPERATION_NAME, introspectionRequestBody, shouldRetryLegacyIntrospection } from './introspection'
import { schemaFromIntrospection } from './parse'

describe('introspectionRequestBody', () => {
  it('asks for descriptions, deprecations, specifiedByURL and input value deprecation', () => {
    const { query, operationName } = introspectionRequestBody()
    expect(operationName).toBe(INTROSPECTION_OPERATION_NAME)
    expect(() => parse(query)).not.toThrow()
    expect(query).toContain('description')
    expect(query).toContain('deprecationReason')
    expect(query).toContain('specifiedByURL')
    expect(query).toMatch(/args\(includeDeprecated: true\)/)
    expect(query).toMatch(/inputFields\(includeDeprecated: true\)/)
    expect(query).toContain('isOneOf')
  })

  it('has a legacy variant without the newer fields', () => {
    const { query } = introspectionRequestBody({ legacy: true })
    expect(query).toContain('description')
    expect(query).toContain('deprecationReason')
    expect(query).not.toContain('specifiedByURL')
    expect(query).not.toContain('isOneOf')
    expect(query).not.toMatch(/args\(includeDeprecated/)
  })

  it('round-trips a schema through graphql-js execution, deprecated arguments included', () => {
    const sdl = `
      scalar Url @specifiedBy(url: "https://url.spec.whatwg.org/")
      input Filter @oneOf { id: ID, name: String }
      type Query {
        "Finds things."
        find(filter: Filter, old: Int @deprecated(reason: "gone")): [String] @deprecated(reason: "use search")
        home: Url
      }`
    const result = graphqlSync({ schema: buildSchema(sdl), source: introspectionRequestBody().query })
    const schema = schemaFromIntrospection(result)
    const find = schema.getQueryType()?.getFields().find
    expect(find?.deprecationReason).toBe('use search')
    expect(find?.description).toBe('Finds things.')
    expect(find?.args.find((a) => a.name === 'old')?.deprecationReason).toBe('gone')
    expect(schema.getType('Url')).toMatchObject({ specifiedByURL: 'https://url.spec.whatwg.org/' })
    expect(schema.getType('Filter')).toMatchObject({ isOneOf: true })
  })
})

describe('shouldRetryLegacyIntrospection', () => {
  it('is true for an old server rejecting the newer fields', () => {
    expect(shouldRetryLegacyIntrospection([{ message: 'Unknown argument "includeDeprecated" on field "__Field.args".' }])).toBe(true)
    expect(shouldRetryLegacyIntrospection([{ message: 'Cannot query field "specifiedByURL" on type "__Type".' }])).toBe(true)
    expect(shouldRetryLegacyIntrospection([{ message: 'Cannot query field "isOneOf" on type "__Type".' }])).toBe(true)
  })
  it('is false for other failures and for non-arrays', () => {
    expect(shouldRetryLegacyIntrospection([{ message: 'GraphQL introspection is not allowed' }])).toBe(false)
    expect(shouldRetryLegacyIntrospection(undefined)).toBe(false)
    expect(shouldRetryLegacyIntrospection('isOneOf')).toBe(false)
    expect(shouldRetryLegacyIntrospection([null, 3])).toBe(false)
  })
})
