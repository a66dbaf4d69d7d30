/**
 * The parser's entry point: input form → header index → families → Retry-After → warnings → advice.
 */
import { buildAdvice } from './advice.ts'
import { HeaderIndex, type ParseContext } from './context.ts'
import { parseHttpDate } from './dates.ts'
import { formatDuration } from '@/shared/core/format'
import { FAMILY_PARSERS } from './families/index.ts'
import { extractHeaders } from './input.ts'
import { readRateLimitProblem } from './problem.ts'
import { readRetryAfter } from './retry-after.ts'
import type { PastedHeader, Quota, RateLimitReport, ReportWarning } from './types.ts'

/** A Date header this far ahead of now is real clock skew (it is truncated to the second, so never ahead otherwise). */
const SKEW_THRESHOLD_MS = 2000
/** A Date header this far behind now is worth saying: the paste is old, and relative resets count from then. */
const AGE_NOTE_MS = 60_000

const RATE_LIMIT_LIKE = /rate-?limit|retry-after/i

function dateHeader(index: HeaderIndex, nowMs: number, warn: (w: ReportWarning) => void): { ms?: number; field?: PastedHeader } {
  const field = index.get('date')
  if (!field) return {}
  const ms = parseHttpDate(field.value, nowMs)
  if (ms === undefined) {
    warn({
      code: 'invalid-date-header',
      header: field.name,
      line: field.line,
      message: `${field.name}: "${field.value}" is not an HTTP-date, so clock skew could not be corrected.`,
    })
    return {}
  }
  return { ms, field }
}

/**
 * The clock of the response: a `Date` behind now is the paste's age (relative values count from it; said from a
 * minute on), a `Date` ahead of now is real clock skew (absolute times are moved back by it, and that is said).
 */
function clockOf(date: { ms?: number; field?: PastedHeader }, nowMs: number, warn: (w: ReportWarning) => void): Pick<ParseContext, 'responseAtMs' | 'clockOffsetMs'> {
  if (date.ms === undefined || !date.field) return { responseAtMs: nowMs, clockOffsetMs: 0 }
  const ahead = date.ms - nowMs
  const where = { header: date.field.name, line: date.field.line }
  if (ahead >= SKEW_THRESHOLD_MS) {
    warn({
      code: 'clock-skew-corrected',
      ...where,
      message: `${date.field.name} is ${formatDuration(ahead)} ahead of this computer's clock, so one of the two clocks is off; absolute reset times were moved back by that much.`,
    })
    return { responseAtMs: nowMs, clockOffsetMs: ahead }
  }
  if (-ahead >= AGE_NOTE_MS) {
    warn({
      code: 'old-response',
      ...where,
      message: `The response was sent ${formatDuration(-ahead)} ago (${date.field.name}); resets are shown as they stand now, and relative ones count from then.`,
    })
  }
  return { responseAtMs: Math.min(date.ms, nowMs), clockOffsetMs: 0 }
}

function unrecognised(report: RateLimitReport): ReportWarning[] {
  const used = new Set<string>()
  for (const q of report.quotas) for (const name of Object.values(q.sources)) used.add(name.toLowerCase())
  if (report.retryAfter) used.add(report.retryAfter.header.toLowerCase())
  // A header that already has a warning (unreadable, negative…) needs no second "not used" one.
  for (const w of report.warnings) if (w.header) used.add(w.header.toLowerCase())
  const out: ReportWarning[] = []
  const seen = new Set<string>()
  for (const h of report.headers) {
    const lower = h.name.toLowerCase()
    if (!RATE_LIMIT_LIKE.test(lower) || used.has(lower) || seen.has(lower)) continue
    seen.add(lower)
    out.push({ code: 'unrecognised-header', header: h.name, line: h.line, message: `${h.name} looks rate-limit related but was not used.` })
  }
  return out
}

