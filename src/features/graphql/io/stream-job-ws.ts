/**
 * A GraphQL subscription over WebSocket (the graphql-ws protocol, `graphql-transport-ws`) as the
 * stream job runs it, through the `graphql-ws` client: headers travel in the `connection_init`
 * payload (browsers cannot set WebSocket headers), no retries (a failure is said at once), and
 * `connection_ack` is awaited for a bounded time. Every message is measured before the client
 * parses it: one past the event limit, or a stream past the stream limit, ends the job with the
 * limit named. When the job ends (the server's `complete`, a failure, a limit or Stop) the
 * subscription is completed (`complete` sent while the socket is open) and the socket closed, both
 * in the same task, and then the thread may be held for {@link WebSocketJobRun.holdAfterEndMs}.
 */
import type { BuiltRequest } from '@/features/graphql/core/request'
import { describeWebSocketClose, LEGACY_PROTOCOL_WORDS, limitMessage, webSocketUrl, type StreamLimits } from '@/features/graphql/core/stream'
import type * as GraphQLWs from 'graphql-ws/client'
import type { StreamJobMessage } from './stream-job'

/** What {@link runWebSocketJob} runs with. */
export interface WebSocketJobRun {
  /** The operation (its body is the GraphQL-over-HTTP JSON) and the endpoint (`http(s)://` or `ws(s)://`). */
  request: BuiltRequest
  /** The per-message and per-stream limits. */
  limits: Readonly<StreamLimits>
  /** How long to wait for `connection_ack` before the client closes with 4504. */
  ackTimeoutMs: number
  /** The WebSocket constructor (the worker's own; tests in Node pass one). */
  WebSocket: typeof WebSocket
  /** Aborted when the job ends, by any cause: the subscription is completed and the socket closed. */
  signal: AbortSignal
  /**
   * How long to hold the thread once `complete` and the close are sent: only a worker's own thread
   * may be held (see {@link STOP_HOLD_MS}). @default 0
   */
  holdAfterEndMs?: number
  /** One `next` payload arrived: its JSON text and its value. */
  event(text: string, payload: unknown): void
  /** Ends the job with this message (`complete`, `fail` or `network-error`). */
  end(message: StreamJobMessage): void
}

/**
 * How long the stream worker holds its thread after it sent a WebSocket's `complete` and close.
 *
 * Chromium's network service reads a WebSocket in a loop for as long as the tab takes each message
 * at once, and sends nothing meanwhile. After Stop the job drops each message of a flood unread, so
 * it keeps up with a local server's flood: the `complete` and the close frame then sometimes
 * waited in the browser until the page ended the worker, and the server saw neither (what was
 * measured: docs/performance.md, "Streams under a flood"). Holding the worker's thread for a
 * moment lets the messages pile up unread, so the loop turns to what the worker sent. The page's
 * thread is never held: the job runs on the page only where there are no workers (Node tests).
 */
export const STOP_HOLD_MS = 50

/** Blocks this thread for `ms` (a worker's, never the page's): see {@link STOP_HOLD_MS}. */
function holdThread(ms: number): void {
  for (const until = performance.now() + ms; performance.now() < until; );
}

/** The size of a message in bytes: a text's UTF-8 length (counted, not encoded), a binary message's length. */
export function byteLengthOf(data: unknown): number {
  if (typeof data === 'string') {
    let bytes = data.length
    for (let i = 0; i < data.length; i++) {
      const code = data.charCodeAt(i)
      if (code >= 0xd800 && code <= 0xdbff && i + 1 < data.length) {
        bytes += 2
        i += 1
      } else if (code >= 0x800) bytes += 2
      else if (code >= 0x80) bytes += 1
    }
    return bytes
  }
  if (data instanceof ArrayBuffer) return data.byteLength
  if (typeof Blob !== 'undefined' && data instanceof Blob) return data.size
  return 0
}

/**
 * The WebSocket class with every message shown to `inspect` before the `onmessage` listener the
 * client sets: a message it refuses never reaches the client (it is not parsed at all).
 */
function inspectedWebSocket(Base: typeof WebSocket, inspect: (data: unknown) => boolean): typeof WebSocket {
  let proto: object | null = Base.prototype
  let accessor: PropertyDescriptor | undefined
  while (proto && !(accessor = Object.getOwnPropertyDescriptor(proto, 'onmessage'))) proto = Object.getPrototypeOf(proto) as object | null
  if (!accessor?.get || !accessor.set) throw new Error('This WebSocket has no onmessage property.')
  const get: () => unknown = accessor.get
  const set: (value: unknown) => void = accessor.set
  return class InspectedWebSocket extends Base {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols)
      Object.defineProperty(this, 'onmessage', {
        configurable: true,
        get: () => get.call(this),
        set: (listener: ((event: MessageEvent) => void) | null) =>
          set.call(this, listener ? (event: MessageEvent) => void (inspect(event.data) && listener.call(this, event)) : null),
      })
    }
  }
}

