/**
 * The policy behind a quota read from a timeline of its readings (a HAR, several `curl -i`): what the
 * remaining count did between two responses says how the quota comes back. Remaining that climbs back
 * to full once the stated reset has passed is a fixed window; remaining that rises part of the way,
 * before any stated reset, is a refilling bucket (its rate measured from the rise); remaining that only
 * falls says nothing about how it comes back. The evidence is said in words with the clock times.
 */
import type { TimelineQuota, TimelinePoint } from './timeline/types.ts'
import type { RatePolicy } from './policy/types.ts'

/** How sure an inference is. */
export type InferenceConfidence = 'clear' | 'likely' | 'cannot tell'

/** What a quota's readings say about its policy. */
export interface TimelineInference {
  /** The policy the readings point to; undefined when they cannot tell. */
  policy?: RatePolicy
  confidence: InferenceConfidence
  /** The observations that decided it, or why they cannot, in words. */
  evidence: string
}

/** A stated reset counts as passed up to this much after the later reading (resets are rounded up to whole seconds). */
const RESET_SLACK_MS = 1000

/**
 * A clock time as the timeline writes it ("12:00:01 UTC"), with milliseconds when the readings are under a
 * minute apart (one-second windows need them). Formatted here rather than with the timeline's own
 * formatter so this mode's chunk shares no module with the page's.
 */
function timeOf(date: Date, timeZone: string, precise: boolean): string {
  let text: string
  try {
    text = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone }).format(date)
  } catch {
    text = date.toISOString().slice(11, 19)
    timeZone = 'UTC'
  }
  const ms = precise ? `.${String(date.getUTCMilliseconds()).padStart(3, '0')}` : ''
  return `${text}${ms}${timeZone === 'UTC' ? ' UTC' : ''}`
}

/** A rate, rounded for reading: 2, 0.5, 33.3. */
const rounded = (n: number) => (n >= 10 ? Math.round(n) : Math.round(n * 10) / 10)

