/**
 * Builds the rate-limit timeline: every timed response parsed at its own moment, its quotas joined by identity,
 * refills detected, 429s marked, and the pace projected.
 */
import { countOf } from '@/shared/core/format'
import { parseRateLimitHeaders } from '../parse.ts'
import { splitResponses, type TimedResponse } from './input.ts'
import { project } from './projection.ts'
import type { RateLimitTimeline, RateLimitTimelineOptions, TimelineNotice, TimelinePoint, TimelineQuota } from './types.ts'

/** A stated reset may move by this much between responses without being a new window (rounding, skew). */
const RESET_JITTER_MS = 1000

type Building = Omit<TimelineQuota, 'projection' | 'rate' | 'resets' | 'throttled'>

/** Refills between consecutive points: remaining went up, or the stated reset moved on after it had passed. */
function detectResets(points: readonly TimelinePoint[]): Date[] {
  const resets: Date[] = []
  for (let i = 1; i < points.length; i++) {
    const prev = points[i - 1] as TimelinePoint
    const cur = points[i] as TimelinePoint
    const prevReset = prev.resetAt?.getTime()
    const passed = prevReset !== undefined && prevReset <= cur.at.getTime() + RESET_JITTER_MS
    const moved = prevReset !== undefined && cur.resetAt !== undefined && cur.resetAt.getTime() > prevReset + RESET_JITTER_MS
    if (cur.remaining > prev.remaining || (passed && moved)) {
      // The stated reset is when it happened if it lies between the two readings; else the later reading.
      const at = prevReset !== undefined && prevReset >= prev.at.getTime() && prevReset <= cur.at.getTime() ? prevReset : cur.at.getTime()
      resets.push(new Date(at))
    }
  }
  return resets
}

function timed(responses: TimedResponse[], notices: TimelineNotice[]): TimedResponse[] {
  const untimed = responses.filter((r) => r.at === undefined || !Number.isFinite(r.at))
  if (untimed.length > 0 && untimed.length < responses.length) {
    const list = untimed.slice(0, 5).map((r) => r.response).join(', ')
    notices.push({
      code: 'entries-without-time',
      message: `${countOf(untimed.length, 'response')} without a time (no HAR start time and no Date header) ${untimed.length === 1 ? 'was' : 'were'} left out: ${untimed.length > 5 ? `${list}, …` : list}.`,
    })
  }
  const kept = responses.filter((r) => r.at !== undefined && Number.isFinite(r.at))
  const outOfOrder = kept.findIndex((r, i) => i > 0 && (r.at as number) < ((kept[i - 1] as TimedResponse).at as number))
  if (outOfOrder > 0) {
    notices.push({
      code: 'sorted',
      message: `The responses were not in time order (response ${kept[outOfOrder]?.response} is earlier than the one before it); they were sorted by time.`,
    })
    // Array.prototype.sort is stable, so responses at the same instant keep their pasted order.
    kept.sort((a, b) => (a.at as number) - (b.at as number))
  }
  return kept
}

function quotaKey(q: { family: string; label: string; resource?: string }): string {
  return `${q.family}|${q.label}|${q.resource ?? ''}`
}

/**
 * Builds remaining-over-time per quota from several responses: a HAR file (every entry's response headers at its
 * start time + duration), several `curl -i` blocks, or header blocks separated by blank lines, each with a `Date`.
 * Out-of-order responses are sorted (and said so); responses without any time are left out (and said so); when
 * none has a time the input is refused with a message. Never throws.
 *
 * @param input The pasted HAR or header blocks.
 * @param options `now` (`@default new Date()`) and `timeZone` of the sentences' clock times (`@default 'UTC'`).
 * @example
 * buildRateLimitTimeline(har).quotas[0]?.projection.sentence
 * // "At 42 requests/min you run out at 12:04:10 UTC, 2 min 50 s before the reset at 12:07:00 UTC."
 */
export function buildRateLimitTimeline(input: string, options: RateLimitTimelineOptions = {}): RateLimitTimeline {
  const nowMs = options?.now instanceof Date && Number.isFinite(options.now.getTime()) ? options.now.getTime() : Date.now()
  const timeZone = typeof options?.timeZone === 'string' && options.timeZone !== '' ? options.timeZone : 'UTC'
  const split = splitResponses(typeof input === 'string' ? input : '', nowMs)
  const notices: TimelineNotice[] = []
  const empty: RateLimitTimeline = { source: split.source, responses: [], quotas: [], notices }
  if (split.error) return { ...empty, refused: split.error }
  if (split.responses.length === 0) {
    notices.push({ code: 'no-responses', message: 'No responses were found: paste a HAR file, several curl -i outputs, or header blocks separated by blank lines.' })
    return empty
  }
  const responses = timed(split.responses, notices)
  if (responses.length === 0) {
    return {
      ...empty,
      refused: `None of the ${countOf(split.responses.length, 'response')} has a time, so no timeline can be drawn. Paste a HAR file (it records when each request started) or responses with their Date header (curl -i prints it).`,
    }
  }
  const byKey = new Map<string, Building>()
  for (const r of responses) {
    const at = new Date(r.at as number)
    const report = parseRateLimitHeaders(r.headerText, at)
    for (const q of report.quotas) {
      if (q.remaining === undefined) continue
      const key = quotaKey(q)
      let entry = byKey.get(key)
      if (!entry) {
        entry = { key, family: q.family, label: q.label, resource: q.resource, unit: q.unit, points: [] }
        byKey.set(key, entry)
      }
      entry.points.push({ at, remaining: q.remaining, limit: q.limit, resetAt: q.resetAt, status: r.status, response: r.response })
    }
  }
  const quotas: TimelineQuota[] = [...byKey.values()].map((b) => {
    const resets = detectResets(b.points)
    const { projection, rate } = project({ points: b.points, resets, unit: b.unit }, timeZone)
    return { ...b, resets, throttled: b.points.filter((p) => p.status === 429), rate, projection }
  })
  if (quotas.length === 0) {
    notices.push({ code: 'no-quotas', message: `None of the ${countOf(responses.length, 'response')} carries a remaining count the parser knows, so there is nothing to draw.` })
  }
  return {
    source: split.source,
    responses: responses.map((r) => ({ at: new Date(r.at as number), status: r.status, response: r.response })),
    quotas,
    notices,
  }
}
