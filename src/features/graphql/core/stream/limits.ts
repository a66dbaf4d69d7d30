/**
 * How much a stream may bring into the tab, and what the user is told when a server sends more.
 * A stream past a limit is stopped and its connection closed: a line that never ends or a part
 * without a boundary would otherwise grow the tab until it crashes.
 */
import { countOf, formatBytes, formatCount } from '@/shared/core/format'

/** The limits of one stream. */
export interface StreamLimits {
  /** The largest single event, part or non-multipart answer, in bytes. */
  eventBytes: number
  /** The most one stream may receive in all, in bytes. */
  streamBytes: number
}

/** The limits every stream runs with: 16 MB per event, 256 MB per stream. */
export const STREAM_LIMITS: Readonly<StreamLimits> = { eventBytes: 16_000_000, streamBytes: 256_000_000 }

/** Which limit a stream hit, and where. */
export type StreamLimitKind =
  /** One SSE event (or a line of it) grew past the event limit. */
  | 'sse-event'
  /** One part of a multipart/mixed answer grew past the event limit. */
  | 'multipart-part'
  /** A multipart/mixed answer had no delimiter within the event limit. */
  | 'multipart-no-delimiter'
  /** An answer that is not multipart/mixed grew past the event limit. */
  | 'single-answer'
  /** One WebSocket message was larger than the event limit. */
  | 'ws-message'
  /** The whole stream received more than the stream limit. */
  | 'stream'

/**
 * The failure a stopped stream shows for a limit it hit, naming the limit.
 * @example limitMessage('sse-event', STREAM_LIMITS) // 'An event passed 16 MB, the most one event may be here: …'
 */
export function limitMessage(kind: StreamLimitKind, limits: Readonly<StreamLimits> = STREAM_LIMITS): string {
  const event = formatBytes(limits.eventBytes)
  const closed = 'The stream was stopped and its connection closed; what arrived before is kept.'
  switch (kind) {
    case 'sse-event':
      return `An event passed ${event}, the most one event may be here (the server sent an event or a line that did not end within ${event}). ${closed}`
    case 'multipart-part':
      return `A part of the multipart answer passed ${event}, the most one part may be here (its closing boundary did not come within ${event}). ${closed}`
    case 'multipart-no-delimiter':
      return `The multipart answer had no part boundary in its first ${event}, the most one part may be: the server may not send the boundary its Content-Type names. ${closed}`
    case 'single-answer':
      return `The answer passed ${event}, the most one result may be here (it is not multipart/mixed, so it could not be read in parts). ${closed}`
    case 'ws-message':
      return `A WebSocket message passed ${event}, the most one message may be here. ${closed}`
    case 'stream':
      return `The stream passed ${formatBytes(limits.streamBytes)}, the most one stream may bring into this tab. ${closed}`
  }
}

/**
 * How many events a WebSocket stream may hold for the page while it is behind (beyond the batches
 * it is rendering). A WebSocket cannot be paused: events past this are counted, not kept.
 */
export const WS_HOLD_LIMITS: Readonly<{ events: number; bytes: number }> = { events: 50_000, bytes: 16_000_000 }

/**
 * Says that `count` events of a WebSocket stream were counted but not listed, and why.
 * @example skippedNote(1200) // '1,200 events not listed: they arrived faster than this tab could list them …'
 */
export function skippedNote(count: number): string {
  return `${countOf(count, 'event')} not listed: they arrived faster than this tab could list them, and a WebSocket cannot be paused (at most ${formatCount(WS_HOLD_LIMITS.events)} events or ${formatBytes(WS_HOLD_LIMITS.bytes)} wait for the list; the rest are counted)`
}
