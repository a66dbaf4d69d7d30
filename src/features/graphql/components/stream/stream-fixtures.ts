/** Deterministic streams for the StreamView stories (payloads as the demo server sends them). */
import { startIncremental, applyIncremental, summarizeStreamPayload, type IncrementalResult, type StreamEvent } from '@/features/graphql/core/stream'

/** Events from payloads, `stepMs` apart, as the store makes them. */
export function eventsOf(payloads: readonly unknown[], stepMs = 100, incremental = false): StreamEvent[] {
  return payloads.map((payload, i) => {
    const text = JSON.stringify(payload)
    return { index: i + 1, atMs: 12 + i * stepMs, sizeBytes: text.length, text, ...summarizeStreamPayload(payload, incremental && i > 0) }
  })
}

/** A countdown from 5, three events in. */
export const countdownEvents = eventsOf([5, 4, 3].map((n) => ({ data: { countdown: n } })))

/** A countdown from 3 whose event at 1 is an error, then completed. */
export const failingEvents = eventsOf([
  { data: { failingCountdown: 3 } },
  { data: { failingCountdown: 2 } },
  { data: { failingCountdown: null }, errors: [{ message: 'The countdown failed at 1 (demo of an error mid-stream).', path: ['failingCountdown'], extensions: { code: 'DEMO_STREAM_FAILURE' } }] },
  { data: { failingCountdown: 0 } },
])

/** 10,000 ticks at 200 per second. */
export const tickEvents = eventsOf(
  Array.from({ length: 10_000 }, (_, n) => ({ data: { ticks: { n, at: n * 5 } } })),
  5,
)

const deferredFirst = { data: { user: { name: 'Ada Lovelace' } }, pending: [{ id: '0', path: ['user'], label: 'stats' }], hasNext: true }
const deferredSecond = { hasNext: false, incremental: [{ id: '0', data: { stats: { followers: 37 } } }], completed: [{ id: '0' }] }

/** An incremental response before its deferred part. */
export const deferredPending: { events: StreamEvent[]; merged: IncrementalResult } = {
  events: eventsOf([deferredFirst], 1400, true),
  merged: startIncremental(deferredFirst),
}

/** The same response, complete. */
export const deferredDone: { events: StreamEvent[]; merged: IncrementalResult } = {
  events: eventsOf([deferredFirst, deferredSecond], 1400, true),
  merged: applyIncremental(startIncremental(deferredFirst), deferredSecond),
}

/** The path-based format (graphql-yoga's useDeferStream): no pending list, only `hasNext`, before the deferred part. */
const pathBasedFirst = { data: { user: { name: 'Ada Lovelace' } }, hasNext: true }
export const deferredPathBased: { events: StreamEvent[]; merged: IncrementalResult } = {
  events: eventsOf([pathBasedFirst], 1400, true),
  merged: startIncremental(pathBasedFirst),
}
