/**
 * Turns the tester's inputs into the exact wire request of the GraphQL-over-HTTP spec, or throws
 * one located {@link GraphQLInputError} for the first thing that would make it wrong.
 */
import { isForbiddenRequestHeader } from '../../../../shared/core/http/headers'
import { type AnalyzedOperation, analyzeDocument } from './analyze'
import { type EndpointOptions, validateEndpoint } from './endpoint'
import { GraphQLInputError, type GraphQLInputField } from './errors'
import { parseHeadersInput, parseVariablesInput } from './inputs'
import { undeclaredVariableMessage } from './undeclared-variable'
import { lineColumn } from '../../../../shared/core/json/json-locate'
import { lossyNumbers } from '../../../../shared/core/json/json-numbers'

/** `Accept` recommended by the spec when the client does not know what the server supports. */
export const DEFAULT_ACCEPT = 'application/graphql-response+json, application/json;q=0.9'

/** What the user typed. */
export interface GraphQLRequestInput {
  /** Absolute http(s) URL of the GraphQL endpoint. */
  endpoint: string
  /** The GraphQL document (one or more operations, fragments). */
  query: string
  /** A JSON object as text (blank = `{}`) or an object. @default {} */
  variables?: string | Record<string, unknown>
  /** A JSON object string, `Name: value` lines, or an object. @default {} */
  headers?: string | Record<string, string>
  /** Which operation to run; required when the document has several. @default undefined */
  operationName?: string
}

/** A non-blocking remark about the request, e.g. a header the browser will not send. */
export interface BuildWarning {
  field: GraphQLInputField
  message: string
  line?: number
  column?: number
}

/** The request exactly as it goes on the wire. */
export interface BuiltRequest {
  url: string
  method: 'POST'
  /** In send order; `Content-Type` and `Accept` appear once each whatever case the user typed. */
  headers: Record<string, string>
  /** `{"query", "variables", "operationName"?}` as JSON text. */
  body: string
  /** The operation that will run, when it has a name. */
  operationName?: string
  /** Remarks that do not stop sending. */
  warnings?: BuildWarning[]
}

/** Options of {@link buildGraphQLRequest}: see {@link EndpointOptions}. */
export type BuildOptions = EndpointOptions

/**
 * Builds the spec-conformant request: POST, `Content-Type: application/json` (added unless the
 * user set a Content-Type in any case), `Accept` {@link DEFAULT_ACCEPT} unless set, and body
 * `{query, variables, operationName?}` with `variables` `{}` when empty. `operationName` is sent
 * when chosen or when the only operation is named (servers log it; dropping it is a known flaw of
 * other tools).
 *
 * @throws GraphQLInputError — endpoint (invalid, scheme, credentials, mixed content), query
 *   (empty, syntax, no/ambiguous/anonymous/duplicate operations), operationName (unknown),
 *   variables (syntax, not an object, required variable missing or null), headers (syntax,
 *   name not a token, bad value, duplicate).
 */
export function buildGraphQLRequest(input: GraphQLRequestInput, options: BuildOptions = {}): BuiltRequest {
  const url = validateEndpoint(input.endpoint, options)
  const warnings: BuildWarning[] = []
  const operation = chooseOperation(input.query, input.operationName)
  // No warning for a subscription: the tester never sends one as a plain POST (it goes over SSE or
  // WebSocket, core/stream/transport.ts), so the old "most servers reject them over a plain POST" was
  // shown beside a subscription that then streamed fine.
  const variables = parseVariablesInput(input.variables)
  checkVariables(operation, variables, warnings)

  const userHeaders = parseHeadersInput(input.headers)
  const has = (name: string) => userHeaders.find((h) => h.name.toLowerCase() === name)
  const headers: Record<string, string> = {}
  const contentType = has('content-type')
  if (!contentType) headers['Content-Type'] = 'application/json'
  else if (!/^application\/json[ \t]*(?:;|$)/i.test(contentType.value)) {
    warnings.push({ ...at(contentType), message: `The spec requires Content-Type: application/json; with "${contentType.value}" servers may answer 415.` })
  }
  if (!has('accept')) headers['Accept'] = DEFAULT_ACCEPT
  for (const header of userHeaders) {
    headers[header.name] = header.value
    if (isForbiddenRequestHeader(header.name)) {
      warnings.push({ ...at(header), message: `Browsers do not let a page set "${header.name}"; fetch will leave it out (curl does send it).` })
    }
  }

  const declared = new Set(operation.variables.map((v) => v.name))
  const built: BuiltRequest = { url: url.href, method: 'POST', headers, body: requestBody(input.query, variables, declared, operation.name, warnings), warnings }
  if (operation.name !== undefined) built.operationName = operation.name
  return built
}

/**
 * The body `{query, variables, operationName?}`. Only the variables the operation declares are
 * sent: the rest (often left over from the previous query) mean nothing to it. Variables are
 * re-serialized (compact) unless a number in them would change — `1e999` becomes `null`, integers
 * above 2^53 are rounded — then each value goes in exactly as typed (it is valid JSON: it was just
 * parsed), with a note at each such number.
 */
