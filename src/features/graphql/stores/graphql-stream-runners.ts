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
import { boundaryOf, createMultipartReader, describeWebSocketClose, webSocketUrl, type GraphQLTransport } from '@/features/graphql/core/stream'

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

const networkWords = (error: unknown) =>
  error instanceof TypeError
    ? 'The request did not reach the server, or its answer was blocked: the server may be down, or it does not allow this page by CORS.'
    : error instanceof Error
      ? error.message
      : String(error)

async function runSse(request: BuiltRequest, sink: StreamSink): Promise<StopStream> {
  const { createClient } = await import('graphql-sse')
  const client = createClient({ url: request.url, headers: userHeaders(request), retryAttempts: 0, credentials: 'same-origin' })
  let ended = false
  const dispose = client.subscribe(payloadOf(request), {
    next: (result) => sink.event(JSON.stringify(result), result),
    error: (error: unknown) => {
      ended = true
      const text = networkWords(error)
      sink.fail(
        /content-type|event-stream|status/i.test(text)
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
  const client = createClient({
    url,
    connectionParams: userHeaders(request),
    lazy: true,
    retryAttempts: 0,
    connectionAckWaitTimeout: options.connectionAckWaitTimeoutMs ?? 5000,
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
      // graphql-ws reports a close as the CloseEvent, GraphQL errors of the operation as an array.
      // A socket that fails before opening reports a bare error Event (the close, 1006, follows).
      if (typeof Event !== 'undefined' && error instanceof Event && !('code' in error)) sink.fail(describeWebSocketClose(1006))
      else if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'number')
        sink.fail(describeWebSocketClose(error.code, 'reason' in error ? String(error.reason) : ''))
      else if (Array.isArray(error)) sink.fail(`The server refused the operation: ${error.map((e: { message?: unknown }) => String(e.message)).join('; ')}`)
      else sink.fail(networkWords(error))
    },
    complete: () => {
      if (ended) return
      end()
      sink.complete()
    },
  })
  return () => {
    if (ended) return
    ended = true
    unsubscribe()
    void client.dispose()
  }
}

async function runMultipart(request: BuiltRequest, sink: StreamSink): Promise<StopStream> {
  const controller = new AbortController()
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !/^accept$/i.test(name)))
  const read = async () => {
    const response = await fetch(request.url, { method: 'POST', headers: { ...headers, Accept: INCREMENTAL_ACCEPT }, body: request.body, signal: controller.signal })
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
    sink.fail(networkWords(error))
  })
  return () => controller.abort()
}

/**
 * Starts `request` on `transport` (`sse`, `ws` or `multipart`); payloads, the end and failures go
 * to `sink`. Resolves once started, with the function that stops it.
 */
export async function runStream(transport: Exclude<GraphQLTransport, 'http'>, request: BuiltRequest, sink: StreamSink, options: StreamRunOptions = {}): Promise<StopStream> {
  try {
    if (transport === 'sse') return await runSse(request, sink)
    if (transport === 'ws') return await runWebSocket(request, sink, options)
    return await runMultipart(request, sink)
  } catch (error) {
    // A client library that failed to load (offline before first use) is said, not thrown.
    sink.fail(`The ${transport === 'ws' ? 'WebSocket' : 'SSE'} client could not start: ${networkWords(error)}`)
    return () => {}
  }
}
