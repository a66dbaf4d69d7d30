/**
 * Client-practice advice chosen from the parsed state. Messages use ISO 8601 UTC times and fixed English so
 * they are testable; each item also carries `at` so the UI can show the local time.
 */
import { formatDuration } from '@/shared/core/format'
import { lazy } from '@/shared/core/lazy'
import { quotaState } from './state.ts'
import type { Advice, BackoffStep, Quota, RateLimitReport } from './types.ts'

/** Options of {@link backoffSchedule}. */
export interface BackoffOptions {
  /**
   * First delay's lower bound, in ms.
   * @default 1000
   */
  baseMs?: number
  /**
   * Number of attempts shown.
   * @default 5
   */
  attempts?: number
  /**
   * Upper bound of any single delay, in ms.
   * @default 60000
   */
  capMs?: number
}

/**
 * Exponential backoff with jitter as ranges: attempt n waits a random time in [base·2ⁿ⁻¹, base·2ⁿ], capped.
 * Ranges rather than sampled values keep it deterministic (no Math.random in core).
 */
export function backoffSchedule(options: BackoffOptions = {}): BackoffStep[] {
  const base = options.baseMs ?? 1000
  const cap = options.capMs ?? 60_000
  const n = Math.max(0, Math.min(20, Math.floor(options.attempts ?? 5)))
  const steps: BackoffStep[] = []
  for (let attempt = 1; attempt <= n; attempt++) {
    const min = Math.min(cap, base * 2 ** (attempt - 1))
    steps.push({ attempt, minMs: min, maxMs: Math.min(cap, min * 2) })
  }
  return steps
}

function seconds(ms: number): string {
  const s = ms / 1000
  return Number.isInteger(s) ? String(s) : s.toFixed(1)
}

/** "attempt 1: 1–2 s, attempt 2: 2–4 s, …" */
export function describeSchedule(steps: BackoffStep[]): string {
  return steps.map((s) => `attempt ${s.attempt}: ${seconds(s.minMs)}–${seconds(s.maxMs)} s`).join(', ')
}

// Built on first use: the first Intl object costs the page's load (see shared/core/lazy.ts).
const numberFormat = lazy(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }))

function name(q: Quota): string {
  return `${q.family} ${q.label}`
}

function unitWord(q: Quota, n: number): string {
  const unit = q.unit ?? 'requests'
  return n === 1 && unit.endsWith('s') ? unit.slice(0, -1) : unit
}

function when(at: Date, inMs: number): string {
  return inMs >= 0 ? `${at.toISOString()} (in ${formatDuration(inMs)})` : `${at.toISOString()} (${formatDuration(-inMs)} ago)`
}

/** Latest future reset among the given quotas: waiting until then satisfies all of them. */
function latestReset(quotas: Quota[]): Quota | undefined {
  let best: Quota | undefined
  for (const q of quotas) {
    if (q.resetAt && q.resetInMs !== undefined && q.resetInMs >= 0 && (!best || q.resetInMs > (best.resetInMs ?? 0))) best = q
  }
  return best
}

/** The latest reset among the quotas when every stated one has passed (an old paste). */
function latestPassedReset(quotas: Quota[]): Quota | undefined {
  const stated = quotas.filter((q) => q.resetAt && q.resetInMs !== undefined)
  if (stated.length === 0 || stated.some((q) => (q.resetInMs ?? 0) >= 0)) return undefined
  return stated.reduce((a, b) => ((b.resetInMs ?? 0) > (a.resetInMs ?? 0) ? b : a))
}

