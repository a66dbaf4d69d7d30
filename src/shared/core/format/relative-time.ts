/** How long ago something happened, in words. */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * "just now" (under 45 s), "2 min ago", "3 h ago", "yesterday", "4 days ago"; past a week the date
 * ("Jan 3, 2026"). A time after `now` (another tab's clock) reads "just now".
 *
 * @param time - when it happened, epoch ms.
 * @param now - the clock to compare with, epoch ms (injected, so stories and tests are deterministic).
 * @param timeZone - IANA zone for the date past a week. @default undefined (the browser's)
 */
export function relativeTime(time: number, now: number, timeZone?: string): string {
  const ago = now - time
  if (!Number.isFinite(ago)) return 'unknown time'
  if (ago < 45_000) return 'just now'
  if (ago < HOUR) return `${Math.max(1, Math.round(ago / MINUTE))} min ago`
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`
  if (ago < 2 * DAY) return 'yesterday'
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)} days ago`
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(time)
}
