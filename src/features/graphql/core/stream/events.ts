/**
 * The model of a running or ended stream (a subscription over SSE or WebSocket, or an incremental
 * `@defer`/`@stream` response) as the stream view shows it. Shared by the stream store, which
 * fills it, and the presentational stream components, which render it.
 */
import type { GraphQLTransport } from './transport'

/** What one arrived event is. */
export type StreamEventKind =
  /** A result (`next` on WebSocket/SSE, or the initial result of an incremental response). */
  | 'result'
  /** An incremental payload (`pending`/`incremental`/`completed`, or the older path-based form). */
  | 'incremental'
  /** An error the server sent as an event (a result with only `errors`, or a protocol `error` message). */
  | 'error'

/** One event, in arrival order. */
export interface StreamEvent {
  /** 1-based position in arrival order. */
  index: number
  /** Milliseconds between Send and its arrival. */
  atMs: number
  /** Its size on the wire in bytes (the UTF-8 length of its JSON text). */
  sizeBytes: number
  /** What it is. */
  kind: StreamEventKind
  /** A one-line summary, e.g. `countdown: 3` or `2 errors: "Boom"`. */
  summary: string
  /** Its JSON text as received (parsed only when the user selects the event). */
  text: string
}

/** Where a stream is. */
export type StreamStatus =
  /** Connecting or waiting for the first event. */
  | 'connecting'
  /** At least one event arrived and more may follow. */
  | 'streaming'
  /** The server said it is done. */
  | 'completed'
  /** The user pressed Stop. */
  | 'stopped'
  /** It ended with a failure (see {@link StreamState.failure}). */
  | 'failed'

/** Everything the stream view needs besides the events themselves. */
export interface StreamState {
  /** The wire used. */
  transport: GraphQLTransport
  /** Where the stream is. */
  status: StreamStatus
  /** Events received so far. @default 0 */
  eventCount: number
  /** Events of kind `error` so far. @default 0 */
  errorCount: number
  /** The oldest events no longer kept (a long stream keeps only its latest ones). @default 0 */
  dropped?: number
  /**
   * Events counted but never listed: a WebSocket stream that arrives faster than the page lists
   * it (a WebSocket cannot be paused) keeps a bounded number waiting and counts the rest. Not in
   * {@link StreamState.eventCount}. @default 0
   */
  skipped?: number
  /** Milliseconds from Send to the end; undefined while running. */
  durationMs?: number
  /** Why it failed, in words (e.g. a WebSocket close code explained), when `status` is `failed`. */
  failure?: string
}