function situation(report: Pick<RateLimitReport, 'status' | 'quotas' | 'retryAfter'>, nowMs: number): Advice[] {
  const { status, quotas, retryAfter } = report
  const out: Advice[] = []
  const exhausted = quotas.filter((q) => q.remaining === 0)
  if (status === 429 || exhausted.length > 0) {
    const cause = status === 429 ? 'Rate limited (HTTP 429)' : `Quota exhausted (${exhausted.map(name).join(', ')})`
    const reset = latestReset(exhausted.length > 0 ? exhausted : quotas)
    const passed = reset ? undefined : latestPassedReset(exhausted.length > 0 ? exhausted : quotas)
    if (retryAfter) {
      out.push({
        level: 'error',
        group: 'situation',
        code: 'retry-after',
        at: retryAfter.at.toISOString(),
        message: `${cause}. Retry after ${when(retryAfter.at, retryAfter.at.getTime() - nowMs)}, as ${retryAfter.header} says; it takes precedence over reset headers.`,
      })
    } else if (reset?.resetAt && reset.resetInMs !== undefined) {
      out.push({
        level: 'error',
        group: 'situation',
        code: 'wait-for-reset',
        at: reset.resetAt.toISOString(),
        message: `${cause}. Do not retry before ${when(reset.resetAt, reset.resetInMs)}, when ${reset.sources.reset ?? 'the reset header'} says ${name(reset)} resets.`,
      })
    } else if (passed?.resetAt) {
      out.push({
        level: 'warning',
        group: 'situation',
        code: 'reset-passed',
        at: passed.resetAt.toISOString(),
        message: `${cause} when these headers were sent, but ${name(passed)} reset at ${when(passed.resetAt, passed.resetInMs ?? 0)}: retrying now is allowed, and a new response will show the current numbers.`,
      })
    } else {
      out.push({
        level: 'error',
        group: 'situation',
        code: 'no-retry-time',
        message: `${cause}, and neither Retry-After nor a reset time was sent: back off exponentially before retrying.`,
      })
    }
    const schedule = backoffSchedule()
    out.push({
      level: 'warning',
      group: 'situation',
      code: 'backoff',
      schedule,
      message: `If a retry is rejected again, back off exponentially with jitter, waiting a random time in each range: ${describeSchedule(schedule)}; then give up or alert.`,
    })
    if (status === 429 && quotas.length > 0 && exhausted.length === 0 && quotas.every((q) => (q.remaining ?? 0) > 0)) {
      out.push({
        level: 'warning',
        group: 'situation',
        code: 'secondary-limit',
        message: 'A 429 although every quota shown has requests left: a secondary, global or shared limit applies (GitHub secondary limits, Discord shared scope). Honour Retry-After.',
      })
    }
  }
  for (const q of quotas) {
    if (q.remaining === undefined || q.remaining === 0) continue
    const state = quotaState(q)
    if (q.resetAt && q.resetInMs !== undefined && q.resetInMs < 0) {
      if (q.remaining < 5 || state === 'error' || state === 'warning') {
        out.push({
          level: 'info',
          group: 'situation',
          code: 'reset-passed',
          at: q.resetAt.toISOString(),
          message: `${name(q)} had ${numberFormat().format(q.remaining)} ${unitWord(q, q.remaining)} left, but it reset at ${when(q.resetAt, q.resetInMs)}: these numbers are out of date; a new response will show the current ones.`,
        })
      }
    } else if (q.remaining < 5) {
      const reset = q.resetAt && q.resetInMs !== undefined && q.resetInMs >= 0 ? q : undefined
      out.push({
        level: 'warning',
        group: 'situation',
        code: 'pause-until-reset',
        ...(reset?.resetAt ? { at: reset.resetAt.toISOString() } : {}),
        message: reset?.resetAt
          ? `Only ${numberFormat().format(q.remaining)} ${unitWord(q, q.remaining)} left in ${name(q)}. Pause until it resets at ${when(reset.resetAt, reset.resetInMs ?? 0)}.`
          : `Only ${numberFormat().format(q.remaining)} ${unitWord(q, q.remaining)} left in ${name(q)} and no reset time was sent. Pause and slow down.`,
      })
    } else if (state === 'error' || state === 'warning') {
      out.push({
        level: state === 'error' ? 'warning' : 'info',
        group: 'situation',
        code: 'near-limit',
        message: `${name(q)} has ${numberFormat().format(q.remainingPercent ?? 0)} % left (${numberFormat().format(q.remaining)} of ${numberFormat().format(q.limit ?? 0)}): spread the remaining requests over the time until the reset.`,
      })
    }
  }
  return out
}

/** Always-true client practice, meant for a collapsed "good practice" section. */
const PRACTICE_ADVICE: readonly Advice[] = [
  {
    level: 'info',
    group: 'practice',
    code: 'practice.check-remaining',
    message: 'Read the remaining count on every response and slow down before it reaches 0 instead of waiting for a 429.',
  },
  {
    level: 'info',
    group: 'practice',
    code: 'practice.client-bucket',
    message: 'Throttle on the client with a token bucket or leaky bucket sized to the limit, so bursts are smoothed before the server rejects them.',
  },
  {
    level: 'info',
    group: 'practice',
    code: 'practice.conditional-requests',
    message: 'Use conditional requests (If-None-Match with the ETag): a 304 Not Modified saves bandwidth and on some APIs (GitHub) does not count against the limit.',
  },
  {
    level: 'info',
    group: 'practice',
    code: 'practice.honour-retry-after',
    message: 'When Retry-After is present, wait at least that long; it takes precedence over the RateLimit reset.',
  },
]

/**
 * Advice for a report: situation items (429, exhausted or nearly exhausted quotas) first, then the good-practice
 * items, which are included only when some rate-limit information was found.
 * @param nowMs - the reference time of the report's countdowns. @default Date.now()
 */
export function buildAdvice(report: Pick<RateLimitReport, 'status' | 'quotas' | 'retryAfter'>, nowMs: number = Date.now()): Advice[] {
  const out = situation(report, nowMs)
  if (report.quotas.length > 0 || report.retryAfter || report.status === 429) out.push(...PRACTICE_ADVICE.map((a) => ({ ...a })))
  return out
}
