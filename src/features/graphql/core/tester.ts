/**
 * Pure helpers of the GraphQL tester store: header rows (with the per-header secret flag), what
 * may be persisted, the one-sentence summary screen readers hear. Kept out
 * of the store so they are unit-tested without Pinia or a DOM.
 */
import { credentialKind, describeNetworkFailure, headerValueProblem, isCredentialHeader, isHttpToken, isLoopbackHost, isSensitiveHeaderName, normalizeHeaderValue } from '@/shared/core/http'
import { graphqlShape, responseVerdict, statusLabel, type GraphQLInputError, type GraphQLInputField, type GraphQLOutcome } from '@/features/graphql/core/request'
import { NodeKind, nodeJson, nodeKey, type JsonTreeModel } from '@/shared/core/json/json-tree'
import { formatBytes, formatElapsed } from '@/shared/core/format'

/** An input problem shown at its field; `line`/`column` locate it in editor text. */
export interface FieldError {
  field: GraphQLInputField | 'timeout'
  message: string
  line?: number
  column?: number
  /** The header row at fault, for a header value's unknown `{{name}}`. */
  rowId?: string
}

/** A {@link GraphQLInputError} as the {@link FieldError} shown at its field. */
export function toFieldError(error: GraphQLInputError): FieldError {
  return {
    field: error.field,
    message: error.message,
    ...(error.line !== undefined ? { line: error.line } : {}),
    ...(error.column !== undefined ? { column: error.column } : {}),
  }
}

/** One row of the headers editor. */
export interface HeaderRow {
  /** Stable identity for list rendering and focus. */
  id: string
  name: string
  value: string
  /** Masked on screen, kept only in memory, sent in curl as `"$VARIABLE"`. */
  secret: boolean
  /**
   * The user chose "remember on this device" for a credential-looking header that is not secret:
   * only then is its value saved in this browser's storage (never in links or history). @default false
   */
  remember?: boolean
}

/** A problem with one header row, shown at the input it concerns. */
export interface HeaderRowProblem {
  field: 'name' | 'value'
  message: string
}

let rowSequence = 0

/** A new row; `secret` defaults to whether the name usually carries a credential (Authorization, API keys, tokens). */
export function newHeaderRow(name = '', value = '', secret?: boolean, remember?: boolean): HeaderRow {
  rowSequence += 1
  const row: HeaderRow = { id: `h${rowSequence}`, name, value, secret: secret ?? isCredentialHeader(name, value) }
  if (remember) row.remember = true
  return row
}

/**
 * Why a row that is not secret holds a credential, for the notice that offers to mark it secret
 * ("looks like a GitHub token"); undefined for secret rows and ordinary values.
 */
export function credentialNotice(row: Pick<HeaderRow, 'name' | 'value' | 'secret'>): string | undefined {
  if (row.secret || row.value.trim() === '') return undefined
  const kind = credentialKind(row.value)
  if (kind) return `This value looks like ${kind}.`
  return isSensitiveHeaderName(row.name) ? `${row.name.trim()} usually carries a credential.` : undefined
}

/** Whether a row's value may be written to this browser's storage: not secret, and not a credential unless remembered. */
function isStorable(row: HeaderRow): boolean {
  return !row.secret && (row.remember === true || !isCredentialHeader(row.name, row.value))
}

/** Whether a row is blank (ignored when sending). */
function isBlankRow(row: Pick<HeaderRow, 'name' | 'value'>): boolean {
  return row.name.trim() === '' && row.value.trim() === ''
}

/**
 * Checks each non-blank row: a name that is an HTTP token, a value that fetch can send, no
 * duplicate names (any case). Keyed by row id.
 */
