/**
 * One stream read from the network (GraphQL over SSE, a `multipart/mixed` answer to `@defer` /
 * `@stream`, or a subscription over WebSocket: `stream-job-ws.ts`), as the stream worker runs it —
 * or the page itself where there are no workers (node tests). It fetches, frames, parses and
 * summarises each event and sends them to the page in batches the page acknowledges
 * (`stream-batches.ts`): SSE and multipart stop reading while the page is behind, so a server
 * faster than the page renders is slowed by TCP instead of filling the tab; a WebSocket cannot be
 * paused, so its events wait up to a bound and the rest are counted, not kept. A multipart answer's
 * parts are merged here too (`applyIncremental`); the page gets the merged result a few times a
 * second and at the end. Past a limit of {@link STREAM_LIMITS} the stream ends with the limit
 * named, and its connection is closed.
 */
import type { BuiltRequest } from '@/features/graphql/core/request'
import {
  applyIncremental,
  boundaryOf,
  incrementalToJson,
  createMultipartReader,
  createSseReader,
  limitMessage,
  MultipartPartTooLargeError,
  SseEventTooLargeError,
  startIncremental,
  STREAM_LIMITS,
  summarizeStreamPayload,
  type IncrementalResult,
  type StreamEventKind,
  type StreamLimitKind,
  type StreamLimits,
} from '@/features/graphql/core/stream'
import { withTargetAddressSpace } from '@/shared/core/http/address-space'
import { reasonPhrase } from '@/shared/core/http/status'
import { createStreamBatches } from './stream-batches'
import { byteLengthOf, runWebSocketJob } from './stream-job-ws'

export { BATCH_LIMITS, MAX_BATCHES_IN_FLIGHT } from './stream-batches'

/** Transports read here. */
export type StreamJobTransport = 'sse' | 'multipart' | 'ws'

/** One arrived event, parsed and summarised. */
export interface ArrivedEvent {
  /** Its JSON text as received. */
  text: string
  /** What it is. */
  kind: StreamEventKind
  /** One line for the list. */
  summary: string
  /** Its size on the wire in bytes. */
  sizeBytes: number
  /** When it arrived: `performance.timeOrigin + performance.now()` where it was read. */
  at: number
}

/** A message from the page to the job. */
export type StreamJobRequest =
  | {
      type: 'start'
      transport: StreamJobTransport
      request: BuiltRequest
      limits?: StreamLimits
      /** WebSocket: how long to wait for `connection_ack`. @default 5000 */
      ackTimeoutMs?: number
    }
  /** The page rendered one batch. */
  | { type: 'ack' }
  /** Stop reading and close the connection. */
  | { type: 'stop' }

/** A message from the job to the page. After `complete`, `fail` or `network-error` nothing follows. */
export type StreamJobMessage =
  /**
   * Events, and for a multipart answer the merged result so far as `incrementalToJson` text (at
   * most every {@link MERGED_EVERY_MS}, and with the last events). `skipped`: how many events
   * arrived before these and were counted, not kept (a WebSocket while the page was behind).
   */
  | { type: 'events'; events: ArrivedEvent[]; merged?: string; skipped?: number }
  | { type: 'complete' }
  | { type: 'fail'; message: string }
  /** fetch itself failed (`answered` false: before any answer, for the page to diagnose) or the connection broke after it. */
  | { type: 'network-error'; message: string; answered: boolean }

/** A message from the page to the stream worker: a {@link StreamJobRequest} naming its job. */
export type StreamWorkerRequest = StreamJobRequest & { id: number }

/** A message from the stream worker to the page: a {@link StreamJobMessage} naming its job. */
export type StreamWorkerMessage = StreamJobMessage & { id: number }

/** The accept header of an incremental request: multipart first, plain JSON still accepted. */
export const INCREMENTAL_ACCEPT = 'multipart/mixed;deferSpec=20220824, application/graphql-response+json, application/json'

/** How often a multipart answer's merged result goes to the page while parts arrive (it is copied whole each time). */
export const MERGED_EVERY_MS = 250

/** How many pending parts go to the page with a merged result (it lists the first 100 and counts the rest). */
export const PENDING_SENT = 100

/** What a job runs with (tests pass their own). */
export interface StreamJobEnvironment {
  /** @default globalThis.fetch */
  fetch?: typeof fetch
  /** @default globalThis.WebSocket */
  WebSocket?: typeof WebSocket
  /** How long a WebSocket job holds the thread after its `complete` and close (a worker passes `STOP_HOLD_MS`). @default 0 */
  holdAfterEndMs?: number
}

/** The running job: the page's acks and Stop go here. */
export interface StreamJob {
  /** The page rendered one batch. */
  ack(): void
  /** Stops reading and closes the connection; nothing more is posted. */
  stop(): void
}

