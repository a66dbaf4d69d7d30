/**
 * The batches a stream job sends the page: events are gathered until a batch is full
 * ({@link BATCH_LIMITS}) or {@link BATCH_LIMITS}.ms after its first event, and at most
 * {@link MAX_BATCHES_IN_FLIGHT} batches wait for the page's acknowledgement. Readers that can pause
 * (SSE, multipart) wait for room before reading (`full`); a WebSocket cannot, so its events wait
 * here while the page is behind, up to {@link WS_HOLD_LIMITS}, and beyond that they are counted, not
 * kept: the next batch carries the count (`skipped`), so the page can say how many it never listed.
 */
import { WS_HOLD_LIMITS } from '@/features/graphql/core/stream'
import type { ArrivedEvent, StreamJobMessage } from './stream-job'

/** A batch is sent once it holds this many events or bytes, or this many ms after its first event. */
export const BATCH_LIMITS = { events: 5000, bytes: 500_000, ms: 16 } as const

/** How many batches may wait for the page before reading pauses (or a WebSocket's events are held). */
export const MAX_BATCHES_IN_FLIGHT = 2

/** One batch message. */
type EventsMessage = Extract<StreamJobMessage, { type: 'events' }>

/** The batches of one job. */
export interface StreamBatches {
  /** Adds an event (the reader waited for room). */
  push(event: ArrivedEvent): void
  /** Adds a WebSocket event while fewer than {@link WS_HOLD_LIMITS} wait, else counts it (`event` is not called then). */
  offer(event: () => ArrivedEvent): void
  /** Seals the open batch and sends what waits while the page has room. */
  flush(): void
  /** Sends everything that waits, and the count of events skipped since the last kept one (the job ends). */
  flushAll(): void
  /** The page rendered one batch: what waits may go. */
  ack(): void
  /** Whether {@link MAX_BATCHES_IN_FLIGHT} batches wait for the page. */
  full(): boolean
  /** Sends nothing more (Stop). */
  cancel(): void
}

/**
 * Batches for one job; each goes to `send`, with `mergedFor()`'s merged result when it returns one
 * (a multipart answer's, at most a few times a second).
 */
export function createStreamBatches(send: (message: EventsMessage) => void, mergedFor: () => string | undefined = () => undefined): StreamBatches {
  let inFlight = 0
  let batch: ArrivedEvent[] = []
  let batchBytes = 0
  /** Events counted, not kept, before the open batch's first event. */
  let batchSkipped = 0
  /** Sealed batches waiting for room (a WebSocket's, while the page is behind). */
  const queue: { events: ArrivedEvent[]; bytes: number; skipped: number }[] = []
  /** Events and bytes waiting here: the queue and the open batch. */
  const held = { events: 0, bytes: 0 }
  /** Events counted, not kept, since the last one kept. */
  let skipped = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  function seal(): void {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    if (!batch.length) return
    // While the page is behind, small batches sealed by the timer join the last one waiting (fewer, fuller messages).
    const last = queue.at(-1)
    if (last && !batchSkipped && last.events.length + batch.length <= BATCH_LIMITS.events && last.bytes + batchBytes <= BATCH_LIMITS.bytes) {
      for (const event of batch) last.events.push(event)
      last.bytes += batchBytes
    } else queue.push({ events: batch, bytes: batchBytes, skipped: batchSkipped })
    batch = []
    batchBytes = 0
    batchSkipped = 0
  }

  function sendWaiting(all: boolean): void {
    let next: (typeof queue)[number] | undefined
    while ((all || inFlight < MAX_BATCHES_IN_FLIGHT) && (next = queue.shift())) {
      held.events -= next.events.length
      held.bytes -= next.bytes
      inFlight += 1
      const merged = mergedFor()
      send({ type: 'events', events: next.events, ...(next.skipped ? { skipped: next.skipped } : {}), ...(merged === undefined ? {} : { merged }) })
    }
  }

  function flush(): void {
    seal()
    sendWaiting(false)
  }

  function push(event: ArrivedEvent): void {
    batch.push(event)
    batchBytes += event.sizeBytes
    held.events += 1
    held.bytes += event.sizeBytes
    if (batch.length >= BATCH_LIMITS.events || batchBytes >= BATCH_LIMITS.bytes) flush()
    else if (timer === undefined) timer = setTimeout(flush, BATCH_LIMITS.ms)
  }

  return {
    push,
    offer(event) {
      if (held.events >= WS_HOLD_LIMITS.events || held.bytes >= WS_HOLD_LIMITS.bytes) {
        skipped += 1
        return
      }
      // Events after a gap start a batch of their own, which carries the gap's count.
      if (skipped) {
        seal()
        batchSkipped = skipped
        skipped = 0
      }
      push(event())
    },
    flush,
    flushAll() {
      seal()
      sendWaiting(true)
      if (skipped) {
        inFlight += 1
        send({ type: 'events', events: [], skipped })
        skipped = 0
      }
    },
    ack() {
      inFlight = Math.max(0, inFlight - 1)
      sendWaiting(false)
    },
    full: () => inFlight >= MAX_BATCHES_IN_FLIGHT,
    cancel() {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
    },
  }
}
