/**
 * What the rate-limit page says to screen-reader users: the result summary, "example loaded",
 * "cleared", and the countdown thresholds (1 minute left, reset reached), each said once per quota.
 * Framework-free: the rate-limit store feeds these texts to the app's announcer.
 */
import { joinNames } from '@/shared/core/format'
import { IMMINENT_MS, countdownText, formatCount, quotaName } from './format.ts'
import { countNearLimit } from './quota-groups.ts'
import type { RateLimitReport } from './types.ts'

/** Said after Clear. */
export const CLEARED_TEXT = 'Cleared the headers.'

/**
 * How many quotas the report found and how many of those are near their limit (`isNearLimit`), in one
 * sentence ("2 quotas found.", "33,334 quotas found; 12 near their limit."); shown above the cards.
 */
export function quotaSummary(report: Pick<RateLimitReport, 'quotas' | 'retryAfter'>): string {
  const n = report.quotas.length
  if (n === 0) return report.retryAfter ? 'No quota headers, but a Retry-After.' : 'No rate-limit quota found.'
  const near = countNearLimit(report.quotas)
  const found = `${formatCount(n)} ${n === 1 ? 'quota' : 'quotas'} found`
  if (near === 0) return `${found}.`
  if (n === 1) return `${found}; it is near its limit.`
  return `${found}; ${formatCount(near)} near ${near === 1 ? 'its' : 'their'} limit.`
}

/** The longest problem title said in full; a longer (pasted, perhaps hostile) one is cut there. */
const SAID_TITLE_CHARS = 120

/** "Problem details: <title>. " for a problem+json body (its title, else the draft type's name), or nothing. */
function problemSentence(problem: RateLimitReport['problem']): string {
  const whole = (problem?.title ?? problem?.draftType?.replaceAll('-', ' ') ?? '').replace(/\s+/g, ' ').trim()
  let title = whole.length > SAID_TITLE_CHARS ? `${whole.slice(0, SAID_TITLE_CHARS)}…` : whole
  // Its own full stop goes (the sentence adds one); a loop, as a regex for trailing dots is quadratic on hostile input.
  while (title.endsWith('.')) title = title.slice(0, -1).trimEnd()
  return title ? `Problem details: ${title}. ` : ''
}

/** At most this many quotas are named in one announcement; the rest are counted. */
const NAMED_QUOTAS = 3

/**
 * The one sentence said after a paste: the count, then each quota's amount and reset, e.g.
 * "2 quotas: GitHub core 4,987 of 5,000 left, resets in 14 min 32 s; GitHub search 28 of 30 left." (the first
 * {@link NAMED_QUOTAS} by name, the rest counted), after the problem details' title when the body has one
 * ("Problem details: Request quota exceeded."). Without quotas, {@link quotaSummary}.
 * @param nowMs - the time the resets are counted from
 */
export function pasteSummary(report: Pick<RateLimitReport, 'quotas' | 'retryAfter' | 'status' | 'problem'>, nowMs: number): string {
  const n = report.quotas.length
  const status = `${report.status === 429 ? 'HTTP 429, rate limited. ' : ''}${problemSentence(report.problem)}`
  if (n === 0) return `${status}${quotaSummary(report)}`
  const named = report.quotas.slice(0, NAMED_QUOTAS).map((q) => {
    const amount =
      q.remaining === undefined ? 'remaining unknown' : q.limit === undefined ? `${formatCount(q.remaining)} left` : `${formatCount(q.remaining)} of ${formatCount(q.limit)} left`
    const reset = q.resetAt ? (q.resetAt.getTime() > nowMs ? `, resets ${countdownText(q.resetAt.getTime(), nowMs)}` : `, reset ${countdownText(q.resetAt.getTime(), nowMs)}`) : ''
    return `${quotaName(q)} ${amount}${reset}`
  })
  const more = n > NAMED_QUOTAS ? `; and ${formatCount(n - NAMED_QUOTAS)} more` : ''
  return `${status}${formatCount(n)} ${n === 1 ? 'quota' : 'quotas'}: ${named.join('; ')}${more}.`
}

