/**
 * The GraphQL-over-HTTP reading of an outcome: can the body be trusted as the GraphQL server's
 * answer, and did the operation succeed, partly succeed or fail. The spec's key facts:
 * `application/graphql-response+json` is authoritative whatever the status; with
 * `application/json` only 2xx is known to come from the GraphQL server (a 4xx/5xx may be a proxy's);
 * data plus errors is a partial success (status 294 from servers following the 2026 draft).
 */
import type { GraphQLOutcome, ResponseOutcome } from './send'
import { isJsonMediaType } from './send'
import { describeNetworkFailure } from '../../../../shared/core/http/network-failure-words'
import { reasonPhrase } from '../../../../shared/core/http/status'

/** The verdict shown beside the status badge. */
export interface ResponseVerdict {
  /** For colour and icon: `success` data without errors, `partial` data with errors, `error`, or `warning` (readable but suspicious). */
  level: 'success' | 'partial' | 'error' | 'warning'
  /** A few words, e.g. "Partial success". */
  title: string
  /** One or two sentences naming the media type and status when they matter. */
  message: string
  /** Whether the body is known to be the GraphQL server's own response. */
  authoritative: boolean
  /** Number of entries in the GraphQL `errors` array (0 when none or not a GraphQL response). */
  errorCount: number
  /** Whether `data` is present and not null. */
  hasData: boolean
}

const STATUS_HINTS: Readonly<Record<number, string>> = {
  400: 'the server could not parse the request body or the GraphQL document',
  401: 'not authenticated: check the Authorization header',
  403: 'not permitted with these credentials',
  404: 'nothing is served at this URL: check the endpoint path',
  405: 'method not allowed (mutations must be sent with POST)',
  406: 'the server cannot produce any media type listed in Accept',
  413: 'the request body is too large',
  414: 'the URL is too long',
  415: 'the server does not accept this Content-Type (the spec requires application/json)',
  422: 'the document failed validation, the operation is ambiguous, or the variables could not be coerced',
  429: 'rate limited: see the rate-limit headers for when to retry',
  431: 'the request headers are too large',
  500: 'internal server error',
  502: 'bad gateway: usually a proxy or load balancer that could not reach the server',
  503: 'service unavailable: maintenance or overload',
  504: 'gateway timeout: a proxy gave up waiting for the server',
}

/** "200 OK", or "294 Partial Success" when HTTP/2 gives no reason phrase; a hostile one as an excerpt (`reasonPhrase`). */
export function statusLabel(status: number, statusText: string): string {
  const text = reasonPhrase(statusText) || (status === 294 ? 'Partial Success' : '')
  return text ? `${status} ${text}` : String(status)
}

/**
 * The outcome in at most 9 characters, for a badge with little room (the request toolbar's): the
 * status code of a response ("400"), else a word or two ("Cancelled", "Timed out", "CORS",
 * "No reply"). The whole status and verdict are in the response pane.
 */
export function statusBadge(outcome: GraphQLOutcome): string {
  switch (outcome.kind) {
    case 'response':
      return String(outcome.status)
    case 'network-error':
      return describeNetworkFailure(outcome.likelyCause, outcome.url ?? '', outcome.afterResponse ? { afterResponse: true } : {}).badge
    default:
      return responseVerdict(outcome).title
  }
}

/** The spec reading of an outcome; see the module comment for the rules. */
export function responseVerdict(outcome: GraphQLOutcome): ResponseVerdict {
  const none = { authoritative: false, errorCount: 0, hasData: false }
  switch (outcome.kind) {
    case 'aborted':
      return { ...none, level: 'warning', title: 'Cancelled', message: 'The request was cancelled before a response arrived.' }
    case 'timeout':
      return { ...none, level: 'error', title: 'Timed out', message: 'No complete response within the time limit.' }
    case 'network-error': {
      const words = describeNetworkFailure(outcome.likelyCause, outcome.url ?? '', outcome.afterResponse ? { afterResponse: true } : {})
      return { ...none, level: 'error', title: words.title, message: `${words.explanation} ${words.nextStep}` }
    }
    case 'response':
      return readResponse(outcome)
  }
}

