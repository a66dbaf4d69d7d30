/** Timestamp formatting helpers: each provider's own representation of the generation time. */

/** Throws a `RangeError` if `now` is not a valid date. */
export function assertValidDate(now: Date): Date {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new RangeError('now must be a valid Date')
  return now
}

/** Unix time in whole seconds (Stripe `created`, Slack `event_time`, Standard Webhooks `webhook-timestamp`). */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000)
}

/** ISO 8601 in UTC without fractional seconds, e.g. `2026-03-01T12:00:00Z` (GitHub). */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** ISO 8601 in UTC with milliseconds, e.g. `2026-03-01T12:00:00.123Z` (Shopify triggered-at). */
export function isoMillis(date: Date): string {
  return date.toISOString()
}

/**
 * ISO 8601 local time with a numeric offset, e.g. `2026-03-01T07:00:00-05:00` (Shopify, GitLab, git commits).
 * @param offsetMinutes - offset from UTC in minutes (east positive)
 */
export function isoWithOffset(date: Date, offsetMinutes: number): string {
  const local = new Date(Math.floor(date.getTime() / 1000) * 1000 + offsetMinutes * 60_000)
  const base = local.toISOString().slice(0, 19)
  const sign = offsetMinutes < 0 ? '-' : '+'
  const abs = Math.abs(offsetMinutes)
  const hh = String(Math.floor(abs / 60)).padStart(2, '0')
  const mm = String(abs % 60).padStart(2, '0')
  return `${base}${sign}${hh}:${mm}`
}

/** GitLab's legacy timestamp form, e.g. `2026-03-01 12:00:00 UTC`. */
export function gitlabUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`
}

/** `date` moved by whole `days` (negative for the past). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000)
}
