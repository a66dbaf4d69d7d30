/**
 * Sends a built request with fetch, straight to the endpoint (no proxy, so credentials go only to
 * the target), and reports one of four outcomes with the metrics the response panel shows.
 */
import type { CurlEnvVar } from '../../../../shared/core/http/curl'
import type { BuiltRequest } from './build'
import { preflightFor, toCurlWithEnv } from './curl'
import { type LikelyCause, diagnoseNetworkFailure, likelyNetworkCause } from '../../../../shared/core/http/network-error'
import { withTargetAddressSpace } from '../../../../shared/core/http/address-space'
import type { LocalNetworkPermission, TargetAddressSpace } from '../../../../shared/core/http/address-space'
import { type PerformanceLike, type TimingPhases, readTimingPhases } from './timing'
import { type BodyRead, readBodyChunks } from '../../../../shared/core/http/body-read'

/** A response was received (any status: 4xx/5xx are responses, not failures). */
export interface ResponseOutcome {
  kind: 'response'
  status: number
  statusText: string
  /** Lower-cased media type without parameters, e.g. `application/graphql-response+json`; '' when absent. */
  mediaType: string
  /** Response headers the page may read (CORS hides the rest unless exposed), lower-cased names. */
  headers: [string, string][]
  /** The body as text; when `bodyTruncated`, only its start. */
  bodyText: string
  /**
   * The body was larger than the page keeps as text (`BODY_TEXT_LIMIT_BYTES`, 32 MB): `bodyText`
   * is its start, `bodyBlob` holds the bytes for download, and it is not parsed. @default undefined
   */
  bodyTruncated?: boolean
  /** The body's bytes, set when `bodyTruncated` (for download). @default undefined */
  bodyBlob?: Blob
  /** Reading stopped at `BODY_READ_LIMIT_BYTES` (256 MB): the body is larger than `sizeBytes`. @default undefined */
  bodyCut?: boolean
  /** The parsed body when it is JSON (JSON media type or none given) and parsing was not disabled. */
  json?: unknown
  /** Why a body declared as JSON did not parse. */
  jsonError?: string
  /** performance.now() from just before fetch to the end of the body. */
  durationMs: number
  /** Decoded body size in bytes (after content-encoding). */
  sizeBytes: number
  /** Resource Timing phases when the browser exposes them. */
  timing?: TimingPhases
  /** The final URL after redirects (always set by `sendGraphQLRequest`; optional so stories can omit it). */
  url?: string
  /** Whether fetch followed a redirect. */
  redirected?: boolean
}

/** fetch threw: nothing readable came back. */
export interface NetworkErrorOutcome {
  kind: 'network-error'
  /** The browser's message, e.g. "Failed to fetch" — rarely informative, hence `likelyCause`. */
  message: string
  likelyCause: LikelyCause
  /** The URL the request went to (always set by `sendGraphQLRequest`; optional so stories can omit it). */
  url?: string
  /** The same request as curl, to check the endpoint outside the browser. */
  curl: string
  /** Variables the curl command reads for secret headers (always set by `sendGraphQLRequest`). */
  envVars?: CurlEnvVar[]
  /** The CORS preflight as a curl probe (`-i -X OPTIONS` with Origin and Access-Control-Request-*). */
  preflightCurl: string
  /** Names the server's Access-Control-Allow-Headers must list (always set by `sendGraphQLRequest`). */
  preflightHeaders?: string[]
  /** Set when the connection broke after the status line arrived (then CORS is not the cause). */
  afterResponse?: boolean
  /** Time until the failure (always set by `sendGraphQLRequest`). */
  durationMs?: number
}

/** The request was cancelled by the caller's signal, or hit `timeoutMs`. */
export interface StoppedOutcome {
  kind: 'aborted' | 'timeout'
  /** Time until cancellation (always set by `sendGraphQLRequest`). */
  durationMs?: number
}

/** Everything `sendGraphQLRequest` can report; it never rejects. */
export type GraphQLOutcome = ResponseOutcome | NetworkErrorOutcome | StoppedOutcome

/** The start of a large body still arriving, for {@link SendOptions.onBodyStart}. */
export interface BodyStart {
  status: number
  /** Lower-cased media type without parameters; '' when absent. */
  mediaType: string
  /** The text decoded so far (`BODY_START_CHARS`, 256 K characters, or a little more). */
  text: string
}

