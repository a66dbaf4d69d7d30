/**
 * Durations in words, one spelling for the whole app: unit symbols with a space ("850 ms", "1.25 s",
 * "14 min 32 s", "3 d 4 h"), never "NaN".
 */

const UNITS: readonly (readonly [string, number])[] = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['min', 60_000],
  ['s', 1000],
]

/** Options of {@link formatDuration}. */
export interface FormatDurationOptions {
  /**
   * How many units to show, largest first ("14 min 32 s" is 2).
   * @default 2
   */
  maxUnits?: number
}

/**
 * A span of time in whole units, for countdowns, windows and clock skew: "14 min 32 s", "2 h 5 min",
 * "3 d 4 h", "850 ms", "0 s". The sign is dropped (the caller words "ago" vs "in"); seconds are
 * truncated, not rounded, so a countdown never shows more time than is left. A zero unit after the
 * largest counts towards `maxUnits` but is not printed: 1 h 0 min 5 s reads "1 h", not the
 * misleadingly precise "1 h 5 s". Non-finite input gives "unknown".
 *
 * @param ms - milliseconds, either sign.
 */
export function formatDuration(ms: number, options: FormatDurationOptions = {}): string {
  if (!Number.isFinite(ms)) return 'unknown'
  const maxUnits = Math.max(1, Math.floor(options.maxUnits ?? 2))
  const abs = Math.abs(ms)
  if (abs < 1000) return abs === 0 ? '0 s' : `${Math.round(abs)} ms`
  let rest = Math.floor(abs / 1000) * 1000
  const parts: string[] = []
  for (const [unit, size] of UNITS) {
    const n = Math.floor(rest / size)
    rest -= n * size
    if (n > 0) parts.push(`${n} ${unit}`)
    else if (parts.length > 0) parts.push('')
    if (parts.length >= maxUnits) break
  }
  return parts.filter((p) => p !== '').join(' ')
}

/**
 * A measured time (a request, a delivery, parsing), as precise as is useful: "143 ms", "0 ms",
 * "1.25 s" (two decimals under 10 s), "12.5 s" (one under a minute), then whole units as
 * {@link formatDuration} prints them ("1 min 15 s"). Rounded, never shown as "1000 ms" or "60.0 s".
 * Negative input (a clock that went back) reads as 0; non-finite input as "unknown".
 *
 * @param ms - milliseconds.
 */
export function formatElapsed(ms: number): string {
  if (!Number.isFinite(ms)) return 'unknown'
  const t = Math.max(0, ms)
  if (Math.round(t) < 1000) return `${Math.round(t)} ms`
  const seconds = t / 1000
  // Round once and print that number, so the unit chosen and the digits shown always agree.
  const hundredths = Math.round(seconds * 100)
  if (hundredths < 1000) return `${(hundredths / 100).toFixed(2)} s`
  const tenths = Math.round(seconds * 10)
  if (tenths < 600) return `${(tenths / 10).toFixed(1)} s`
  // Rounded to the second here (a measurement, not a countdown that must never overstate).
  return formatDuration(Math.round(seconds) * 1000)
}
