/**
 * Date parsing for reset and Retry-After values. Written out by hand because `Date.parse` is
 * implementation-defined for anything but ISO strings, and a local-time reading would make tests depend on TZ.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
/** Largest magnitude a JavaScript Date can hold, in ms (ECMA-262 §21.4.1.1). */
export const MAX_DATE_MS = 8.64e15

function month(name: string): number {
  return MONTHS.indexOf(name.toLowerCase())
}

/** Epoch ms for a UTC calendar time, or undefined if any part is out of range (e.g. 31 Feb). */
function utc(y: number, mo: number, d: number, h: number, mi: number, s: number, ms = 0): number | undefined {
  if (mo < 0 || mo > 11 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return undefined
  const t = Date.UTC(y, mo, d, h, mi, Math.min(s, 59), ms)
  // Date.UTC rolls 31 Feb over to March; reject instead of silently moving the reset.
  const check = new Date(t)
  if (!Number.isFinite(t) || check.getUTCDate() !== d) return undefined
  return t
}

// IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
const IMF = /^[a-z]{3},\s+(\d{1,2})\s+([a-z]{3})\s+(\d{4})\s+(\d{2}):(\d{2}):(\d{2})\s+GMT$/i
// RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
const RFC850 = /^[a-z]{6,9},\s+(\d{2})-([a-z]{3})-(\d{2})\s+(\d{2}):(\d{2}):(\d{2})\s+GMT$/i
// asctime: Sun Nov  6 08:49:37 1994
const ASCTIME = /^[a-z]{3}\s+([a-z]{3})\s+(\d{1,2})\s+(\d{2}):(\d{2}):(\d{2})\s+(\d{4})$/i

/**
 * Parses an HTTP-date in any of the three forms RFC 9110 §5.6.7 requires recipients to accept
 * (IMF-fixdate, RFC 850, asctime).
 * @param nowMs Reference time; RFC 850's two-digit year is read as the most recent year that is not more than
 *   50 years in the future, as RFC 9110 asks.
 * @returns Epoch milliseconds, or undefined when the text is not an HTTP-date.
 */
export function parseHttpDate(text: string, nowMs: number): number | undefined {
  const t = text.trim()
  let m = IMF.exec(t)
  if (m) return utc(Number(m[3]), month(m[2] ?? ''), Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6]))
  m = RFC850.exec(t)
  if (m) {
    const nowYear = new Date(Number.isFinite(nowMs) ? nowMs : 0).getUTCFullYear()
    let year = Math.floor(nowYear / 100) * 100 + Number(m[3])
    if (year > nowYear + 50) year -= 100
    return utc(year, month(m[2] ?? ''), Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6]))
  }
  m = ASCTIME.exec(t)
  if (m) return utc(Number(m[6]), month(m[1] ?? ''), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]))
  return undefined
}

// RFC 3339 / ISO 8601 date-time; seconds optional because Jira sends minute precision.
const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i

/** Result of {@link parseIsoDate}. */
export interface IsoDate {
  ms: number
  /** True when the text had no offset and UTC was assumed (JS would use local time, which is not reproducible). */
  assumedUtc: boolean
}

/** Parses an RFC 3339 / ISO 8601 date-time (`2025-08-21T12:40:59Z`, `2024-01-01T12:00+01:00`). */
export function parseIsoDate(text: string): IsoDate | undefined {
  const m = ISO.exec(text.trim())
  if (!m) return undefined
  const frac = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0
  const base = utc(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0), frac)
  if (base === undefined) return undefined
  const zone = m[8]
  if (!zone) return { ms: base, assumedUtc: true }
  if (zone.toUpperCase() === 'Z') return { ms: base, assumedUtc: false }
  const sign = zone.startsWith('-') ? -1 : 1
  const digits = zone.slice(1).replace(':', '')
  const offsetMin = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0)
  return { ms: base - sign * offsetMin * 60_000, assumedUtc: false }
}

// JavaScript Date.prototype.toString(): Thu Jan 01 2025 12:00:00 GMT+0100 (Central European Standard Time)
const JS_DATE = /^[a-z]{3}\s+([a-z]{3})\s+(\d{1,2})\s+(\d{4})\s+(\d{2}):(\d{2}):(\d{2})\s+GMT([+-])(\d{2})(\d{2})(?:\s+\(.*\))?$/i

/** Parses the output of JavaScript's `Date.prototype.toString()`, which some servers put in reset headers. */
export function parseJsDateString(text: string): number | undefined {
  const m = JS_DATE.exec(text.trim())
  if (!m) return undefined
  const base = utc(Number(m[3]), month(m[1] ?? ''), Number(m[2]), Number(m[4]), Number(m[5]), Number(m[6]))
  if (base === undefined) return undefined
  const sign = m[7] === '-' ? -1 : 1
  return base - sign * (Number(m[8]) * 60 + Number(m[9])) * 60_000
}

/** A Date for `ms`, or undefined when `ms` is outside the range a Date can represent (so no Invalid Date leaks). */
export function safeDate(ms: number): Date | undefined {
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS ? new Date(ms) : undefined
}
