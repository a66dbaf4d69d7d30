/**
 * Types of the rate-limit timeline: remaining over time per quota, from several responses.
 */

/** One response's reading of one quota. */
export interface TimelinePoint {
  /** When the response arrived (HAR start + duration, else its Date header). */
  at: Date
  remaining: number
  limit?: number
  /** The quota's reset as this response stated it. */
  resetAt?: Date
  /** HTTP status of the response, when known. */
  status?: number
  /** 1-based position of the response in the input (as pasted, before sorting). */
  response: number
}

/** What the current pace means for a quota. */
export type TimelineProjection =
  | {
      /** Remaining falls and reaches 0 before the reset (or no reset is known). */
      kind: 'exhausts'
      /** Consumption in requests (or the quota's unit) per minute over the recent window. */
      perMinute: number
      /** When remaining reaches 0 at that pace. */
      at: Date
      resetAt?: Date
      sentence: string
    }
  | {
      /** Remaining does not fall, or the reset comes before it would reach 0. */
      kind: 'within'
      perMinute: number
      resetAt?: Date
      sentence: string
    }
  | {
      /** Remaining is already 0 at the last response. */
      kind: 'exhausted'
      /** The first response of the current window that had 0 left. */
      at: Date
      resetAt?: Date
      sentence: string
    }
  | {
      /** Too few points (or all at one instant) to measure a pace. */
      kind: 'unknown'
      sentence: string
    }

/** One quota over time (same identity as the parser's quotas: family, label and resource). */
export interface TimelineQuota {
  /** Stable key: `family|label|resource`. */
  key: string
  family: string
  label: string
  resource?: string
  /** Unit when not requests ('tokens', 'content-bytes', …). */
  unit?: string
  /** Readings in time order. */
  points: TimelinePoint[]
  /** Moments the quota was refilled between two readings (the stated reset when it lies between them). */
  resets: Date[]
  /** The readings that came with a 429 status. */
  throttled: TimelinePoint[]
  /** Consumption over the recent window (since the last reset, at most {@link RECENT_WINDOW_MS}); undefined when unknown. */
  rate?: { perMinute: number; from: Date; to: Date }
  projection: TimelineProjection
}

/** A remark about the input as a whole. */
export interface TimelineNotice {
  code: 'sorted' | 'entries-without-time' | 'no-quotas' | 'no-responses'
  message: string
}

/** Result of {@link buildRateLimitTimeline}. */
export interface RateLimitTimeline {
  /** The input form that was recognised. */
  source: 'har' | 'curl' | 'header-blocks' | 'none'
  /** Every timed response in time order, with its status (429s are marked on the chart even without quota headers). */
  responses: { at: Date; status?: number; response: number }[]
  quotas: TimelineQuota[]
  notices: TimelineNotice[]
  /** Set when the input cannot make a timeline (not one response with a time); says why and what to paste. */
  refused?: string
}

/** Options of {@link buildRateLimitTimeline}. */
export interface RateLimitTimelineOptions {
  /** Reference time (two-digit RFC 850 years; nothing else depends on it). @default new Date() */
  now?: Date
  /** IANA time zone of the clock times in sentences. @default 'UTC' */
  timeZone?: string
}

/** The pace is measured over at most this recent span (within the current window). */
export const RECENT_WINDOW_MS = 5 * 60_000
