/**
 * Checking the variables editor against the operation's declared types before anything is sent,
 * with each problem placed where it is in the JSON text. graphql-js decides what is valid (the
 * same `coerceInputValue` / `validateInputValue` its `getVariableValues` runs on the server side),
 * so we never disagree with a graphql-js server; we only add positions, which graphql-js cannot
 * know because it sees parsed values.
 */
import {
  isInputType,
  isNonNullType,
  coerceInputValue,
  print,
  typeFromAST,
  validateInputValue,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql'
import { undeclaredVariableMessage } from '../request/undeclared-variable'
import { GraphQLInputError } from '../request/errors'
import { lineColumn, parseJsonLocated } from '../../../../shared/core/json/json-locate'
import { locateJsonPath } from './json-path'
import { selectOperation } from './operation'
import { variablesLabel } from './variables-assist'

/** A problem in the variables text. */
export interface VariableProblem {
  /** A sentence for the user, starting with the variable path (`$input.tags[1]: …`) when there is one. */
  message: string
  /** 1-based line in the variables text. */
  line: number
  /** 1-based column (UTF-16 units). */
  column: number
  /** UTF-16 offsets of the range to underline (CodeMirror diagnostics take `from`/`to`). */
  from: number
  to: number
  /** Path into the variables object: variable name, then input fields and list indexes; `[]` for the whole object. */
  path: (string | number)[]
  /** `error`: the server would reject the request; `warning`: it would ignore something (an undeclared variable). */
  severity: 'error' | 'warning'
}

/**
 * Validates `variablesText` for the chosen operation of `document`.
 *
 * Blank text counts as `{}`. A document that does not parse or an unknown operation gives no
 * problems here: the query editor reports those, and the variables cannot be judged without them.
 * Variables whose declared type the schema lacks are skipped for the same reason (the query lint
 * reports the unknown type).
 *
 * @param schema - the endpoint's schema.
 * @param document - GraphQL text or a parsed document.
 * @param operationName - the operation to check. `undefined` means the first operation.
 * @param variablesText - the variables editor's text.
 * @returns problems in text order; empty when the request's variables are valid.
 */
export function validateVariables(
  schema: GraphQLSchema,
  document: string | DocumentNode,
  operationName: string | undefined,
  variablesText: string,
): VariableProblem[] {
  let operation
  try {
    operation = selectOperation(document, operationName)
  } catch (error) {
    if (error instanceof GraphQLInputError) return []
    throw error
  }
  const text = variablesText.trim() === '' ? '{}' : variablesText
  // Ranges must fit the editor's real text, which for blank input is not the '{}' checked here.
  const problem = (from: number, to: number, path: (string | number)[], message: string): VariableProblem =>
    located(text, variablesText.length, from, to, path, message)
  const parsed = parseJsonLocated(text)
  if (!parsed.ok) {
    return [problem(parsed.offset, parsed.offset + 1, [], parsed.message)]
  }
  const root = locateJsonPath(text)
  const value = parsed.value
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [problem(root.offset, root.end, [], 'Variables must be a JSON object, e.g. {"id": "1"}.')]
  }
  const inputs = value as Record<string, unknown>
  const problems: VariableProblem[] = []
  const declared = new Set<string>()

  for (const definition of operation?.variableDefinitions ?? []) {
    const name = definition.variable.name.value
    declared.add(name)
    const type = typeFromAST(schema, definition.type)
    if (!type || !isInputType(type)) continue
    const given = Object.hasOwn(inputs, name) ? inputs[name] : undefined
    if (given === undefined) {
      if (isNonNullType(type) && !definition.defaultValue) {
        // Point at the object's opening brace: the missing member belongs inside it.
        problems.push(problem(root.offset, root.offset + 1, [], `Variable "$${name}" of required type "${print(definition.type)}" was not provided.`))
      }
      continue
    }
    // Fast path first, as graphql-js does: diagnostics are only computed for values that fail.
    if (coerceInputValue(given, type) !== undefined) continue
    validateInputValue(given, type, (error, path) => {
      const where = [name, ...path]
      const unknownField = /unknown field "([^"]+)"/.exec(error.message)?.[1]
      const at = locateJsonPath(text, unknownField === undefined ? where : [...where, unknownField])
      const useKey = unknownField !== undefined && at.exact && at.keyOffset !== undefined
      const from = useKey ? (at.keyOffset ?? at.offset) : at.offset
      const to = useKey ? from + JSON.stringify(unknownField).length : at.end
      problems.push(problem(from, to, unknownField === undefined || !at.exact ? where : [...where, unknownField], `${variablesLabel(where)}: ${tidy(error.message)}`))
    })
  }

  for (const member of parsed.members) {
    if (declared.has(member.key)) continue
    problems.push({
      ...problem(member.keyOffset, member.keyOffset + JSON.stringify(member.key).length, [member.key], undeclaredVariableMessage(member.key, operation?.name?.value)),
      severity: 'warning',
    })
  }
  // graphql-js reports input fields in definition order; the editor wants them in text order.
  return problems.sort((a, b) => a.from - b.from)
}

function located(text: string, limit: number, from: number, to: number, path: (string | number)[], message: string): VariableProblem {
  // A non-empty range inside the editor's text where possible: editors reject ranges past the end.
  const start = Math.min(from, limit)
  const end = Math.min(Math.max(to, start + 1), limit)
  return { message, ...lineColumn(text, from), from: start, to: end, path, severity: 'error' }
}

/** graphql-js appends ", found: <the whole value>"; the range already shows it, and it can be huge. */
function tidy(message: string): string {
  return message.replace(/, found: [\s\S]*$/, '.')
}