function requestBody(
  query: string,
  variables: ReturnType<typeof parseVariablesInput>,
  declared: ReadonlySet<string>,
  operationName: string | undefined,
  warnings: BuildWarning[],
): string {
  const tail = operationName === undefined ? '' : `,"operationName":${JSON.stringify(operationName)}`
  const lossy = variables.text === '' ? [] : lossyNumbers(variables.text)
  for (const number of lossy) {
    const what = number.reason === 'overflow' ? 'is beyond what JavaScript numbers hold' : 'is an integer above 2^53 that JavaScript would round'
    warnings.push({
      field: 'variables',
      message: `${number.text} ${what}; the variables are sent exactly as typed, so the server gets ${number.text}.`,
      ...lineColumn(variables.text, number.offset),
    })
  }
  const undeclared = Object.keys(variables.value).some((name) => !declared.has(name))
  let variablesJson: string
  if (lossy.length === 0) {
    variablesJson = JSON.stringify(undeclared ? Object.fromEntries(Object.entries(variables.value).filter(([name]) => declared.has(name))) : variables.value)
  } else {
    variablesJson = undeclared ? declaredAsTyped(variables, declared) : variables.text.trim()
  }
  return `{"query":${JSON.stringify(query)},"variables":${variablesJson}${tail}}`
}

/**
 * The declared members of the variables object with their values exactly as typed. A member's
 * value runs from its offset to the comma before the next key (or to the closing brace); JSON puts
 * only whitespace around that comma. For a key given twice, the last one counts, as in JSON.parse.
 */
function declaredAsTyped(variables: ReturnType<typeof parseVariablesInput>, declared: ReadonlySet<string>): string {
  const { members, text } = variables
  const close = text.lastIndexOf('}')
  const raw = new Map<string, string>()
  members.forEach((member, i) => {
    if (!declared.has(member.key)) return
    const end = members[i + 1]?.keyOffset ?? close
    raw.set(member.key, text.slice(member.valueOffset, end).trimEnd().replace(/,$/, '').trimEnd())
  })
  return `{${[...raw].map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`
}

function at(header: { line?: number; column?: number }): Pick<BuildWarning, 'field' | 'line' | 'column'> {
  return header.line === undefined ? { field: 'headers' } : { field: 'headers', line: header.line, column: header.column ?? 1 }
}

/** Picks the operation to run, applying the rules graphql-js validation would (no schema needed). */
function chooseOperation(query: string, operationName: string | undefined): AnalyzedOperation {
  const fail = (code: GraphQLInputError['code'], message: string, where?: { line: number; column: number }, field: GraphQLInputField = 'query'): never => {
    throw new GraphQLInputError({ field, code, message, ...(where ? { line: where.line, column: where.column } : {}) })
  }
  if (query.trim() === '') fail('query-empty', 'Enter a GraphQL query, e.g. { __typename }.', { line: 1, column: 1 })
  const analysis = analyzeDocument(query)
  const syntax = analysis.errors[0]
  if (syntax) fail('query-syntax', `Syntax error: ${syntax.message}`, syntax)
  const ops = analysis.operations
  const first = ops[0]
  if (!first) return fail('query-no-operation', 'The document has no operation to run (only fragments?); add a query or mutation.', { line: 1, column: 1 })

  const seen = new Set<string>()
  for (const op of ops) {
    if (ops.length > 1 && op.name === undefined) {
      fail('operation-anonymous', 'An anonymous operation must be the only one in the document; give it a name.', op)
    }
    if (op.name !== undefined && seen.has(op.name)) fail('operation-duplicate', `Two operations are named "${op.name}"; rename one.`, op)
    if (op.name !== undefined) seen.add(op.name)
  }

  const wanted = operationName?.trim() ?? ''
  const names = ops.map((op) => op.name ?? '(anonymous)').join(', ')
  if (wanted !== '') {
    const found = ops.find((op) => op.name === wanted)
    if (!found) fail('operation-unknown', `No operation named "${wanted}" in the document (it has ${names}).`, undefined, 'operationName')
    return found as AnalyzedOperation
  }
  const second = ops[1]
  if (second) fail('operation-ambiguous', `The document has ${ops.length} operations (${names}); choose which one to run.`, second)
  return first
}

/** Required variables present and non-null; undeclared ones reported as left out of the request. */
function checkVariables(operation: AnalyzedOperation, variables: ReturnType<typeof parseVariablesInput>, warnings: BuildWarning[]): void {
  const { value, members, text } = variables
  const member = (name: string) => members.find((m) => m.key === name)
  // A missing variable has no place in the JSON; point at its opening brace, where it belongs.
  const open = text.trim() === '' ? {} : lineColumn(text, text.length - text.trimStart().length)
  for (const declared of operation.variables) {
    const related = { field: 'query' as const, line: declared.line, column: declared.column }
    if (declared.required && !(declared.name in value)) {
      throw new GraphQLInputError({
        field: 'variables',
        code: 'variable-missing',
        message: `The operation requires $${declared.name} (${declared.type}); add "${declared.name}" to the variables.`,
        ...open,
        related,
      })
    }
    if (declared.type.endsWith('!') && declared.name in value && value[declared.name] === null) {
      const m = member(declared.name)
      throw new GraphQLInputError({
        field: 'variables',
        code: 'variable-null',
        message: `$${declared.name} is ${declared.type}, so it cannot be null.`,
        ...(m ? lineColumn(text, m.valueOffset) : {}),
        related,
      })
    }
  }
  const declaredNames = new Set(operation.variables.map((v) => v.name))
  for (const name of Object.keys(value)) {
    if (declaredNames.has(name)) continue
    const m = member(name)
    warnings.push({
      field: 'variables',
      message: undeclaredVariableMessage(name, operation.name),
      ...(m ? lineColumn(text, m.keyOffset) : {}),
    })
  }
}
