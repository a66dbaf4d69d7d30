/**
 * What the variables editor offers while typing: the keys allowed at a place in the variables
 * object (the operation's declared variables, an input type's fields), the values a type takes
 * (enum values, booleans) and what a key is (its type and description, for hover).
 *
 * Read straight from the operation's variable definitions and the schema's input types, the same
 * graphql-js types `validateVariables` checks against, so completion, hover and the lint never
 * disagree. (graphql-language-service's `getVariablesJSONSchema` would first translate them to a
 * JSON Schema and lose the GraphQL spelling of types such as `[String!]!`.)
 */
import {
  GraphQLBoolean,
  isEnumType,
  isInputObjectType,
  isInputType,
  isListType,
  isNonNullType,
  typeFromAST,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql'
import { GraphQLInputError } from '../request/errors'
import { selectOperation } from './operation'

/** A place in the variables object: variable name, then input fields and list indexes; `[]` is the object itself. */
export type VariablesPath = readonly (string | number)[]

/** The request the variables belong to. */
export interface VariablesContext {
  /** The endpoint's schema. */
  schema: GraphQLSchema
  /** The query editor's text, or a parsed document. */
  document: string | DocumentNode
  /** The operation the variables are for. `undefined` means the first operation. */
  operationName?: string | undefined
}

/** A key that may be written at a place: a declared variable or an input field. */
export interface VariableKeyOption {
  /** The key as written in JSON (without quotes). */
  name: string
  /** Its GraphQL type, e.g. `[String!]!`. */
  type: string
  /** The schema's description of the field (variables have none). */
  description?: string
  /** Whether the server rejects the request without it (non-null and no default). */
  required: boolean
}

/** A value a type takes, as JSON text. */
export interface VariableValueOption {
  /** The JSON to insert, e.g. `"ASC"` or `true`. */
  json: string
  /** The schema's description of the enum value. */
  description?: string
  /** Why the enum value is deprecated, when it is. */
  deprecationReason?: string
}

/** What hover shows about a key. */
export interface VariableInfo {
  /** The key in the user's terms: `$input.tags[1]`. */
  label: string
  /** Its GraphQL type. */
  type: string
  /** The schema's description (input fields only). */
  description?: string
}

interface Declared {
  type: GraphQLInputType
  required: boolean
}

/** The operation's declared variables with their schema types; `undefined` when the query cannot be read. */
function declaredVariables(context: VariablesContext): Map<string, Declared> | undefined {
  let operation
  try {
    operation = selectOperation(context.document, context.operationName)
  } catch (error) {
    if (error instanceof GraphQLInputError) return undefined
    throw error
  }
  const out = new Map<string, Declared>()
  for (const definition of operation?.variableDefinitions ?? []) {
    const type = typeFromAST(context.schema, definition.type)
    // A type the schema lacks is the query lint's to report; nothing to offer for it here.
    if (!type || !isInputType(type)) continue
    out.set(definition.variable.name.value, { type, required: isNonNullType(type) && !definition.defaultValue })
  }
  return out
}

/** Steps one path element into `type`: a field of an input object, an item of a list. */
function step(type: GraphQLInputType, key: string | number): GraphQLInputType | undefined {
  const nullable = isNonNullType(type) ? type.ofType : type
  if (typeof key === 'number') return isListType(nullable) ? nullable.ofType : undefined
  return isInputObjectType(nullable) ? nullable.getFields()[key]?.type : undefined
}

/**
 * The GraphQL type expected at `path`.
 *
 * @param context - the schema and the operation.
 * @param path - a non-empty path (the root object has no GraphQL type).
 * @returns the type, or `undefined` for an undeclared variable, an unknown field, an index into a non-list, or `[]`.
 */
export function variableTypeAt(context: VariablesContext, path: VariablesPath): GraphQLInputType | undefined {
  const [head, ...rest] = path
  if (typeof head !== 'string') return undefined
  let type = declaredVariables(context)?.get(head)?.type
  for (const key of rest) {
    if (!type) return undefined
    type = step(type, key)
  }
  return type
}

/**
 * The keys that may be written in the object at `path`: the declared variables at `[]`, an input
 * object's fields deeper in. GraphQL input values are single values, so a list of input objects
 * takes its keys from the item type (`path` then ends with the index).
 *
 * @param context - the schema and the operation.
 * @param path - the object the cursor is in.
 * @returns the keys in declaration order; empty where no object is expected.
 */
export function variableKeysAt(context: VariablesContext, path: VariablesPath): VariableKeyOption[] {
  if (path.length === 0) {
    const declared = declaredVariables(context)
    return [...(declared ?? [])].map(([name, { type, required }]) => ({ name, type: String(type), required }))
  }
  const type = variableTypeAt(context, path)
  const nullable = type && isNonNullType(type) ? type.ofType : type
  if (!nullable || !isInputObjectType(nullable)) return []
  return Object.values(nullable.getFields()).map((field) => ({
    name: field.name,
    type: String(field.type),
    ...(field.description ? { description: field.description } : {}),
    required: isNonNullType(field.type) && field.defaultValue === undefined,
  }))
}

/**
 * The values offered for a type: an enum's values (deprecated ones last), `true`/`false` for
 * Boolean, then `null` when the type allows it. Scalars with open-ended values (String, Int, ID,
 * custom scalars) offer nothing but `null`.
 *
 * @param type - the type expected at the cursor (see {@link variableTypeAt}).
 */
export function variableValuesFor(type: GraphQLInputType): VariableValueOption[] {
  const nullable = isNonNullType(type) ? type.ofType : type
  const out: VariableValueOption[] = []
  if (isEnumType(nullable)) {
    const values = [...nullable.getValues()].sort((a, b) => Number(a.deprecationReason != null) - Number(b.deprecationReason != null))
    for (const value of values) {
      out.push({
        json: JSON.stringify(value.name),
        ...(value.description ? { description: value.description } : {}),
        ...(value.deprecationReason != null ? { deprecationReason: value.deprecationReason } : {}),
      })
    }
  } else if (nullable === GraphQLBoolean) {
    out.push({ json: 'true' }, { json: 'false' })
  }
  if (!isNonNullType(type)) out.push({ json: 'null' })
  return out
}

/**
 * What a key at `path` is, for hover: its label, type and description.
 *
 * @param context - the schema and the operation.
 * @param path - the key's path (e.g. `['input', 'tags']`).
 * @returns `undefined` when nothing is declared there (the lint says so).
 */
export function variableInfoAt(context: VariablesContext, path: VariablesPath): VariableInfo | undefined {
  if (path.length === 0 || typeof path[path.length - 1] !== 'string') return undefined
  const type = variableTypeAt(context, path)
  if (!type) return undefined
  const parent = path.length > 1 ? variableTypeAt(context, path.slice(0, -1)) : undefined
  const parentObject = parent && isNonNullType(parent) ? parent.ofType : parent
  const description = parentObject && isInputObjectType(parentObject) ? parentObject.getFields()[String(path[path.length - 1])]?.description : undefined
  return { label: variablesLabel(path), type: String(type), ...(description ? { description } : {}) }
}

/**
 * A path in the user's terms: `$input.tags[1]` (the spelling `validateVariables` messages use).
 *
 * @param path - a path into the variables object.
 */
export function variablesLabel(path: VariablesPath): string {
  return path.map((p, i) => (i === 0 ? `$${p}` : typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')
}
