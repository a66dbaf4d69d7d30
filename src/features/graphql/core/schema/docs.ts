/**
 * The docs explorer's model: a plain, serialisable description of the schema (what the panel
 * renders, no graphql-js classes to walk in components) and a flat search index built once, so
 * typing in the search box on a GitHub-sized schema (~1,500 types, ~20,000 fields and arguments)
 * is one linear scan of precomputed lowercase names and never blocks the page. The search over
 * that index is `docs-search.ts`.
 */
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isScalarType,
  isUnionType,
  print,
  valueToLiteral,
  type GraphQLArgument,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
} from 'graphql'
import { wordStarts } from './docs-search'

/** Kinds of named types, as introspection names them. */
export type DocsTypeKind = 'OBJECT' | 'INTERFACE' | 'UNION' | 'ENUM' | 'INPUT_OBJECT' | 'SCALAR'

/** An argument of a field, or an input field of an input object. */
export interface DocsInputValue {
  name: string
  /** The type as written in SDL, e.g. `[ID!]!`. */
  type: string
  /** The named type inside (`ID` for `[ID!]!`), to navigate to. */
  typeName: string
  description?: string
  /** The default value as GraphQL literal text (`10`, `ASC`, `{first: 1}`). @default undefined */
  defaultValue?: string
  deprecated: boolean
  deprecationReason?: string
}

/** A field of an object or interface type, or an input field (then `args` is empty). */
export interface DocsField extends DocsInputValue {
  args: DocsInputValue[]
}

/** A value of an enum type. */
export interface DocsEnumValue {
  name: string
  description?: string
  deprecated: boolean
  deprecationReason?: string
}

/** One named type of the schema. */
export interface DocsType {
  name: string
  kind: DocsTypeKind
  description?: string
  /** Fields of objects and interfaces; input fields of input objects; otherwise empty. */
  fields: DocsField[]
  /** Interfaces an object or interface implements. */
  interfaces: string[]
  /** Members of a union, implementations of an interface. */
  possibleTypes: string[]
  /** Values of an enum. */
  enumValues: DocsEnumValue[]
  /** Scalars: the spec URL (`@specifiedBy`). @default undefined */
  specifiedByURL?: string
  /** Input objects: `@oneOf` (exactly one field must be given). */
  isOneOf: boolean
  /** Whether graphql-js defines it (built-in scalars); the explorer may list them last. */
  builtIn: boolean
}

/** What a search hit is. */
export type DocsHitKind = 'type' | 'field' | 'input-field' | 'argument' | 'enum-value'

/** A search result, with the path to navigate to in the explorer. */
export interface DocsSearchHit {
  kind: DocsHitKind
  /** The matched name (the type's, field's, argument's or enum value's). */
  name: string
  /** Type → field → argument names leading to the hit, e.g. `["Query", "repository", "owner"]`. */
  path: string[]
  /** Type string of a field or argument (`String!`), or the kind of a type (`OBJECT`). */
  detail: string
  deprecated: boolean
}

/** Result of {@link docsModel}. */
export interface DocsIndex {
  /** Names of the root operation types. */
  roots: { query?: string; mutation?: string; subscription?: string }
  /** Every named type except introspection types (`__Type`, …), by name. */
  types: ReadonlyMap<string, DocsType>
  /** Type names sorted case-insensitively, for an A–Z list. */
  typeNames: readonly string[]
  /** @internal the flat search index used by `searchSchema` (docs-search.ts). */
  readonly entries: readonly SearchEntry[]
}

/** @internal one searchable name. */
export interface SearchEntry {
  lower: string
  /** Offsets in `lower` where a word starts (camelCase hump, after `_`), for "word prefix" ranking. */
  words: readonly number[]
  hit: DocsSearchHit
}

/**
 * Builds the explorer model and search index. Linear in the schema size; on a 1,500-type schema it
 * takes tens of milliseconds, so call it once per schema (not per keystroke).
 */
export function docsModel(schema: GraphQLSchema): DocsIndex {
  const builder = docsIndexBuilder()
  builder.add(describeSchemaTypes(schema))
  return builder.finish(docsRoots(schema))
}

/**
 * The explorer's description of every named type of `schema` except introspection types: plain,
 * cloneable data, which the schema worker sends the page in parts ({@link docsIndexBuilder}).
 */
export function describeSchemaTypes(schema: GraphQLSchema): DocsType[] {
  return Object.values(schema.getTypeMap()).flatMap((named) => (isIntrospectionType(named) ? [] : [describeType(schema, named)]))
}

/** The root operation types' names of `schema`. */
export function docsRoots(schema: GraphQLSchema): DocsIndex['roots'] {
  const roots: DocsIndex['roots'] = {}
  const query = schema.getQueryType()
  const mutation = schema.getMutationType()
  const subscription = schema.getSubscriptionType()
  if (query) roots.query = query.name
  if (mutation) roots.mutation = mutation.name
  if (subscription) roots.subscription = subscription.name
  return roots
}

