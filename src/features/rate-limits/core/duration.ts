/**
 * Go-style durations (OpenAI resets) and human formatting of durations for countdowns.
 */

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3, // U+00B5 micro sign
  μs: 1e-3, // U+03BC Greek mu; Go accepts both
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
}
const GO_DURATION = /^[+-]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/
const GO_PART = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g

/**
 * Parses Go's `time.ParseDuration` grammar (`1s`, `6m0s`, `12ms`, `2m59.56s`, `1h2m3.5s`; `0` alone is allowed).
 * @returns Milliseconds (may be negative, as Go allows a sign), or undefined when the text is not a Go duration.
 */
export function parseGoDuration(text: string): number | undefined {
  const t = text.trim()
  if (t === '0' || t === '+0' || t === '-0') return 0
  if (!GO_DURATION.test(t)) return undefined
  let total = 0
  for (const m of t.matchAll(GO_PART)) total += Number(m[1]) * (UNIT_MS[m[2] ?? ''] ?? 0)
  if (!Number.isFinite(total)) return undefined
  return t.startsWith('-') ? -total : total
}

const UNITS: [string, number][] = [
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
 * Formats a duration for a human countdown: "14 min 32 s", "2 h 5 min", "3 d 4 h", "850 ms", "0 s".
 * The sign is dropped (the caller words "ago" vs "in"); seconds are truncated, not rounded, so a countdown
 * never shows more time than is left. Non-finite input gives "unknown" rather than "NaN s".
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
    // A zero unit after the largest one still counts towards maxUnits but is not printed, so 1 h 0 min 5 s
    // reads "1 h" rather than the misleadingly precise "1 h 5 s".
    if (n > 0) parts.push(`${n} ${unit}`)
    else if (parts.length > 0) parts.push('')
    if (parts.length >= maxUnits) break
  }
  return parts.filter((p) => p !== '').join(' ')
}
