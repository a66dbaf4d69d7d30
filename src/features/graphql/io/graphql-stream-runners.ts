/**
 * The three ways a stream runs from the browser, each straight to the user's endpoint and each
 * read by the stream worker (`io/stream-job.ts`), which sends batches the page acknowledges:
 * - SSE in the graphql-sse protocol's "distinct connections" mode (one POST with
 *   `Accept: text/event-stream` per subscription; headers as HTTP headers);
 * - WebSocket through the `graphql-ws` client (`graphql-transport-ws`; headers in the
 *   `connection_init` payload, since browsers cannot set WebSocket headers; `io/stream-job-ws.ts`);
 * - `@defer`/`@stream` over HTTP: one POST whose `multipart/mixed` answer is read part by part.
 * The WebSocket client library is imported on first use, so the page never downloads it before a
 * stream starts (scripts/bundle-budget.mjs enforces it). No retries: a failure is said at once,
 * never hidden behind reconnect attempts, and nothing waits forever. A failure before any answer
 * is diagnosed here, on the page (the probes need its origin and permissions).
 */
import type { BuiltRequest } from '@/features/graphql/core/request'
import { describeWebSocketClose, httpUrl, incrementalFromJson, webSocketUrl, type GraphQLTransport, type IncrementalResult } from '@/features/graphql/core/stream'
import { startStreamOffThread } from '@/features/graphql/io/stream-client'
import type { ArrivedEvent } from '@/features/graphql/io/stream-job'
import { diagnoseNetworkFailure, isFetchTypeError, type LikelyCause, type NetworkContext } from '@/shared/core/http/network-error'
import { describeNetworkFailure } from '@/shared/core/http/network-failure-words'

/** Where a runner reports. Each method may be called from any task; the store batches. */
export interface StreamSink {
  /**
   * Events read off the main thread arrived, parsed and summarised; `done` once they are rendered
   * (the reader pauses while the page is behind). A multipart answer's merged result comes with
   * some batches (merged by the reader); `skipped` counts WebSocket events that arrived before
   * these while the page was behind and were not kept.
   */
  events(batch: ArrivedEvent[], done: () => void, merged?: IncrementalResult, skipped?: number): void
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
 * A WebSocket that failed before it opened: the browser says nothing more, so an HTTP probe of the
 * same address tells "no server" (or a refused local network access, or offline) from "a server
 * that does not take WebSockets here" (WebSockets have no CORS).
 */
async function failWebSocketConnect(sink: StreamSink, request: BuiltRequest, options: StreamRunOptions): Promise<void> {
  const target = httpUrl(request.url)
  try {
    const cause = await diagnoseNetworkFailure(new TypeError('WebSocket connection failed'), target, networkContext(options))
    sink.fail(cause === 'unreachable' || cause === 'local-network' || cause === 'offline' ? failureText(cause, target) : describeWebSocketClose(1006))
  } catch {
    sink.fail(describeWebSocketClose(1006))
  }
}

/**
 * Runs a stream in the stream worker: its batches go to the sink, which acknowledges each once
 * rendered; a failure before any answer is diagnosed here.
 */
function runOffThread(transport: Exclude<GraphQLTransport, 'http'>, request: BuiltRequest, sink: StreamSink, options: StreamRunOptions): StopStream {
  if (transport === 'ws' && !webSocketUrl(request.url)) {
    sink.fail('The endpoint cannot be reached over WebSocket (it needs http(s):// or ws(s)://).')
    return () => {}
  }
  const start = { type: 'start', transport, request, ...(options.connectionAckWaitTimeoutMs === undefined ? {} : { ackTimeoutMs: options.connectionAckWaitTimeoutMs }) } as const
  const job = startStreamOffThread(start, (message) => {
    if (message.type === 'events') sink.events(message.events, () => job.ack(), message.merged === undefined ? undefined : incrementalFromJson(message.merged), message.skipped)
    else if (message.type === 'complete') sink.complete()
    else if (message.type === 'fail') sink.fail(message.message)
    else if (transport === 'ws') void (message.answered ? sink.fail(describeWebSocketClose(1006)) : failWebSocketConnect(sink, request, options))
    else if (message.answered) sink.fail(failureText('unknown', request.url, true))
    else void failNetwork(sink, new TypeError(message.message), request.url, options)
  })
  return () => job.stop()
}

/**
 * Starts `request` on `transport` (`sse`, `ws` or `multipart`); payloads, the end and failures go
 * to `sink`. Resolves once started, with the function that stops it.
 */
export async function runStream(transport: Exclude<GraphQLTransport, 'http'>, request: BuiltRequest, sink: StreamSink, options: StreamRunOptions = {}): Promise<StopStream> {
  try {
    return runOffThread(transport, request, sink, options)
  } catch (error) {
    // A client library that failed to load (offline before first use) is said, not thrown.
    const why = isFetchTypeError(error) ? 'its code could not be downloaded; check the connection and send again.' : error instanceof Error ? error.message : String(error)
    sink.fail(`The ${transport === 'ws' ? 'WebSocket' : 'SSE'} client could not start: ${why}`)
    return () => {}
  }
}