/** Assembles a {@link DocsIndex} from types given in parts, each part's search entries made when it is added. */
export interface DocsIndexBuilder {
  /** Adds described types (from {@link describeSchemaTypes}). */
  add(types: readonly DocsType[]): void
  /** The index of everything added. */
  finish(roots: DocsIndex['roots']): DocsIndex
}

/** A new {@link DocsIndexBuilder}. */
export function docsIndexBuilder(): DocsIndexBuilder {
  const types = new Map<string, DocsType>()
  const entries: SearchEntry[] = []
  const add = (hit: DocsSearchHit): void => {
    entries.push({ lower: hit.name.toLowerCase(), words: wordStarts(hit.name), hit })
  }
  return {
    add(described) {
      for (const type of described) {
        types.set(type.name, type)
        add({ kind: 'type', name: type.name, path: [type.name], detail: type.kind, deprecated: false })
        const fieldKind: DocsHitKind = type.kind === 'INPUT_OBJECT' ? 'input-field' : 'field'
        for (const field of type.fields) {
          add({ kind: fieldKind, name: field.name, path: [type.name, field.name], detail: field.type, deprecated: field.deprecated })
          for (const arg of field.args) {
            add({ kind: 'argument', name: arg.name, path: [type.name, field.name, arg.name], detail: arg.type, deprecated: arg.deprecated })
          }
        }
        for (const value of type.enumValues) {
          add({ kind: 'enum-value', name: value.name, path: [type.name, value.name], detail: type.name, deprecated: value.deprecated })
        }
      }
    },
    finish(roots) {
      const typeNames = [...types.keys()].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()) || (a < b ? -1 : 1))
      return { roots, types, typeNames, entries }
    },
  }
}

function describeType(schema: GraphQLSchema, named: GraphQLNamedType): DocsType {
  const type: DocsType = {
    name: named.name,
    kind: kindOf(named),
    fields: [],
    interfaces: [],
    possibleTypes: [],
    enumValues: [],
    isOneOf: false,
    builtIn: isScalarType(named) && ['ID', 'String', 'Int', 'Float', 'Boolean'].includes(named.name),
  }
  if (named.description) type.description = named.description
  if (isObjectType(named) || isInterfaceType(named)) {
    type.interfaces = named.getInterfaces().map((i) => i.name)
    type.fields = Object.values(named.getFields()).map((f) => ({
      ...inputValueLike(f.name, f.type, f.description, f.deprecationReason),
      args: f.args.map(describeInputValue),
    }))
  }
  if (isInterfaceType(named) || isUnionType(named)) type.possibleTypes = schema.getPossibleTypes(named).map((t) => t.name)
  if (isInputObjectType(named)) {
    type.isOneOf = named.isOneOf
    type.fields = Object.values(named.getFields()).map((f) => ({ ...describeInputValue(f), args: [] }))
  }
  if (isEnumType(named)) {
    type.enumValues = named.getValues().map((v) => {
      const value: DocsEnumValue = { name: v.name, deprecated: v.deprecationReason != null }
      if (v.description) value.description = v.description
      if (v.deprecationReason != null) value.deprecationReason = v.deprecationReason
      return value
    })
  }
  if (isScalarType(named) && named.specifiedByURL) type.specifiedByURL = named.specifiedByURL
  return type
}

function kindOf(named: GraphQLNamedType): DocsTypeKind {
  if (isObjectType(named)) return 'OBJECT'
  if (isInterfaceType(named)) return 'INTERFACE'
  if (isUnionType(named)) return 'UNION'
  if (isEnumType(named)) return 'ENUM'
  if (isInputObjectType(named)) return 'INPUT_OBJECT'
  return 'SCALAR'
}

function inputValueLike(
  name: string,
  type: GraphQLType,
  description: string | null | undefined,
  deprecationReason: string | null | undefined,
): DocsInputValue {
  const value: DocsInputValue = { name, type: String(type), typeName: getNamedType(type).name, deprecated: deprecationReason != null }
  if (description) value.description = description
  if (deprecationReason != null) value.deprecationReason = deprecationReason
  return value
}

function describeInputValue(arg: GraphQLArgument | GraphQLInputField): DocsInputValue {
  const value = inputValueLike(arg.name, arg.type, arg.description, arg.deprecationReason)
  const literal = defaultLiteral(arg)
  if (literal !== undefined) value.defaultValue = literal
  return value
}

/** SDL-built schemas keep the default's literal; code-first ones an internal value to print back. */
function defaultLiteral(arg: GraphQLArgument | GraphQLInputField): string | undefined {
  const given = arg.default
  if (given === undefined) return undefined
  if (given.literal !== undefined) return print(given.literal)
  try {
    const literal = valueToLiteral(given.value, arg.type)
    return literal ? print(literal) : JSON.stringify(given.value)
  } catch {
    return JSON.stringify(given.value)
  }
}
