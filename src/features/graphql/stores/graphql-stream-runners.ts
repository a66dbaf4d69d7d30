/**
 * The three ways a stream runs from the browser, each straight to the user's endpoint:
 * - SSE through the `graphql-sse` client ("distinct connections" mode: one POST with
 *   `Accept: text/event-stream` per subscription; headers as HTTP headers);
 * - WebSocket through the `graphql-ws` client (`graphql-transport-ws`; headers in the
 *   `connection_init` payload, since browsers cannot set WebSocket headers);
 * - `@defer`/`@stream` over HTTP: one POST whose `multipart/mixed` answer is read part by part.
 * Both client libraries are imported on first use, so the page never downloads them before a
 * stream starts (scripts/bundle-budget.mjs enforces it). No retries: a failure is said at once,
 * never hidden behind reconnect attempts, and nothing waits forever.
 */
import type { BuiltRequest } from '@/features/graphql/core/request'
import { boundaryOf, createMultipartReader, describeWebSocketClose, httpUrl, LEGACY_PROTOCOL_WORDS, webSocketUrl, type GraphQLTransport } from '@/features/graphql/core/stream'
import { diagnoseNetworkFailure, isFetchTypeError, type LikelyCause, type NetworkContext } from '@/shared/core/http/network-error'
import { withTargetAddressSpace } from '@/shared/core/http/address-space'
import { describeNetworkFailure } from '@/shared/core/http/network-failure-words'

/** Where a runner reports. Each method may be called from any task; the store batches. */
export interface StreamSink {
  /** One payload arrived: its JSON text as received and the value parsed from it. */
  event(text: string, payload: unknown): void
  /** The server said the stream is over. */
  complete(): void
  /** The stream ended with a failure, in words. */
  fail(message: string): void
}

/** Options of {@link runStream}. */
export interface StreamRunOptions {
  /** How long the WebSocket waits for `connection_ack` before saying so. @default 5000 */
  connectionAckWaitTimeoutMs?: number
  /** The page's origin, for the failure diagnosis. @default location.origin */
  pageOrigin?: string
  /** Whether the browser is online, for the failure diagnosis. @default navigator.onLine */
  online?: boolean
}

/** Stops a running stream (the server sees the connection or request close). */
export type StopStream = () => void

/** The accept header of an incremental request: multipart first, plain JSON still accepted. */
export const INCREMENTAL_ACCEPT = 'multipart/mixed;deferSpec=20220824, application/graphql-response+json, application/json'

const payloadOf = (request: BuiltRequest): { query: string; variables?: Record<string, unknown>; operationName?: string } =>
  JSON.parse(request.body) as { query: string; variables?: Record<string, unknown>; operationName?: string }

/** Headers minus the ones a transport sets itself (Content-Type, Accept). */
function userHeaders(request: BuiltRequest): Record<string, string> {
  return Object.fromEntries(Object.entries(request.headers).filter(([name]) => !/^(?:content-type|accept)$/i.test(name)))
}

/** A failure in the words every transport shares: what happened, what the page could tell, the next step. */
function failureText(cause: LikelyCause, url: string, afterResponse = false): string {
  const words = describeNetworkFailure(cause, url, afterResponse ? { afterResponse } : {})
  return `${words.title}. ${words.explanation} ${words.nextStep}`
}

/**
 * Says why a request of a stream failed: fetch's TypeError is diagnosed by probing
 * (`diagnoseNetworkFailure`: no server, CORS, redirect, Local Network Access …); anything else
 * is said with its own message.
 */
async function failNetwork(sink: StreamSink, error: unknown, url: string, options: StreamRunOptions): Promise<void> {
  if (!isFetchTypeError(error)) return sink.fail(error instanceof Error ? error.message : String(error))
  sink.fail(failureText(await diagnoseNetworkFailure(error, url, networkContext(options)), url))
}

/** The page's origin and online state for the diagnosis: the options', else the page's own. */
function networkContext(options: StreamRunOptions): NetworkContext {
  const origin = options.pageOrigin ?? (typeof location === 'undefined' ? undefined : location.origin)
  return { online: options.online ?? (typeof navigator === 'undefined' ? true : navigator.onLine), ...(origin ? { pageOrigin: origin } : {}) }
}