/** A window length in words: "1 s", "1 min", "1 h". */
function windowWords(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`
  if (ms % 60_000 === 0) return `${ms / 60_000} min`
  return `${Math.round(ms / 100) / 10} s`
}

/**
 * Infers one quota's policy from its readings over time (one client alone on the quota, each reading after
 * one request costing 1 unit of its quota's count).
 *
 * @param quota The quota's readings in time order (a timeline quota).
 * @param windowMs The window the headers state (RateLimit-Policy `w`, X-RateLimit-Window), when they do.
 * @param timeZone IANA zone of the clock times in the evidence. @default 'UTC'
 * @example
 * // 40 left at 12:00:01, 43 left at 12:00:03, the reset not reached → "… a refilling bucket, ~2/s"
 * inferFromTimeline(quota, undefined).policy?.kind // 'token-bucket'
 */
export function inferFromTimeline(quota: Pick<TimelineQuota, 'label' | 'unit' | 'points'>, windowMs: number | undefined, timeZone = 'UTC'): TimelineInference {
  const points = quota.points
  const limit = [...points].reverse().find((p) => p.limit !== undefined && p.limit > 0)?.limit
  const name = quota.label.trim() || 'quota'
  const unit = quota.unit === 'tokens' ? ({ unit: 'tokens' } as const) : quota.unit !== undefined ? ({ unit: 'points' } as const) : {}
  if (points.length < 2) return { confidence: 'cannot tell', evidence: 'One reading shows what is left, not how it comes back: paste several responses to see it refill.' }
  if (limit === undefined) return { confidence: 'cannot tell', evidence: 'No limit is stated, so there is nothing to measure the readings against.' }
  const span = (points[points.length - 1] as TimelinePoint).at.getTime() - (points[0] as TimelinePoint).at.getTime()
  const precise = span < 60_000
  const at = (p: TimelinePoint) => timeOf(p.at, timeZone, precise)

  // A rise to full (the request just made aside) once the stated reset had passed: the window restarted.
  const restarts: { prev: TimelinePoint; cur: TimelinePoint }[] = []
  // A rise part of the way (a window that restarts gives the whole limit back), or to full before the stated reset.
  const refills: { prev: TimelinePoint; cur: TimelinePoint }[] = []
  for (let i = 1; i < points.length; i++) {
    const prev = points[i - 1] as TimelinePoint
    const cur = points[i] as TimelinePoint
    if (cur.remaining <= prev.remaining || cur.at.getTime() <= prev.at.getTime()) continue
    const resetPassed = prev.resetAt !== undefined && prev.resetAt.getTime() <= cur.at.getTime() + RESET_SLACK_MS
    const full = cur.remaining >= limit - 1
    if (resetPassed && full) restarts.push({ prev, cur })
    else refills.push({ prev, cur })
  }

  if (refills.length > 0) {
    // The rate over every reading below full (a full bucket drops what refills): each step refilled what it
    // rose plus the one request that reading made.
    const restarted = new Set(restarts.map((r) => r.cur))
    let gained = 0
    let seconds = 0
    for (let i = 1; i < points.length; i++) {
      const prev = points[i - 1] as TimelinePoint
      const cur = points[i] as TimelinePoint
      if (prev.remaining >= limit - 1 || cur.at.getTime() <= prev.at.getTime() || restarted.has(cur)) continue
      gained += cur.remaining - prev.remaining + 1
      seconds += (cur.at.getTime() - prev.at.getTime()) / 1000
    }
    const rate = Math.max(gained, 1) / Math.max(seconds, 0.001)
    const first = refills[0] as { prev: TimelinePoint; cur: TimelinePoint }
    const fixedToo = restarts.length > 0 ? ' (it also came back to full at a reset, which a bucket does too)' : ''
    return {
      policy: { kind: 'token-bucket', name, capacity: limit, refillPerSecond: rounded(rate), ...unit },
      confidence: refills.length >= 2 ? 'clear' : 'likely',
      evidence: `Remaining rose from ${first.prev.remaining} to ${first.cur.remaining} between ${at(first.prev)} and ${at(first.cur)} without a reset${refills.length > 1 ? ` (and ${refills.length - 1} more time${refills.length > 2 ? 's' : ''})` : ''}${fixedToo} → a refilling bucket, ~${rounded(rate)}/s (a sliding window rises part of the way too).`,
    }
  }
  if (restarts.length > 0) {
    const first = restarts[0] as { prev: TimelinePoint; cur: TimelinePoint }
    const jump = first.prev.resetAt !== undefined && first.cur.resetAt !== undefined ? first.cur.resetAt.getTime() - first.prev.resetAt.getTime() : undefined
    const window = windowMs ?? (jump !== undefined && jump > 0 ? jump : undefined)
    const jumped = jump !== undefined && window !== undefined && Math.abs(jump - window) <= RESET_SLACK_MS ? `; the reset moved on by the window (${windowWords(window)})` : ''
    const evidence = `Remaining went back to ${first.cur.remaining} of ${limit} at ${at(first.cur)}, once the reset stated at ${at(first.prev)} had passed, and never rose between resets${jumped} → a fixed window`
    if (window === undefined) return { confidence: 'cannot tell', evidence: `${evidence}, but its length is neither stated nor seen.` }
    return { policy: { kind: 'fixed-window', name, limit, windowMs: window, ...unit }, confidence: jumped !== '' || restarts.length >= 2 ? 'clear' : 'likely', evidence: `${evidence} of ${windowWords(window)}.` }
  }
  const last = points[points.length - 1] as TimelinePoint
  return {
    confidence: 'cannot tell',
    evidence: `Remaining only fell (from ${(points[0] as TimelinePoint).remaining} at ${at(points[0] as TimelinePoint)} to ${last.remaining} at ${at(last)}), so these readings do not show how it comes back: include responses after a pause or past the reset.`,
  }
}
