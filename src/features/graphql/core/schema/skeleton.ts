/**
 * Variables skeletons: the JSON a user starts from, generated from the operation's variable
 * definitions (`$id: ID!` → `{"id": ""}`), sharper with a schema (enum values, input fields).
 *
 * What is included (the choice, and why):
 * - required variables and required input fields (non-null, no default) always, with a
 *   placeholder of the right JSON type: the request fails without them;
 * - anything with a default value, with that default: sending it changes nothing, and shows the
 *   knob and its current setting;
 * - optional ones without a default (nullable) are omitted unless `includeOptional`: an explicit
 *   `null` or `""` is not the same as absent in GraphQL (a `""` cursor is an error on many
 *   servers), so a skeleton that adds them would change what the query does.
 */
import {
  Kind,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  typeFromAST,
  valueFromASTUntyped,
  type DocumentNode,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLSchema,
  type TypeNode,
} from 'graphql'
import { selectOperation } from './operation'

/** Options of {@link variableSkeleton}. */
export interface SkeletonOptions {
  /** Also include nullable variables and input fields that have no default (see the module comment). @default false */
  includeOptional?: boolean
  /**
   * How many levels of input objects are expanded into their fields; deeper ones are `{}`.
   * One level keeps the skeleton readable on schemas whose inputs nest deeply or recursively.
   * @default 1
   */
  depth?: number
}

/**
 * JSON text (2-space indented) of the variables object for an operation.
 *
 * Placeholders: `ID`/`String` and custom scalars `""`, `Int`/`Float` `0`, `Boolean` `false`, lists
 * `[]`, enums their first non-deprecated value, input objects their fields (see `depth`); a
 * `@oneOf` input gets only its first field, since exactly one must be given. Without a schema,
 * types other than the built-in scalars cannot be known and become `null`.
 *
 * @param document - GraphQL text or a parsed document.
 * @param operationName - the operation to use. @default the first operation
 * @param schema - makes enums and input objects exact. @default undefined
 * @param options - see {@link SkeletonOptions}. @default {}
 * @returns `"{}"` when the operation declares no variables (or the document has no operation).
 * @throws GraphQLInputError for a document that does not parse or an unknown operation name.
 */
export function variableSkeleton(
  document: string | DocumentNode,
  operationName?: string,
  schema?: GraphQLSchema,
  options: SkeletonOptions = {},
): string {
  const operation = selectOperation(document, operationName)
  const depth = options.depth ?? 1
  const includeOptional = options.includeOptional ?? false
  const result: Record<string, unknown> = {}
  for (const definition of operation?.variableDefinitions ?? []) {
    const name = definition.variable.name.value
    if (definition.defaultValue) {
      result[name] = valueFromASTUntyped(definition.defaultValue)
      continue
    }
    if (definition.type.kind !== Kind.NON_NULL_TYPE && !includeOptional) continue
    const type = schema ? typeFromAST(schema, definition.type) : undefined
    result[name] = type ? placeholder(type as GraphQLInputType, 0, depth, includeOptional) : placeholderFromAST(definition.type)
  }
  return JSON.stringify(result, null, 2)
}

/** Without a schema only the built-in scalars are known. */
function placeholderFromAST(type: TypeNode): unknown {
  if (type.kind === Kind.NON_NULL_TYPE) return placeholderFromAST(type.type)
  if (type.kind === Kind.LIST_TYPE) return []
  return builtinScalar(type.name.value)
}

function builtinScalar(name: string): unknown {
  switch (name) {
    case 'ID':
    case 'String':
      return ''
    case 'Int':
    case 'Float':
      return 0
    case 'Boolean':
      return false
    default:
      return null
  }
}

function placeholder(type: GraphQLInputType, level: number, depth: number, includeOptional: boolean): unknown {
  if (isNonNullType(type)) return placeholder(type.ofType, level, depth, includeOptional)
  if (isListType(type)) return []
  const named = getNamedType(type)
  if (isScalarType(named)) return builtinScalar(named.name) ?? ''
  if (isEnumType(named)) {
    const values = named.getValues()
    return (values.find((v) => v.deprecationReason == null) ?? values[0])?.name ?? null
  }
  if (!isInputObjectType(named)) return null
  const object: Record<string, unknown> = {}
  if (level >= depth) return object
  const fields = Object.values(named.getFields())
  if (named.isOneOf) {
    const first = fields[0]
    if (first) object[first.name] = placeholder(first.type, level + 1, depth, includeOptional)
    return object
  }
  for (const field of fields) {
    const fallback = defaultOf(field)
    if (fallback.has) object[field.name] = fallback.value
    else if (isNonNullType(field.type) || includeOptional) object[field.name] = placeholder(field.type, level + 1, depth, includeOptional)
  }
  return object
}

/** An input field's default as JSON would carry it (SDL schemas keep the literal, code-first ones the value). */
function defaultOf(field: GraphQLInputField): { has: boolean; value?: unknown } {
  const given = field.default
  if (given === undefined) return { has: false }
  if (given.literal !== undefined) return { has: true, value: valueFromASTUntyped(given.literal) }
  return { has: true, value: given.value }
}