/** Options of {@link sendGraphQLRequest}. */
export interface SendOptions {
  /** Cancels the request (→ `aborted`). @default undefined */
  signal?: AbortSignal
  /** Gives up after this many milliseconds, body included (→ `timeout`). @default undefined — no limit */
  timeoutMs?: number
  /** The fetch to use. @default globalThis.fetch */
  fetch?: typeof fetch
  /** Pass `navigator.onLine`; `false` makes a network error `offline`. @default true */
  online?: boolean
  /** The page's origin (`location.origin`), for the mixed-content/CORS diagnosis and the preflight probe. @default undefined */
  pageOrigin?: string
  /** Header names emitted as `$ENV_VAR` in the network-error curl, so secrets are not printed. @default [] */
  secretHeaders?: readonly string[]
  /** fetch `credentials`. @default 'same-origin' — fetch's own default: no cookies to other origins. */
  credentials?: RequestCredentials
  /** Parse JSON bodies here; turn off to parse a huge body in a worker instead. @default true */
  parseJson?: boolean
  /** Clock and Resource Timing source. @default globalThis.performance */
  performance?: PerformanceLike
  /**
   * Called once, while a large body is still arriving, with its start (see `readBodyChunks`'s
   * `onStart`), so the page can show the first rows before the rest. @default undefined
   */
  onBodyStart?: (start: BodyStart) => void
  /**
   * Probe the network after a failure to name its cause (`diagnoseNetworkFailure`: two credential-less
   * GETs to the endpoint and the Local Network Access permission); off, the cause is only inferred.
   * @default true
   */
  diagnose?: boolean
  /** Reads the Local Network Access permission, for the diagnosis. @default the Permissions API */
  localNetworkPermission?: (space: TargetAddressSpace) => Promise<LocalNetworkPermission>
}

/**
 * Sends the request and describes the result. Never throws: cancellation, timeout and network
 * failures are outcomes too.
 */
export async function sendGraphQLRequest(request: BuiltRequest, options: SendOptions = {}): Promise<GraphQLOutcome> {
  const perf: PerformanceLike = options.performance ?? globalThis.performance
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init))
  const start = perf.now()
  const elapsed = () => perf.now() - start
  if (options.signal?.aborted) return { kind: 'aborted', durationMs: 0 }

  // One controller for both causes, and flags to tell them apart afterwards: an AbortError alone
  // does not say whether the user cancelled or the timer fired.
  const controller = new AbortController()
  let timedOut = false
  const onAbort = () => controller.abort(options.signal?.reason)
  options.signal?.addEventListener('abort', onAbort, { once: true })
  const timer =
    options.timeoutMs !== undefined
      ? setTimeout(() => {
          timedOut = true
          controller.abort(new DOMException(`Timed out after ${options.timeoutMs} ms`, 'TimeoutError'))
        }, options.timeoutMs)
      : undefined

  let response: Response | undefined
  try {
    // Racing the abort keeps cancel and timeout reliable even with a fetch that ignores signals.
    const stopped = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true })
    })
    stopped.catch(() => {}) // only observed through the race below
    const received = await Promise.race([
      // targetAddressSpace lets a page on a public origin reach a loopback or private server once
      // the user allows local network access (Chrome 142+; left out where unsupported).
      doFetch(
        request.url,
        withTargetAddressSpace(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          signal: controller.signal,
          credentials: options.credentials ?? 'same-origin',
        }),
      ),
      stopped,
    ])
    response = received
    // Chunk by chunk, with the size guard: a 100 MB body or a gzip bomb is never decoded whole.
    const contentType = received.headers.get('content-type') ?? ''
    const onBodyStart = options.onBodyStart
    const onStart = onBodyStart && ((text: string) => onBodyStart({ status: received.status, mediaType: mediaTypeOf(contentType), text }))
    const body = await Promise.race([readBodyChunks(received.body, { contentType, ...(onStart ? { onStart } : {}) }), stopped])
    const durationMs = elapsed()
    return await describeResponse(response, body, durationMs, perf, request.url, start, options.parseJson ?? true)
  } catch (error) {
    if (timedOut) return { kind: 'timeout', durationMs: elapsed() }
    if (options.signal?.aborted || (error instanceof Error && error.name === 'AbortError')) {
      return { kind: 'aborted', durationMs: elapsed() }
    }
    const outcome = networkErrorOutcome(request, error, options, response !== undefined, elapsed())
    if (outcome.afterResponse || options.diagnose === false) return outcome
    const context = { online: options.online ?? true, ...(options.pageOrigin ? { pageOrigin: options.pageOrigin } : {}) }
    const probe = { fetch: doFetch, ...(options.localNetworkPermission ? { localNetworkPermission: options.localNetworkPermission } : {}) }
    return { ...outcome, likelyCause: await diagnoseNetworkFailure(error, request.url, context, probe) }
  } finally {
    if (timer !== undefined) clearTimeout(timer)
    options.signal?.removeEventListener('abort', onAbort)
  }
}

