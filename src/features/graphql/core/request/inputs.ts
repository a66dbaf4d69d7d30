/**
 * Parsing of the two free-text inputs, headers and variables, into values plus positions, so each
 * problem becomes a {@link GraphQLInputError} pointing at the exact line and column.
 */
import { headerValueProblem, isHttpToken, normalizeHeaderValue } from '../../../../shared/core/http/headers'
import { GraphQLInputError } from './errors'
import { type JsonMember, lineColumn, parseJsonLocated } from '../../../../shared/core/json/json-locate'

/** A header with where it was written (absent when headers came as an object). */
export interface LocatedHeader {
  name: string
  value: string
  line?: number
  column?: number
}

/**
 * Parses the headers input. Accepted forms:
 * - a JSON object string: `{"Authorization": "Bearer abc"}` (numbers and booleans are turned into text);
 * - `Name: value` lines, as copied from dev tools; blank lines and lines starting with `#` or `//` are skipped;
 * - an object of strings.
 *
 * Names must be HTTP tokens; values are trimmed as fetch does and must not hold CR, LF, NUL or
 * characters above U+00FF (fetch throws on them). A name given twice in any case is an error
 * rather than a silent merge.
 *
 * @throws GraphQLInputError with `field: 'headers'`.
 */
export function parseHeadersInput(input: string | Readonly<Record<string, string>> | undefined): LocatedHeader[] {
  if (input === undefined) return []
  let headers: LocatedHeader[]
  if (typeof input !== 'string') headers = Object.entries(input).map(([name, value]) => ({ name, value }))
  else if (input.trim() === '') return []
  else if (input.trimStart().startsWith('{')) headers = headersFromJson(input)
  else headers = headersFromLines(input)

  const seen = new Map<string, string>()
  for (const header of headers) {
    if (!isHttpToken(header.name)) {
      fail('header-name', `"${header.name}" is not a valid header name (letters, digits and !#$%&'*+-.^_\`|~ only, no spaces or colons).`, header)
    }
    header.value = normalizeHeaderValue(header.value)
    const problem = headerValueProblem(header.value)
    if (problem) fail('header-value', `Header "${header.name}": ${problem.message}`, header)
    const lower = header.name.toLowerCase()
    const first = seen.get(lower)
    if (first !== undefined) fail('header-duplicate', `Header "${header.name}" is given twice (first as "${first}"); keep one.`, header)
    seen.set(lower, header.name)
  }
  return headers
}

function fail(code: GraphQLInputError['code'], message: string, at: { line?: number; column?: number }): never {
  throw new GraphQLInputError({ field: 'headers', code, message, ...position(at) })
}

function position(at: { line?: number; column?: number }): { line?: number; column?: number } {
  return at.line === undefined ? {} : { line: at.line, column: at.column ?? 1 }
}

function headersFromJson(text: string): LocatedHeader[] {
  const parsed = parseJsonLocated(text)
  if (!parsed.ok) fail('headers-syntax', `Headers JSON: ${parsed.message}`, parsed)
  const { value, members } = parsed as Extract<typeof parsed, { ok: true }>
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail('headers-syntax', 'Headers must be a JSON object of name → value.', lineColumn(text, text.length - text.trimStart().length))
  }
  // Every member is kept, even a repeated key (JSON.parse keeps only the last), so the duplicate
  // check can point at the second one instead of silently dropping the first.
  return members.map((member) => {
    const raw = (value as Record<string, unknown>)[member.key]
    // The key's position is one past its opening quote so the caret lands on the name itself.
    const keyAt = lineColumn(text, member.keyOffset + 1)
    if (typeof raw === 'number' || typeof raw === 'boolean') return { name: member.key, value: String(raw), ...keyAt }
    if (typeof raw !== 'string') {
      fail('header-value', `Header "${member.key}": the value must be a string.`, lineColumn(text, member.valueOffset))
    }
    return { name: member.key, value: raw as string, ...keyAt }
  })
}

function headersFromLines(text: string): LocatedHeader[] {
  const headers: LocatedHeader[] = []
  text.split(/\r\n|\n|\r/).forEach((lineText, index) => {
    const line = index + 1
    const trimmed = lineText.trim()
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('//')) return
    const lead = lineText.length - lineText.trimStart().length
    const colon = lineText.indexOf(':')
    if (colon <= lead) {
      const message =
        colon === lead
          ? 'A header line cannot start with ":" (HTTP/2 pseudo-headers such as :authority are set by the browser).'
          : 'Write each header as "Name: value", one per line (or a JSON object).'
      fail('headers-syntax', message, { line, column: lead + 1 })
    }
    const name = lineText.slice(lead, colon).trimEnd()
    headers.push({ name, value: lineText.slice(colon + 1), line, column: lead + 1 })
  })
  return headers
}

/** Parsed variables and, when they came as text, where each top-level member is. */
export interface ParsedVariables {
  value: Record<string, unknown>
  /** Empty when variables came as an object or were blank. */
  members: JsonMember[]
  /** The text the positions refer to ('' when not text). */
  text: string
}

/**
 * Parses the variables input: a JSON object string (blank means `{}`) or an object.
 *
 * @throws GraphQLInputError with `field: 'variables'`: a JSON syntax error at its line and column,
 *   or a value that is not an object at the position of that value.
 */
export function parseVariablesInput(input: string | Readonly<Record<string, unknown>> | undefined): ParsedVariables {
  if (input === undefined) return { value: {}, members: [], text: '' }
  if (typeof input !== 'string') {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new GraphQLInputError({ field: 'variables', code: 'variables-not-object', message: 'Variables must be an object.' })
    }
    return { value: { ...input }, members: [], text: '' }
  }
  if (input.trim() === '') return { value: {}, members: [], text: input }
  const parsed = parseJsonLocated(input)
  if (!parsed.ok) {
    throw new GraphQLInputError({
      field: 'variables',
      code: 'variables-syntax',
      message: `Variables JSON: ${parsed.message}`,
      line: parsed.line,
      column: parsed.column,
    })
  }
  const { value } = parsed
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`
    throw new GraphQLInputError({
      field: 'variables',
      code: 'variables-not-object',
      message: `Variables must be a JSON object like {"id": "1"}, not ${kind}.`,
      ...lineColumn(input, input.length - input.trimStart().length),
    })
  }
  return { value: value as Record<string, unknown>, members: parsed.members, text: input }
}