function parse(input: string, now: Date, options: ParseRateLimitHeadersOptions): RateLimitReport {
  const warnings: ReportWarning[] = []
  const warn = (w: ReportWarning) => warnings.push(w)
  let nowMs = now instanceof Date ? now.getTime() : Number.NaN
  if (!Number.isFinite(nowMs)) {
    warn({ code: 'invalid-now', message: 'The reference time was not a valid date; the current time was used.' })
    nowMs = Date.now()
  }
  if (input.trim() === '') {
    return { headers: [], quotas: [], advice: [], warnings: [{ code: 'empty-input', message: 'Nothing was pasted.' }, ...warnings] }
  }
  const extracted = extractHeaders(input)
  options.onHeaders?.(extracted.headers)
  warnings.push(...extracted.warnings)
  const headers = new HeaderIndex(extracted.headers, warn)
  const date = dateHeader(headers, nowMs, warn)
  const ctx: ParseContext = { nowMs, ...clockOf(date, nowMs, warn), headers, warn }

  const report: RateLimitReport = { headers: extracted.headers, quotas: [], advice: [], warnings }
  if (extracted.status !== undefined) report.status = extracted.status
  report.quotas = FAMILY_PARSERS.flatMap((parseFamily) => parseFamily(ctx))
  options.onQuotas?.(report.quotas)
  if (report.status === 429) {
    // -1 usually says "no limit applies" (Azure OpenAI), which a 429 contradicts.
    for (const w of warnings) {
      if (w.code === 'unlimited') w.message = `${w.header ?? 'A count'}: -1 on a 429 response: the request was limited, so this cannot mean "no limit applies"; the value was ignored.`
    }
  }
  const retryAfter = readRetryAfter(ctx)
  if (retryAfter) report.retryAfter = retryAfter
  const problem = readRateLimitProblem(input, extracted.headers)
  if (problem) report.problem = problem

  if (extracted.headers.length === 0) {
    warn({ code: 'no-headers', message: 'No "Name: value" header lines were found.' })
  } else if (report.quotas.length === 0 && !retryAfter) {
    warn({ code: 'no-rate-limit-headers', message: 'No known rate-limit headers were found.' })
  }
  warnings.push(...unrecognised(report))
  report.advice = buildAdvice(report, nowMs)
  // General warnings (no line) first, then by line; the sort is stable so same-line order is kept.
  warnings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
  return report
}

/** Options of {@link parseRateLimitHeaders}. */
export interface ParseRateLimitHeadersOptions {
  /**
   * Called with the pasted headers (the report's `headers`, not to be changed) as soon as they are read,
   * before the quotas are: the worker sends them to the page while it reads the rest (`answerRequest`).
   * @default undefined
   */
  onHeaders?: (headers: readonly PastedHeader[]) => void
  /**
   * Called with the quotas (the report's `quotas`, not to be changed) as soon as they are read, before the
   * advice and the warnings on unused headers are worked out.
   * @default undefined
   */
  onQuotas?: (quotas: readonly Quota[]) => void
}

/**
 * Parses pasted HTTP response headers and reports every rate-limit quota found.
 *
 * Accepts `Name: value` lines (LF or CRLF), `curl -i` / `curl -D -` / `curl -v` output (the last response
 * block is used), DevTools copies (pseudo-headers like `:status`), a HAR file or entry, or a JSON object of
 * headers. Never throws: problems become {@link RateLimitReport.warnings}; no number in the report is NaN or
 * infinite.
 *
 * @param input The pasted text.
 * @param now Reference time for countdowns and `resetInMs`; pass a fixed value for reproducible output.
 *   `@default new Date()` (the current time).
 * @param options See {@link ParseRateLimitHeadersOptions}. `@default {}`
 */
export function parseRateLimitHeaders(input: string, now: Date = new Date(), options: ParseRateLimitHeadersOptions = {}): RateLimitReport {
  const text = typeof input === 'string' ? input : ''
  try {
    return parse(text, now, options)
  } catch (error) {
    // Defence in depth only: the property tests assert this path is never taken.
    return {
      headers: [],
      quotas: [],
      advice: [],
      warnings: [{ code: 'internal-error', message: `The parser failed unexpectedly (${error instanceof Error ? error.message : 'unknown error'}).` }],
    }
  }
}