/** Headers minus the ones the transport would set itself (Content-Type, Accept): the `connection_init` payload. */
function connectionParams(request: BuiltRequest): Record<string, string> {
  return Object.fromEntries(Object.entries(request.headers).filter(([name]) => !/^(?:content-type|accept)$/i.test(name)))
}

/** Runs one subscription until it ends; every outcome goes to `run.end`. */
export async function runWebSocketJob(run: WebSocketJobRun): Promise<void> {
  const url = webSocketUrl(run.request.url)
  if (!url) return run.end({ type: 'fail', message: 'The endpoint cannot be reached over WebSocket (it needs http(s):// or ws(s)://).' })
  let graphqlWs: typeof GraphQLWs
  try {
    graphqlWs = await import('graphql-ws/client')
  } catch {
    return run.end({ type: 'fail', message: 'The WebSocket client could not start: its code could not be downloaded; check the connection and send again.' })
  }
  if (run.signal.aborted) return
  const { limits } = run
  const state = { opened: false, acknowledged: false }
  let received = 0
  /** The open socket (graphql-ws's `opened` event), closed here when the job ends. */
  let socket: WebSocket | undefined
  const WebSocketImpl = inspectedWebSocket(run.WebSocket, (data) => {
    if (run.signal.aborted) return false
    const size = byteLengthOf(data)
    received += size
    if (size > limits.eventBytes) run.end({ type: 'fail', message: limitMessage('ws-message', limits) })
    else if (received > limits.streamBytes) run.end({ type: 'fail', message: limitMessage('stream', limits) })
    return !run.signal.aborted
  })
  const client = graphqlWs.createClient({
    url,
    connectionParams: connectionParams(run.request),
    lazy: true,
    retryAttempts: 0,
    connectionAckWaitTimeout: run.ackTimeoutMs,
    webSocketImpl: WebSocketImpl,
    on: {
      opened: (opened) => {
        state.opened = true
        socket = opened as WebSocket
      },
      connected: () => void (state.acknowledged = true),
    },
  })
  const unsubscribe = client.subscribe(JSON.parse(run.request.body) as { query: string }, {
    next: (result) => void (run.signal.aborted || run.event(JSON.stringify(result), result)),
    error: (error: unknown) => {
      if (run.signal.aborted) return
      try {
        run.end(failureOf(error, state))
      } catch {
        run.end({ type: 'fail', message: 'The WebSocket connection failed with an error that cannot be shown.' })
      }
    },
    complete: () => void (run.signal.aborted || run.end({ type: 'complete' })),
  })
  run.signal.addEventListener(
    'abort',
    () => {
      unsubscribe()
      // graphql-ws's dispose closes the socket a microtask later: closed here, the close frame is sent before the hold.
      if (socket?.readyState === WebSocketImpl.OPEN) socket.close(1000, 'Normal Closure')
      void client.dispose()
      if (run.holdAfterEndMs) holdThread(run.holdAfterEndMs)
    },
    { once: true },
  )
}

/**
 * graphql-ws reports a close as the CloseEvent, GraphQL errors of the operation as an array, a
 * message it could not use as an Error (a TypeError too: never a fetch failure here). A socket that
 * fails before opening reports a bare error Event: the browser says nothing more, so the page
 * probes the same address over HTTP (`network-error`, not answered) to tell "no server" (or a
 * refused local network access) from "a server that does not take WebSockets here".
 */
function failureOf(error: unknown, state: { opened: boolean; acknowledged: boolean }): StreamJobMessage {
  if (isSocketErrorEvent(error)) return state.opened ? { type: 'fail', message: describeWebSocketClose(1006) } : { type: 'network-error', message: 'WebSocket connection failed', answered: false }
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'number') {
    // subscriptions-transport-ws accepts the socket, then closes with 1002 when the subprotocol is not its own.
    if (error.code === 1002 && state.opened && !state.acknowledged) return { type: 'fail', message: LEGACY_PROTOCOL_WORDS }
    return { type: 'fail', message: describeWebSocketClose(error.code, 'reason' in error ? textOf(error.reason) : '') }
  }
  if (Array.isArray(error)) {
    const messages = error.map((e: unknown) => textOf(e && typeof e === 'object' && 'message' in e ? e.message : e).slice(0, 500))
    return { type: 'fail', message: `The server refused the operation: ${messages.join('; ').slice(0, 2000)}` }
  }
  const message = error instanceof Error ? error.message : textOf(error)
  return { type: 'fail', message: `The server sent a message the graphql-ws client could not use (${message.slice(0, 200)}): it may not speak graphql-transport-ws as this client expects.` }
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
