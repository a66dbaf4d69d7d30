/**
 * GraphQL fields read from a JSON request body (`{"query", "variables", "operationName"}`), as the
 * formats that keep a raw body hold them (a Postman raw body, Insomnia's GraphQL body, a HAR
 * entry's postData). Variables keep every number's digits and are laid out as the editor shows
 * them (pretty JSON; '' for none), through the same reader as curl import.
 */
import { parseJsonLocated } from '../../../../shared/core/json/json-locate'
import { prettyJsonAt } from '../../../../shared/core/json/json-pretty'
import type { CollectionRequest } from './model'

/** The GraphQL fields of a request. */
export type GraphQLFields = Pick<CollectionRequest, 'query' | 'variables' | 'operationName'>

/**
 * Variables as the editor shows them: pretty JSON laid out from `raw` at `start` (a 64-bit
 * integer keeps its digits); '' for none (absent, null or `{}`).
 */
export function variablesTextAt(value: unknown, raw: string, start: number): string {
  const none = value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)
  return none ? '' : prettyJsonAt(raw, start).text
}

/** The editor's layout of a variables text that is JSON (pretty, '' for none); the text as is otherwise. */
export function normalizedVariables(text: string): string {
  if (text.trim() === '') return ''
  const parsed = parseJsonLocated(text)
  return parsed.ok ? variablesTextAt(parsed.value, text, 0) : text
}

/** The GraphQL fields of a JSON body, or why the body is not a GraphQL request. */
export function graphqlFieldsOfJsonBody(body: string): GraphQLFields | string {
  const parsed = parseJsonLocated(body)
  if (!parsed.ok) return `the body is not JSON (${parsed.message}, line ${parsed.line}, column ${parsed.column})`
  const value = parsed.value
  if (Array.isArray(value)) return `the body is a batch of ${value.length} operations`
  if (typeof value !== 'object' || value === null || typeof (value as { query?: unknown }).query !== 'string') {
    return 'the body has no "query" string (not a GraphQL request, or a persisted query sent by hash)'
  }
  const { query, variables, operationName } = value as { query: string; variables?: unknown; operationName?: unknown }
  // The last "variables" member is the one JSON.parse kept.
  const member = parsed.members.findLast((m) => m.key === 'variables')
  // Variables sent as a JSON string (some clients do): read the string's own JSON.
  if (typeof variables === 'string') return { query, variables: normalizedVariables(variables), operationName: typeof operationName === 'string' ? operationName : '' }
  return { query, variables: member ? variablesTextAt(variables, body, member.valueOffset) : '', operationName: typeof operationName === 'string' ? operationName : '' }
}

/**
 * The JSON body for `fields`: the variables text spliced in as written when it is JSON (so its
 * digits and layout survive), `{}`-free when empty; undefined when the variables are not JSON.
 */
export function jsonBodyOf(fields: GraphQLFields): string | undefined {
  const variables = fields.variables.trim() === '' ? undefined : fields.variables
  if (variables !== undefined && !parseJsonLocated(variables).ok) return undefined
  return `{"query":${JSON.stringify(fields.query)}${variables === undefined ? '' : `,"variables":${variables.trim()}`}${fields.operationName ? `,"operationName":${JSON.stringify(fields.operationName)}` : ''}}`
}
