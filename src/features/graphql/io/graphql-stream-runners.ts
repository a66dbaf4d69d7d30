/**
 * The three ways a stream runs from the browser, each straight to the user's endpoint:
 * - SSE in the graphql-sse protocol's "distinct connections" mode (one POST with
 *   `Accept: text/event-stream` per subscription; headers as HTTP headers), read by the stream
 *   worker (`io/stream-job.ts`);
 * - WebSocket through the `graphql-ws` client (`graphql-transport-ws`; headers in the
 *   `connection_init` payload, since browsers cannot set WebSocket headers);
 * - `@defer`/`@stream` over HTTP: one POST whose `multipart/mixed` answer is read part by part, in
 *   the stream worker too.
 * The WebSocket client library is imported on first use, so the page never downloads it before a
 * stream starts (scripts/bundle-budget.mjs enforces it). No retries: a failure is said at once,
 * never hidden behind reconnect attempts, and nothing waits forever.
 */
import type { BuiltRequest } from '@/features/graphql/core/request'
import { describeWebSocketClose, httpUrl, incrementalFromJson, LEGACY_PROTOCOL_WORDS, webSocketUrl, type GraphQLTransport, type IncrementalResult } from '@/features/graphql/core/stream'
import { startStreamOffThread } from '@/features/graphql/io/stream-client'
import type { ArrivedEvent } from '@/features/graphql/io/stream-job'
import { diagnoseNetworkFailure, isFetchTypeError, type LikelyCause, type NetworkContext } from '@/shared/core/http/network-error'
import { describeNetworkFailure } from '@/shared/core/http/network-failure-words'

/** Where a runner reports. Each method may be called from any task; the store batches. */
export interface StreamSink {
  /** One payload arrived (WebSocket): its JSON text as received and the value parsed from it. */
  event(text: string, payload: unknown): void
  /**
   * Events read off the main thread arrived (SSE, multipart), parsed and summarised; `done` once
   * they are rendered (the reader pauses while the page is behind). A multipart answer's merged
   * result comes with some batches (merged by the reader).
   */
  events(batch: ArrivedEvent[], done: () => void, merged?: IncrementalResult): void
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

export { INCREMENTAL_ACCEPT } from '@/features/graphql/io/stream-job'

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
 * Reads an SSE or multipart stream in the stream worker: its batches go to the sink, which
 * acknowledges each once rendered; a fetch failure before any answer is diagnosed here (the probes
 * need the page's origin and permissions).
 */
function runOffThread(transport: 'sse' | 'multipart', request: BuiltRequest, sink: StreamSink, options: StreamRunOptions): StopStream {
  const job = startStreamOffThread({ type: 'start', transport, request }, (message) => {
    if (message.type === 'events') sink.events(message.events, () => job.ack(), message.merged === undefined ? undefined : incrementalFromJson(message.merged))
    else if (message.type === 'complete') sink.complete()
    else if (message.type === 'fail') sink.fail(message.message)
    else if (message.answered) sink.fail(failureText('unknown', request.url, true))
    else void failNetwork(sink, new TypeError(message.message), request.url, options)
  })
  return () => job.stop()
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

/**
 * Starts `request` on `transport` (`sse`, `ws` or `multipart`); payloads, the end and failures go
 * to `sink`. Resolves once started, with the function that stops it.
 */
export async function runStream(transport: Exclude<GraphQLTransport, 'http'>, request: BuiltRequest, sink: StreamSink, options: StreamRunOptions = {}): Promise<StopStream> {
  try {
    if (transport === 'ws') return await runWebSocket(request, sink, options)
    return runOffThread(transport, request, sink, options)
  } catch (error) {
    // A client library that failed to load (offline before first use) is said, not thrown.
    const why = isFetchTypeError(error) ? 'its code could not be downloaded; check the connection and send again.' : error instanceof Error ? error.message : String(error)
    sink.fail(`The ${transport === 'ws' ? 'WebSocket' : 'SSE'} client could not start: ${why}`)
    return () => {}
  }
}