/**
 * A fetch for a client library that keeps the browser's own error: graphql-sse wraps fetch's
 * TypeError in its `NetworkError` (same message, no cause), which would hide what failed.
 */
function recordingFetch(): { fetch: typeof fetch; failure: () => unknown } {
  let failure: unknown
  const recording = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    try {
      return await fetch(input, withTargetAddressSpace(url, init ?? {}))
    } catch (error) {
      failure = error
      throw error
    }
  }
  return { fetch: recording, failure: () => failure }
}

async function runSse(request: BuiltRequest, sink: StreamSink, options: StreamRunOptions): Promise<StopStream> {
  const { createClient } = await import('graphql-sse')
  const recording = recordingFetch()
  const client = createClient({ url: request.url, headers: userHeaders(request), retryAttempts: 0, credentials: 'same-origin', fetchFn: recording.fetch })
  let ended = false
  const dispose = client.subscribe(payloadOf(request), {
    next: (result) => sink.event(JSON.stringify(result), result),
    error: (error: unknown) => {
      ended = true
      // graphql-sse's NetworkError: with `response`, the server answered (a status or media type it
      // could not use); without, fetch itself failed (diagnosed) or the stream broke after it began.
      const answered = error instanceof Error && error.name === 'NetworkError' && 'response' in error && error.response !== undefined
      const fetchFailure = recording.failure()
      if (!answered && fetchFailure !== undefined) return void failNetwork(sink, fetchFailure, request.url, options)
      if (!answered && error instanceof Error && (error.name === 'NetworkError' || isFetchTypeError(error))) return sink.fail(failureText('unknown', request.url, true))
      const text = error instanceof Error ? error.message : String(error)
      sink.fail(
        /content-type|event-stream|status|responded/i.test(text)
          ? `The server did not answer with an event stream (${text}). It may not speak GraphQL over SSE: try the WebSocket transport in the tab's settings.`
          : text,
      )
    },
    complete: () => {
      if (ended) return
      ended = true
      sink.complete()
    },
  })
  return () => {
    ended = true
    dispose()
  }
}

async function runWebSocket(request: BuiltRequest, sink: StreamSink, options: StreamRunOptions): Promise<StopStream> {
  const url = webSocketUrl(request.url)
  if (!url) {
    sink.fail('The endpoint cannot be reached over WebSocket (it needs http(s):// or ws(s)://).')
    return () => {}
  }
  const { createClient } = await import('graphql-ws')
  let ended = false
  let opened = false
  let acknowledged = false
  const client = createClient({
    url,
    connectionParams: userHeaders(request),
    lazy: true,
    retryAttempts: 0,
    connectionAckWaitTimeout: options.connectionAckWaitTimeoutMs ?? 5000,
    on: { opened: () => void (opened = true), connected: () => void (acknowledged = true) },
  })
  const end = () => {
    ended = true
    void client.dispose()
  }
  const unsubscribe = client.subscribe(payloadOf(request), {
    next: (result) => sink.event(JSON.stringify(result), result),
    error: (error: unknown) => {
      if (ended) return
      end()
      try {
        failWebSocket(error, { opened, acknowledged })
      } catch {
        sink.fail('The WebSocket connection failed with an error that cannot be shown.')
      }
    },
    complete: () => {
      if (ended) return
      end()
      sink.complete()
    },
  })
  /**
   * graphql-ws reports a close as the CloseEvent, GraphQL errors of the operation as an array, a
   * message it could not use as an Error (a TypeError too: never a fetch failure here). A socket
   * that fails before opening reports a bare error Event: the browser says nothing more, so an
   * HTTP probe of the same address tells "no server" (or a refused local network access) from "a
   * server that does not take WebSockets here".
   */
  function failWebSocket(error: unknown, state: { opened: boolean; acknowledged: boolean }): void {
    if (isSocketErrorEvent(error)) {
      if (state.opened) return sink.fail(describeWebSocketClose(1006))
      const target = httpUrl(request.url)
      // WebSockets have no CORS: a server that answers HTTP here just does not take WebSockets at this URL.
      void diagnoseNetworkFailure(new TypeError('WebSocket connection failed'), target, networkContext(options))
        .then((cause) => sink.fail(cause === 'unreachable' || cause === 'local-network' || cause === 'offline' ? failureText(cause, target) : describeWebSocketClose(1006)))
        .catch(() => sink.fail(describeWebSocketClose(1006)))
      return
    }
    if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'number') {
      // subscriptions-transport-ws accepts the socket, then closes with 1002 when the subprotocol is not its own.
      if (error.code === 1002 && state.opened && !state.acknowledged) return sink.fail(LEGACY_PROTOCOL_WORDS)
      return sink.fail(describeWebSocketClose(error.code, 'reason' in error ? textOf(error.reason) : ''))
    }
    if (Array.isArray(error)) return sink.fail(`The server refused the operation: ${error.map((e: unknown) => textOf(e && typeof e === 'object' && 'message' in e ? e.message : e)).join('; ')}`)
    const message = error instanceof Error ? error.message : textOf(error)
    sink.fail(`The server sent a message the graphql-ws client could not use (${message.slice(0, 200)}): it may not speak graphql-transport-ws as this client expects.`)
  }
  return () => {
    if (ended) return
    ended = true
    unsubscribe()
    void client.dispose()
  }
}