/**
 * Said after Load example: its name and what it holds, e.g. "Loaded the GitHub REST example. 1 quota: GitHub core
 * 4,987 of 5,000 left, resets in 14 min 32 s." (see {@link pasteSummary}).
 */
export function exampleLoadedText(label: string, report: Pick<RateLimitReport, 'quotas' | 'retryAfter' | 'status' | 'problem'>, nowMs: number): string {
  return `Loaded the ${label} example. ${pasteSummary(report, nowMs)}`
}

/** Something a countdown runs to: a quota's reset or the Retry-After time. */
export interface CountdownTarget {
  /** Identity across re-parses of the same paste: family, label, resource and the raw reset header value. */
  key: string
  kind: 'reset' | 'retry'
  /** "GitHub core"; "Retry-After" for the retry time. */
  name: string
  atMs: number
}

/** Up to this many header names are looked for by comparing them with each header's. */
const FEW_NAMES = 8

/** The first value of each header named in `wanted`, from the report's headers. */
function headerValues(report: Pick<RateLimitReport, 'headers'>, wanted: ReadonlySet<string>): Map<string, string> {
  const values = new Map<string, string>()
  if (wanted.size === 0) return values
  if (wanted.size <= FEW_NAMES) {
    // A tick's few crossings: comparing names costs less than hashing each of 50,000 names (built in the worker,
    // never hashed on the page yet) to look it up in a set.
    const names = [...wanted]
    for (const h of report.headers) {
      if (names.includes(h.name) && !values.has(h.name)) values.set(h.name, h.value)
      if (values.size === names.length) break
    }
    return values
  }
  for (const h of report.headers) if (wanted.has(h.name) && !values.has(h.name)) values.set(h.name, h.value)
  return values
}

/** The countdown of quota `q` (which has a `resetAt`), keyed by its reset header's raw value from `values`. */
function resetTarget(q: RateLimitReport['quotas'][number], values: ReadonlyMap<string, string>): CountdownTarget {
  const header = q.sources.reset ?? ''
  return {
    key: ['reset', q.family, q.label, q.resource ?? '', header, values.get(header) ?? ''].join('|'),
    kind: 'reset',
    name: quotaName(q),
    atMs: q.resetAt?.getTime() ?? Number.NaN,
  }
}

/** The Retry-After countdown of a report that has one. */
function retryTarget(retryAfter: NonNullable<RateLimitReport['retryAfter']>, values: ReadonlyMap<string, string>): CountdownTarget {
  const { header, at } = retryAfter
  return { key: ['retry', header, values.get(header) ?? ''].join('|'), kind: 'retry', name: 'Retry-After', atMs: at.getTime() }
}

/** Every countdown in a report, keyed so that re-parsing the same paste keeps the same keys. */
export function countdownTargets(report: RateLimitReport): CountdownTarget[] {
  // The raw values of the reset headers alone: a paste of thousands of quotas has tens of thousands of headers.
  const wanted = new Set<string>()
  for (const q of report.quotas) if (q.resetAt && q.sources.reset) wanted.add(q.sources.reset)
  if (report.retryAfter) wanted.add(report.retryAfter.header)
  const values = headerValues(report, wanted)
  const out: CountdownTarget[] = []
  for (const q of report.quotas) if (q.resetAt) out.push(resetTarget(q, values))
  if (report.retryAfter) out.push(retryTarget(report.retryAfter, values))
  return out
}

/**
 * When a report's countdowns end, without their names and keys: what a tick needs to find the thresholds
 * crossed. A paste of 16,667 quotas named and keyed every countdown (`countdownTargets`) in one task of
 * about 50 ms; {@link scheduledCrossings} builds the targets of the countdowns that crossed a threshold alone.
 */
export interface CountdownSchedule {
  /** The report the countdowns are from. */
  report: RateLimitReport
  /** Each quota's reset time in ms since the epoch, in report order (NaN for a quota without one). */
  resetMs: Float64Array
}

/** The {@link CountdownSchedule} of `report`: one number per quota. */
export function countdownSchedule(report: RateLimitReport): CountdownSchedule {
  const resetMs = new Float64Array(report.quotas.length)
  report.quotas.forEach((q, i) => (resetMs[i] = q.resetAt ? q.resetAt.getTime() : Number.NaN))
  return { report, resetMs }
}