export function headerRowProblems(rows: readonly HeaderRow[]): Map<string, HeaderRowProblem> {
  const problems = new Map<string, HeaderRowProblem>()
  const seen = new Map<string, string>()
  for (const row of rows) {
    if (isBlankRow(row)) continue
    const name = row.name.trim()
    if (name === '') {
      problems.set(row.id, { field: 'name', message: 'Enter a header name, or clear the value.' })
      continue
    }
    if (!isHttpToken(name)) {
      problems.set(row.id, {
        field: 'name',
        message: `"${name}" is not a valid header name (letters, digits and !#$%&'*+-.^_\`|~ only, no spaces or colons).`,
      })
      continue
    }
    const problem = headerValueProblem(normalizeHeaderValue(row.value))
    if (problem) {
      problems.set(row.id, { field: 'value', message: problem.message })
      continue
    }
    const lower = name.toLowerCase()
    const first = seen.get(lower)
    if (first !== undefined) {
      problems.set(row.id, { field: 'name', message: `"${name}" is already set above (as "${first}"); keep one.` })
      continue
    }
    seen.set(lower, name)
  }
  return problems
}

/**
 * The rows as the header object the request builder takes. Left out: blank rows, and secret rows
 * with no value yet — a placeholder for a credential (a new tab's Authorization row, a token not
 * remembered across a reload), never meant to go out as an empty `Authorization:`.
 */
export function rowsToHeaders(rows: readonly HeaderRow[]): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const row of rows) if (isSent(row)) headers[row.name.trim()] = row.value
  return headers
}

/** Names of the secret rows that are sent. */
export function secretHeaderNames(rows: readonly HeaderRow[]): string[] {
  return rows.filter((row) => (row.secret || isCredentialHeader(row.name, row.value)) && isSent(row)).map((row) => row.name.trim())
}

function isSent(row: HeaderRow): boolean {
  return !isBlankRow(row) && !(row.secret && row.value.trim() === '')
}

/** What survives a reload (localStorage). */
export interface PersistedGraphQLState {
  endpoint: string
  query: string
  variables: string
  /** Secret and credential rows keep their name and flag, never their value (unless `remember`). */
  headers: { name: string; value: string; secret: boolean; remember?: boolean }[]
  timeout: string
}

/** The state to store: secret values are dropped here, so no code path can persist them. */
export function persistableState(state: {
  endpoint: string
  query: string
  variables: string
  headers: readonly HeaderRow[]
  timeout: string
}): PersistedGraphQLState {
  return {
    endpoint: state.endpoint,
    query: state.query,
    variables: state.variables,
    headers: state.headers
      .filter((row) => !isBlankRow(row) || row.secret)
      .map((row) => ({ name: row.name, value: isStorable(row) ? row.value : '', secret: row.secret, ...(row.remember && !row.secret ? { remember: true } : {}) })),
    timeout: state.timeout,
  }
}

/** Reads stored state defensively (it may be from an older version or edited by hand). */
export function readPersistedState(raw: string | null): Partial<PersistedGraphQLState> {
  if (!raw) return {}
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return {}
  }
  if (typeof value !== 'object' || value === null) return {}
  const v = value as Record<string, unknown>
  const out: Partial<PersistedGraphQLState> = {}
  for (const key of ['endpoint', 'query', 'variables', 'timeout'] as const) {
    const field = v[key]
    if (typeof field === 'string') out[key] = field
  }
  if (Array.isArray(v['headers'])) {
    out.headers = v['headers']
      .filter((h): h is Record<string, unknown> => typeof h === 'object' && h !== null)
      .filter((h) => typeof h['name'] === 'string')
      .map((h) => {
        const secret = h['secret'] === true
        const remember = !secret && h['remember'] === true
        const value = secret || typeof h['value'] !== 'string' ? '' : h['value']
        return { name: String(h['name']), value: remember || !isCredentialHeader(String(h['name']), value) ? value : '', secret, ...(remember ? { remember } : {}) }
      })
  }
  return out
}

/**
 * The demo server's endpoint when the app itself runs locally (`npm start`, the e2e tests), so a
 * first Send works at once; elsewhere the field starts empty. "Locally" is {@link isLoopbackHost},
 * the same rule the webhook page uses to offer its demo receiver.
 */
export function defaultEndpoint(hostname: string, demoUrl: string): string {
  return isLoopbackHost(hostname) ? demoUrl : ''
}

/** Parses the optional timeout field (seconds). */
export function parseTimeoutInput(text: string): { ok: true; ms: number | undefined } | { ok: false; message: string } {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: true, ms: undefined }
  if (!/^\d+(?:\.\d+)?$/.test(trimmed)) return { ok: false, message: 'Enter the timeout in seconds as a number, e.g. 10 or 0.5, or leave it empty for none.' }
  const seconds = Number(trimmed)
  if (seconds <= 0 || seconds > 3600) return { ok: false, message: 'The timeout must be more than 0 and at most 3600 seconds.' }
  return { ok: true, ms: Math.round(seconds * 1000) }
}