class LimitError extends Error {
  constructor(readonly kind: StreamLimitKind) {
    super(kind)
  }
}

const now = () => performance.timeOrigin + performance.now()

/** Headers minus the ones the transport sets itself (Content-Type, Accept). */
function userHeaders(request: BuiltRequest): Record<string, string> {
  return Object.fromEntries(Object.entries(request.headers).filter(([name]) => !/^(?:content-type|accept)$/i.test(name)))
}

/** Starts reading `start.request` over `start.transport`; every message goes to `post`. */
export function startStreamJob(start: Extract<StreamJobRequest, { type: 'start' }>, post: (message: StreamJobMessage) => void, env: StreamJobEnvironment = {}): StreamJob {
  const limits = start.limits ?? STREAM_LIMITS
  const doFetch = env.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init))
  const controller = new AbortController()
  let ended = false
  let wake: (() => void) | undefined
  let received = 0
  let index = 0
  let merged: IncrementalResult | undefined
  let mergedChanged = false
  let mergedSentAt = Number.NEGATIVE_INFINITY

  function send(message: StreamJobMessage): void {
    if (!ended) post(message)
  }

  /** The merged result for the next batch: when it changed, at most every {@link MERGED_EVERY_MS}. */
  function mergedFor(): string | undefined {
    if (!merged || !mergedChanged || (!ended && performance.now() - mergedSentAt < MERGED_EVERY_MS)) return undefined
    mergedChanged = false
    mergedSentAt = performance.now()
    return incrementalToJson(merged, PENDING_SENT)
  }

  const batches = createStreamBatches(send, mergedFor)

  function finish(message: StreamJobMessage): void {
    if (ended) return
    // The last events carry the merged result whenever it was sent (the page shows the final one).
    if (merged && mergedChanged) mergedSentAt = Number.NEGATIVE_INFINITY
    batches.flushAll()
    if (merged && mergedChanged) {
      send({ type: 'events', events: [], merged: incrementalToJson(merged, PENDING_SENT) })
    }
    send(message)
    ended = true
    controller.abort()
    wake?.()
  }

  /** Waits while the page has `MAX_BATCHES_IN_FLIGHT` batches to render. */
  async function room(): Promise<void> {
    while (batches.full() && !ended) await new Promise<void>((resolve) => (wake = resolve))
  }

  /** Adds one event to the batch, merging a multipart payload (throws when its text is not JSON). */
  function add(text: string, sizeBytes: number, merge: boolean): void {
    const payload: unknown = JSON.parse(text)
    index += 1
    const { kind, summary } = summarizeStreamPayload(payload, start.transport === 'multipart' && index > 1)
    if (merge) {
      merged = merged ? applyIncremental(merged, payload) : startIncremental(payload)
      mergedChanged = true
    }
    batches.push({ text, kind, summary, sizeBytes, at: now() })
  }

  /** One WebSocket payload, summarised only when it is kept (`StreamBatches.offer`). */
  function offer(text: string, payload: unknown): void {
    batches.offer(() => {
      index += 1
      return { text, ...summarizeStreamPayload(payload, false), sizeBytes: byteLengthOf(text), at: now() }
    })
  }

  /**
   * Reads the body chunk by chunk, pausing while the page is behind; `onChunk` frames each and
   * returns true once the stream is over. Resolves true when it ended before the body did.
   */
  async function readBody(body: ReadableStream<Uint8Array>, onChunk: (chunk: Uint8Array) => Promise<boolean | void> | boolean | void): Promise<boolean> {
    const reader = body.getReader()
    try {
      for (;;) {
        await room()
        if (ended) return true
        const { done, value } = await reader.read()
        if (done || ended) return ended
        received += value.length
        if (received > limits.streamBytes) throw new LimitError('stream')
        if ((await onChunk(value)) === true || ended) return true
      }
    } finally {
      if (ended) void reader.cancel().catch(() => {})
    }
  }

  async function runSse(): Promise<void> {
    const { request } = start
    const init = { method: 'POST', headers: { ...userHeaders(request), 'Content-Type': 'application/json; charset=utf-8', Accept: 'text/event-stream' }, body: request.body, signal: controller.signal }
    const response = await doFetch(request.url, withTargetAddressSpace(request.url, init))
    answered = true
    const type = response.headers.get('content-type') ?? ''
    if (!response.ok || !/^\s*text\/event-stream\s*(?:;|$)/i.test(type) || !response.body) {
      void response.body?.cancel().catch(() => {})
      const what = !response.ok ? `Server responded with ${response.status}: ${reasonPhrase(response.statusText)}` : `it answered with ${type ? `Content-Type ${type}` : 'no Content-Type'}`
      return finish({
        type: 'fail',
        message: `The server did not answer with an event stream (${what}). It may not speak GraphQL over SSE: try the WebSocket transport in the tab's settings.`,
      })
    }
    const sse = createSseReader({ maxEventBytes: limits.eventBytes })
    const stopped = await readBody(response.body, async (chunk) => {
      for (const message of sse.push(chunk)) {
        await room()
        if (ended) return true
        if (message.event === 'complete') {
          finish({ type: 'complete' })
          return true
        }
        if (message.event !== 'next') {
          finish({ type: 'fail', message: `The server sent an event ${message.event ? `named "${message.event.slice(0, 40)}"` : 'without a name'}, which GraphQL over SSE does not have (only "next" and "complete"): it may speak another protocol.` })
          return true
        }
        try {
          add(message.data, message.size, false)
        } catch {
          finish({ type: 'fail', message: 'The server sent a "next" event whose data is not JSON.' })
          return true
        }
      }
    })
    // The body ended without "complete": the connection broke (or the server dropped the stream).
    if (!stopped) finish({ type: 'network-error', message: 'The event stream ended before its "complete" event.', answered: true })
  }

  async function runMultipart(): Promise<void> {
    const { request } = start
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !/^accept$/i.test(name)))
    const init = { method: 'POST', headers: { ...headers, Accept: INCREMENTAL_ACCEPT }, body: request.body, signal: controller.signal }
    const response = await doFetch(request.url, withTargetAddressSpace(request.url, init))
    answered = true
    const boundary = boundaryOf(response.headers.get('content-type'))
    if (!boundary || !response.body) return readSingle(response)
    const reader = createMultipartReader(boundary, { maxPartBytes: limits.eventBytes })
    const deliver = async (parts: { body: string; size: number }[]): Promise<boolean> => {
      for (const part of parts) {
        await room()
        if (ended) return true
        if (part.body.trim() === '') continue
        try {
          add(part.body, part.size, true)
        } catch {
          finish({ type: 'fail', message: 'A part of the multipart answer is not JSON.' })
          return true
        }
      }
      return false
    }
    if (await readBody(response.body, (chunk) => deliver(reader.push(chunk)))) return
    if (await deliver(reader.end().parts)) return
    finish({ type: 'complete' })
  }

  /** A server without incremental delivery answers once: that is the whole result, up to the event limit. */
  async function readSingle(response: Response): Promise<void> {
    const chunks: Uint8Array[] = []
    let size = 0
    if (response.body) {
      const stopped = await readBody(response.body, (chunk) => {
        size += chunk.length
        if (size > limits.eventBytes) throw new LimitError('single-answer')
        chunks.push(chunk)
      })
      if (stopped) return
    }
    const whole = new Uint8Array(size)
    let offset = 0
    for (const chunk of chunks) {
      whole.set(chunk, offset)
      offset += chunk.length
    }
    const text = new TextDecoder().decode(whole)
    try {
      add(text, size, true)
    } catch {
      return finish({ type: 'fail', message: `HTTP ${response.status}: the answer is not JSON or multipart/mixed.` })
    }
    finish({ type: 'complete' })
  }

  /** A subscription over WebSocket (see `runWebSocketJob`): it ends the job itself, and closes when the job ends. */
  function runWs(): Promise<void> {
    return runWebSocketJob({
      request: start.request,
      limits,
      ackTimeoutMs: start.ackTimeoutMs ?? 5000,
      WebSocket: env.WebSocket ?? globalThis.WebSocket,
      signal: controller.signal,
      holdAfterEndMs: env.holdAfterEndMs,
      event: offer,
      end: finish,
    })
  }

  let answered = false
  void (start.transport === 'sse' ? runSse() : start.transport === 'ws' ? runWs() : runMultipart()).catch((error: unknown) => {
    if (ended) return
    if (error instanceof LimitError) return finish({ type: 'fail', message: limitMessage(error.kind, limits) })
    if (error instanceof SseEventTooLargeError) return finish({ type: 'fail', message: limitMessage('sse-event', limits) })
    if (error instanceof MultipartPartTooLargeError) return finish({ type: 'fail', message: limitMessage(error.beforeFirstPart ? 'multipart-no-delimiter' : 'multipart-part', limits) })
    const isTypeError = error instanceof TypeError || (error instanceof Error && error.name === 'TypeError')
    if (isTypeError) return finish({ type: 'network-error', message: error instanceof Error ? error.message : String(error), answered })
    finish({ type: 'fail', message: error instanceof Error ? error.message : String(error) })
  })

  return {
    ack() {
      if (ended) return
      batches.ack()
      if (!batches.full()) {
        const resume = wake
        wake = undefined
        resume?.()
      }
    },
    stop() {
      if (ended) return
      ended = true
      batches.cancel()
      controller.abort()
      wake?.()
    },
  }
}