function readResponse(r: ResponseOutcome): ResponseVerdict {
  const status = statusLabel(r.status, r.statusText)
  const hint = STATUS_HINTS[r.status]
  const withHint = (text: string) => (hint ? `${text} (${hint}).` : `${text}.`)
  const shape = graphqlShape(r.json)
  const media = r.mediaType || 'no Content-Type'
  const counts = { errorCount: shape.errorCount, hasData: shape.hasData }
  const ok = r.status >= 200 && r.status < 300

  if (!isJsonMediaType(r.mediaType)) {
    if (r.mediaType === '' && shape.isResponse) {
      return { level: 'warning', title: 'No media type', authoritative: false, ...counts, message: `${status}: the body looks like a GraphQL response but has no Content-Type; the spec requires application/graphql-response+json or application/json.` }
    }
    const html = r.mediaType === 'text/html' || /^\s*</.test(r.bodyText)
    const what = r.bodyText.trim() === '' ? 'an empty body' : html ? `an HTML page (${media})` : `a ${media} body`
    const why = html ? ' An HTML page usually means a wrong URL, a login page, or an error page from a proxy.' : ''
    return { level: 'error', title: 'Not a GraphQL response', authoritative: false, ...counts, message: `${withHint(`${status} with ${what}`)}${why}` }
  }
  if (r.json === undefined) {
    return { level: 'error', title: 'Invalid JSON', authoritative: false, ...counts, message: withHint(`${status}: the body is declared ${media} but is not valid JSON`) }
  }

  const authoritative = r.mediaType === 'application/graphql-response+json' || ok
  if (!authoritative) {
    const looks = shape.isResponse
      ? ` The body looks like a GraphQL response${shape.errorCount ? ` with ${plural(shape.errorCount, 'error')}` : ''}, but only application/graphql-response+json would make that certain.`
      : ''
    return { level: 'error', title: 'HTTP error', authoritative, ...counts, message: `${withHint(`${media} ${r.status}: may come from a proxy or gateway, not the GraphQL server`)}${looks}` }
  }
  if (!shape.isResponse) {
    return { level: 'warning', title: 'Not a GraphQL response', authoritative: false, ...counts, message: `${status} ${media}: the JSON has neither "data" nor "errors".` }
  }
  if (shape.hasData && shape.errorCount > 0) {
    return { level: 'partial', title: 'Partial success', authoritative, ...counts, message: `${status}: data with ${plural(shape.errorCount, 'error')}; some fields failed and are null.` }
  }
  if (shape.hasData) {
    const note = ok ? '' : ` Unusual status for a successful response${hint ? ` (${hint})` : ''}.`
    return { level: ok ? 'success' : 'warning', title: 'Success', authoritative, ...counts, message: `${status}: data without errors.${note}` }
  }
  if (shape.dataPresent) {
    return { level: 'error', title: 'Execution error', authoritative, ...counts, message: `${status}: data is null with ${plural(shape.errorCount, 'error')}; a non-null field failed, so nothing could be returned.` }
  }
  return { level: 'error', title: 'Request error', authoritative, ...counts, message: withHint(`${status}: the server rejected the request before executing it, with ${plural(shape.errorCount, 'error')}`) }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** What a parsed body contains, read defensively since it comes from anywhere. */
export function graphqlShape(json: unknown): { isResponse: boolean; dataPresent: boolean; hasData: boolean; errorCount: number } {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { isResponse: false, dataPresent: false, hasData: false, errorCount: 0 }
  }
  const body = json as Record<string, unknown>
  const errors = body['errors']
  const dataPresent = 'data' in body
  return {
    isResponse: dataPresent || Array.isArray(errors),
    dataPresent,
    hasData: dataPresent && body['data'] !== null && body['data'] !== undefined,
    errorCount: Array.isArray(errors) ? errors.length : 0,
  }
}