/** One GraphQL error as the errors list shows it. */
export interface GraphQLErrorItem {
  message: string
  /** e.g. `user.friends.0.name`. */
  path?: string
  locations: { line: number; column: number }[]
  /** `extensions.code` when present, e.g. `NOT_FOUND`. */
  code?: string
}

/** The `errors` array of a response, read defensively (anything may come back). */
export function graphqlErrors(json: unknown): GraphQLErrorItem[] {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return []
  const errors = (json as Record<string, unknown>)['errors']
  if (!Array.isArray(errors)) return []
  return errors.map((raw): GraphQLErrorItem => {
    const e = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {}
    const item: GraphQLErrorItem = {
      message: typeof e['message'] === 'string' ? e['message'] : JSON.stringify(raw) ?? 'Unknown error',
      locations: Array.isArray(e['locations'])
        ? e['locations'].flatMap((l: unknown) => {
            const loc = l as Record<string, unknown> | null
            return loc && typeof loc['line'] === 'number' && typeof loc['column'] === 'number' ? [{ line: loc['line'], column: loc['column'] }] : []
          })
        : [],
    }
    if (Array.isArray(e['path'])) item.path = e['path'].map(String).join('.')
    const ext = e['extensions']
    if (typeof ext === 'object' && ext !== null && typeof (ext as Record<string, unknown>)['code'] === 'string') {
      item.code = (ext as Record<string, string>)['code']
    }
    return item
  })
}

/**
 * The one short sentence screen readers hear after a request — never the body:
 * "200 OK, 143 ms, 12 kB, 2 errors", "No server answered at 127.0.0.1:7999. Start the server …" (a failure
 * by its diagnosis and next step).
 */
export function outcomeSummary(outcome: GraphQLOutcome, timeoutMs?: number): string {
  switch (outcome.kind) {
    case 'aborted':
      return 'Request cancelled'
    case 'timeout':
      return timeoutMs !== undefined ? `Timed out after ${formatElapsed(timeoutMs)}` : 'Timed out'
    case 'network-error': {
      const words = describeNetworkFailure(outcome.likelyCause, outcome.url ?? '', outcome.afterResponse ? { afterResponse: true } : {})
      return `${words.title}. ${words.nextStep}`
    }
    case 'response': {
      const { errorCount } = graphqlShape(outcome.json)
      const parts = [statusLabel(outcome.status, outcome.statusText), formatElapsed(outcome.durationMs), formatBytes(outcome.sizeBytes)]
      if (errorCount > 0) parts.push(`${errorCount} ${errorCount === 1 ? 'error' : 'errors'}`)
      else if (outcome.json === undefined) parts.push(responseVerdict(outcome).title)
      return parts.join(', ')
    }
  }
}

/** Response headers as `Name: value` lines, the form the rate-limit parser reads. */
export function headerLines(headers: readonly (readonly [string, string])[]): string {
  return headers.map(([name, value]) => `${name}: ${value}`).join('\n')
}

/**
 * A stand-in for the parsed body of a large response, read from its tree model (parsed in a
 * worker) so the main thread never runs JSON.parse on megabytes: the top-level `errors` array in
 * full (it is small) and whether `data` is null or present — all the verdict, the summary and the
 * errors list need. `data` holds an empty object as a marker; the tree shows the real data.
 */
export function responseShapeFromModel(model: JsonTreeModel): unknown {
  if (model.count === 0 || model.kind[0] !== NodeKind.object) return model.count === 0 ? undefined : []
  const shape: Record<string, unknown> = {}
  for (let i = 1; i < model.count; i = model.end[i] ?? i + 1) {
    const key = nodeKey(model, i)
    if (key === 'data') shape['data'] = model.kind[i] === NodeKind.null ? null : {}
    else if (key === 'errors') shape['errors'] = JSON.parse(nodeJson(model, i, 0)) as unknown
  }
  return shape
}