async function describeResponse(
  response: Response,
  body: BodyRead,
  durationMs: number,
  perf: PerformanceLike,
  url: string,
  start: number,
  parseJson: boolean,
): Promise<ResponseOutcome> {
  const mediaType = mediaTypeOf(response.headers.get('content-type') ?? '')
  const bodyText = body.text
  const headers: [string, string][] = []
  response.headers.forEach((value, name) => headers.push([name, value]))

  const outcome: ResponseOutcome = {
    kind: 'response',
    status: response.status,
    statusText: response.statusText,
    mediaType,
    headers,
    bodyText,
    durationMs,
    sizeBytes: body.sizeBytes,
    url: response.url || url,
    redirected: response.redirected,
  }
  if (body.truncated) {
    outcome.bodyTruncated = true
    if (body.blob) outcome.bodyBlob = body.blob
  }
  if (body.cut) outcome.bodyCut = true
  if (parseJson && !body.truncated && (isJsonMediaType(mediaType) || mediaType === '') && bodyText.trim() !== '') {
    try {
      outcome.json = JSON.parse(bodyText)
    } catch (error) {
      if (mediaType !== '') outcome.jsonError = error instanceof Error ? error.message : String(error)
    }
  }
  let timing = readTimingPhases(perf, url, start)
  if (!timing && typeof perf.getEntriesByName === 'function') {
    // Browsers may queue the entry a task after the body completes.
    await new Promise((resolve) => setTimeout(resolve, 0))
    timing = readTimingPhases(perf, url, start)
  }
  if (timing) outcome.timing = timing
  return outcome
}

/** The media type of a Content-Type header: lower-cased, without parameters; '' for none. */
function mediaTypeOf(contentType: string): string {
  return (contentType.split(';', 1)[0] ?? '').trim().toLowerCase()
}

/** Whether a media type is JSON: `application/json`, `application/graphql-response+json`, any `+json`. */
export function isJsonMediaType(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json')
}

/**
 * The network-error outcome of `request` failing with `error`: the likely cause as inferred without
 * probing (not CORS once `afterResponse`, the status line having arrived; `sendGraphQLRequest`
 * then probes to decide), and the curl commands to check it outside the browser. Exported for a
 * send run elsewhere (a worker) that stops without an outcome.
 */
export function networkErrorOutcome(
  request: BuiltRequest,
  error: unknown,
  options: SendOptions,
  afterResponse: boolean,
  durationMs: number,
): NetworkErrorOutcome {
  const context = { online: options.online ?? true, ...(options.pageOrigin ? { pageOrigin: options.pageOrigin } : {}) }
  const curl = toCurlWithEnv(request, options.secretHeaders ? { secretHeaders: options.secretHeaders } : {})
  const preflight = preflightFor(request, options.pageOrigin)
  const outcome: NetworkErrorOutcome = {
    kind: 'network-error',
    message: error instanceof Error ? error.message : String(error),
    // A break after the status line is not CORS (the browser already allowed the response).
    likelyCause: afterResponse ? (context.online ? 'unknown' : 'offline') : likelyNetworkCause(error, request.url, context),
    url: request.url,
    curl: curl.command,
    envVars: curl.envVars,
    preflightCurl: preflight.curl,
    preflightHeaders: preflight.headerNames,
    durationMs,
  }
  if (afterResponse) outcome.afterResponse = true
  return outcome
}