/** A WebSocket `error` event (the DOM's, or one shaped like it): it has `type: 'error'` and no close code. */
function isSocketErrorEvent(error: unknown): boolean {
  if (typeof Event !== 'undefined' && error instanceof Event) return !('code' in error)
  return typeof error === 'object' && error !== null && !(error instanceof Error) && 'type' in error && error.type === 'error' && !('code' in error)
}

/** Any value from the wire as text, without calling its own methods (a hostile `toString` must not throw). */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? String(typeof value)
  } catch {
    return typeof value
  }
}

async function runMultipart(request: BuiltRequest, sink: StreamSink, options: StreamRunOptions): Promise<StopStream> {
  const controller = new AbortController()
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !/^accept$/i.test(name)))
  let answered = false
  const read = async () => {
    const init = { method: 'POST', headers: { ...headers, Accept: INCREMENTAL_ACCEPT }, body: request.body, signal: controller.signal }
    const response = await fetch(request.url, withTargetAddressSpace(request.url, init))
    answered = true
    const boundary = boundaryOf(response.headers.get('content-type'))
    if (!boundary || !response.body) {
      // A server without incremental delivery answers once: that is the whole result.
      const text = await response.text()
      let payload: unknown
      try {
        payload = JSON.parse(text)
      } catch {
        sink.fail(`HTTP ${response.status}: the answer is not JSON or multipart/mixed.`)
        return
      }
      sink.event(text, payload)
      sink.complete()
      return
    }
    const reader = createMultipartReader(boundary)
    const deliver = (parts: { body: string }[]) => {
      for (const part of parts) {
        if (part.body.trim() === '') continue
        try {
          sink.event(part.body, JSON.parse(part.body))
        } catch {
          sink.fail('A part of the multipart answer is not JSON.')
        }
      }
    }
    const body = response.body.getReader()
    for (;;) {
      const { done, value } = await body.read()
      if (done) break
      deliver(reader.push(value))
    }
    deliver(reader.end().parts)
    sink.complete()
  }
  read().catch((error: unknown) => {
    if (controller.signal.aborted) return
    if (answered) sink.fail(isFetchTypeError(error) ? failureText('unknown', request.url, true) : error instanceof Error ? error.message : String(error))
    else void failNetwork(sink, error, request.url, options)
  })
  return () => controller.abort()
}

/**
 * Starts `request` on `transport` (`sse`, `ws` or `multipart`); payloads, the end and failures go
 * to `sink`. Resolves once started, with the function that stops it.
 */
export async function runStream(transport: Exclude<GraphQLTransport, 'http'>, request: BuiltRequest, sink: StreamSink, options: StreamRunOptions = {}): Promise<StopStream> {
  try {
    if (transport === 'sse') return await runSse(request, sink, options)
    if (transport === 'ws') return await runWebSocket(request, sink, options)
    return await runMultipart(request, sink, options)
  } catch (error) {
    // A client library that failed to load (offline before first use) is said, not thrown.
    const why = isFetchTypeError(error) ? 'its code could not be downloaded; check the connection and send again.' : error instanceof Error ? error.message : String(error)
    sink.fail(`The ${transport === 'ws' ? 'WebSocket' : 'SSE'} client could not start: ${why}`)
    return () => {}
  }
}