/** The threshold a countdown to `atMs` crossed between `previousMs` and `nowMs`, if any ("reached" over both). */
function thresholdOf(atMs: number, previousMs: number, nowMs: number): Crossing['threshold'] | undefined {
  const before = atMs - previousMs
  const after = atMs - nowMs
  if (before > 0 && after <= 0) return 'reached'
  if (before > IMMINENT_MS && after <= IMMINENT_MS) return 'minute'
  return undefined
}

/**
 * {@link thresholdCrossings} of a schedule's countdowns, in the same order and with the same targets as
 * `thresholdCrossings(countdownTargets(report), …)`, but only the countdowns that crossed a threshold are
 * named and keyed (and the report's headers read for their reset values).
 */
export function scheduledCrossings(schedule: CountdownSchedule, previousMs: number, nowMs: number, said: Set<string>): Crossing[] {
  const { report, resetMs } = schedule
  const crossed: { index: number; threshold: Crossing['threshold'] }[] = []
  for (let i = 0; i < resetMs.length; i++) {
    const threshold = thresholdOf(resetMs[i] ?? Number.NaN, previousMs, nowMs)
    if (threshold) crossed.push({ index: i, threshold })
  }
  const retryThreshold = report.retryAfter ? thresholdOf(report.retryAfter.at.getTime(), previousMs, nowMs) : undefined
  if (crossed.length === 0 && !retryThreshold) return []
  const wanted = new Set<string>()
  for (const { index } of crossed) {
    const header = report.quotas[index]?.sources.reset
    if (header) wanted.add(header)
  }
  if (retryThreshold && report.retryAfter) wanted.add(report.retryAfter.header)
  const values = headerValues(report, wanted)
  const out: Crossing[] = []
  const record = (target: CountdownTarget, threshold: Crossing['threshold']) => {
    const id = `${threshold}:${target.key}`
    if (said.has(id)) return
    said.add(id)
    out.push({ target, threshold })
  }
  for (const { index, threshold } of crossed) {
    const q = report.quotas[index]
    if (q) record(resetTarget(q, values), threshold)
  }
  if (retryThreshold && report.retryAfter) record(retryTarget(report.retryAfter, values), retryThreshold)
  return out
}

/** A threshold a countdown crossed between two ticks. */
export interface Crossing {
  target: CountdownTarget
  threshold: 'minute' | 'reached'
}

/**
 * Thresholds crossed between `previousMs` and `nowMs` (the last minute began, or the target was reached) that
 * were not said before; records them in `said` so each is said once per quota. A jump over both thresholds
 * (a sleeping tab) reports only "reached".
 */
export function thresholdCrossings(targets: readonly CountdownTarget[], previousMs: number, nowMs: number, said: Set<string>): Crossing[] {
  const out: Crossing[] = []
  for (const target of targets) {
    const threshold = thresholdOf(target.atMs, previousMs, nowMs)
    if (!threshold) continue
    const id = `${threshold}:${target.key}`
    if (said.has(id)) continue
    said.add(id)
    out.push({ target, threshold })
  }
  return out
}

/** One short sentence (or two) for the announcer, or '' when nothing was crossed. */
export function announcementFor(crossings: readonly Crossing[]): string {
  const names = (threshold: Crossing['threshold']) =>
    crossings.filter((c) => c.threshold === threshold && c.target.kind === 'reset').map((c) => c.target.name)
  const retry = (threshold: Crossing['threshold']) => crossings.some((c) => c.threshold === threshold && c.target.kind === 'retry')
  const sentences: string[] = []
  const minute = names('minute')
  if (minute.length > 0) sentences.push(`1 minute left until ${joinNames(minute)} ${minute.length > 1 ? 'reset' : 'resets'}.`)
  if (retry('minute')) sentences.push('1 minute left until you may retry.')
  const reached = names('reached')
  if (reached.length > 0) sentences.push(`Reset reached for ${joinNames(reached)}.`)
  if (retry('reached')) sentences.push('Retry-After time reached: you may retry now.')
  return sentences.join(' ')
}
