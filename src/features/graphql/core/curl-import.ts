/**
 * A pasted curl command as a GraphQL request tab: the shared parser ({@link parseCurl}) reads the
 * command; this maps what it sends onto the tester's fields (endpoint, query, variables, operation,
 * headers), marks credentials secret, and leaves out what the tester or the browser sets itself.
 */
import { isForbiddenRequestHeader } from '../../../shared/core/http/headers'
import { boundedNotes, listed, parseCurl } from '../../../shared/core/http/curl-import'
import { excerpt } from '../../../shared/core/text'
import { parseJsonLocated } from '../../../shared/core/json/json-locate'
import { prettyJsonAt } from '../../../shared/core/json/json-pretty'
import { DEFAULT_ACCEPT } from './request/build'
import type { TabRequest } from './request-tabs'
import { extractUrlCredentials, type UrlSecret } from './url-credentials'

/** Result of {@link tabRequestFromCurl}. */
export type CurlTabImport =
  | {
      ok: true
      request: TabRequest
      notes: string[]
      /** Credentials the URL held, for secret environment variables the endpoint references as `{{name}}`. */
      secrets: UrlSecret[]
    }
  | { ok: false; message: string; line?: number; column?: number }

/** Headers the browser manages that DevTools copies along: not settable from a page, or noise. */
const BROWSER_HEADERS = new Set(['user-agent', 'priority', 'accept-language', 'pragma', 'cache-control'])

/**
 * Accept values the tester's own default covers: its default itself, and `*` `/` `*` (any type),
 * for which a GraphQL-over-HTTP server picks the same answer. Any other (`application/json`) is
 * kept: it changes the response's media type and, for errors, its status code.
 */
const PLAIN_ACCEPT = new Set(['*/*', DEFAULT_ACCEPT.toLowerCase().replace(/\s+/g, '')])

type Fields = Pick<TabRequest, 'query' | 'variables' | 'operationName'>

/**
 * Variables as the editor shows them: pretty JSON laid out from the text as sent (`raw`, starting
 * at `start`), so a 64-bit integer keeps its digits; '' for none (`{}` is what the tester sends for none).
 */
function variablesText(value: unknown, raw: string, start: number): string {
  const none = value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)
  return none ? '' : prettyJsonAt(raw, start).text
}

/** The GraphQL fields of a JSON body, or why the body is not a GraphQL request. */
function fromJsonBody(body: string): Fields | string {
  const parsed = parseJsonLocated(body)
  if (!parsed.ok) return `The body is not JSON (${parsed.message}, line ${parsed.line}, column ${parsed.column}); a GraphQL request body is {"query": "…"}.`
  const value = parsed.value
  if (Array.isArray(value)) return `The body is a batch of ${value.length} operations; import them one at a time.`
  if (typeof value !== 'object' || value === null || typeof (value as { query?: unknown }).query !== 'string') {
    return 'The body has no "query" string: it is not a GraphQL request (persisted queries that send only a hash are not imported).'
  }
  const { query, variables, operationName } = value as { query: string; variables?: unknown; operationName?: unknown }
  // The last "variables" member is the one JSON.parse kept.
  const member = parsed.members.findLast((m) => m.key === 'variables')
  return { query, variables: member ? variablesText(variables, body, member.valueOffset) : '', operationName: typeof operationName === 'string' ? operationName : '' }
}

/** The GraphQL fields of a GET URL's `query`, `variables` and `operationName` parameters, removed from `url`. */
function fromQueryString(url: URL): Fields | string {
  const params = url.searchParams
  const query = params.get('query') ?? ''
  const variables = params.get('variables')
  let variablesValue: unknown
  if (variables !== null && variables.trim() !== '') {
    const parsed = parseJsonLocated(variables)
    if (!parsed.ok) return `The variables parameter is not JSON (${parsed.message}).`
    variablesValue = parsed.value
  }
  const operationName = params.get('operationName') ?? ''
  for (const name of ['query', 'variables', 'operationName', 'extensions']) params.delete(name)
  return { query, variables: variables === null ? '' : variablesText(variablesValue, variables, 0), operationName }
}

/**
 * Reads a curl command (DevTools "Copy as cURL", our own "Copy as curl", API docs) as a request tab.
 *
 * - POST: the JSON body's `query`, `variables` (pretty-printed) and `operationName`; GET: the same
 *   from the URL's query parameters, which are removed from the endpoint.
 * - URL credentials: `?access_token=…`-like parameters become `{{name}}` references with the values
 *   in `secrets`, and `user:password@` a secret `Authorization: Basic` header (see url-credentials).
 * - Headers: credentials (by name or value, `-u`, `-b`, and `"$VAR"` placeholders, which arrive
 *   empty) become secret rows; `Content-Type: application/json` and an `Accept` the tester's default
 *   covers are left to the tester, as are headers only the browser sets (`Origin`, `Referer`,
 *   `sec-*`, `User-Agent`…), with a note; any other `Accept` (`application/json`) is kept.
 * - Variables keep every number's digits (a 64-bit ID is not rounded to a JavaScript number).
 *
 * @param options - `variableNames`: the names the URL's secrets must not take (the environment's variables).
 * @returns the request and notes (what was ignored or assumed), or the parser's refusal, or why the
 *   command is not a GraphQL request (a body without a `query`, a batch, not JSON).
 */
export function tabRequestFromCurl(command: string, options: { variableNames?: ReadonlySet<string> } = {}): CurlTabImport {
  const parsed = parseCurl(command)
  if (!parsed.ok) return parsed
  const { request, notes } = parsed
  const secret = new Set(parsed.secretHeaders.map((n) => n.toLowerCase()))
  let url: URL
  try {
    url = new URL(request.url)
  } catch {
    return { ok: false, message: `The URL "${excerpt(request.url, 200)}" is not a valid URL.` }
  }
  const fields = request.body === undefined ? fromQueryString(url) : fromJsonBody(request.body)
  if (typeof fields === 'string') return { ok: false, message: fields }
  if (request.method !== 'POST' && request.method !== 'GET') notes.push(`The command used ${request.method}; the tester sends POST.`)
  if (fields.query === '') notes.push('The command sends no GraphQL query: write one in the editor.')

  const dropped: string[] = []
  const headers: TabRequest['headers'] = []
  for (const [name, value] of request.headers) {
    const lower = name.toLowerCase()
    if (lower === 'content-type' && /^application\/json[ \t]*(?:;|$)/i.test(value)) continue
    if (lower === 'accept' && PLAIN_ACCEPT.has(value.toLowerCase().replace(/\s+/g, ''))) continue
    if ((isForbiddenRequestHeader(name) && lower !== 'cookie') || BROWSER_HEADERS.has(lower)) {
      dropped.push(name)
      continue
    }
    headers.push({ name, value, secret: secret.has(lower) })
  }
  if (dropped.length) notes.push(`Left out headers the browser sets itself: ${listed(dropped.map((name) => excerpt(name)), 'more')}.`)
  const credentials = extractUrlCredentials(url, options.variableNames)
  notes.push(...credentials.notes)
  if (credentials.authorization) {
    // As curl: an explicit Authorization header wins over the URL's user info.
    if (headers.some((header) => header.name.trim().toLowerCase() === 'authorization')) notes.push('The command also sets Authorization; that header is kept.')
    else headers.push({ name: 'Authorization', value: credentials.authorization, secret: true })
  }
  return { ok: true, request: { endpoint: credentials.endpoint, headers, timeout: '', ...fields }, notes: boundedNotes(notes), secrets: credentials.secrets }
}
