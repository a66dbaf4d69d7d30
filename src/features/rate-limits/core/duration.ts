/**
 * Go-style durations (OpenAI resets). Durations are put in words by `formatDuration` in
 * `src/shared/core/format`.
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
const GO_DURATION = /^[+-]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|[smh]))+$/
// Sticky: the parts follow each other from the start (GO_DURATION checked that), so no rescan per position.
const GO_PART = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|[smh])/gy

/**
 * Parses Go's `time.ParseDuration` grammar (`1s`, `6m0s`, `12ms`, `2m59.56s`, `1h2m3.5s`; `0` alone is allowed).
 * @returns Milliseconds (may be negative, as Go allows a sign), or undefined when the text is not a Go duration.
 */
export function parseGoDuration(text: string): number | undefined {
  const t = text.trim()
  if (t === '0' || t === '+0' || t === '-0') return 0
  if (!GO_DURATION.test(t)) return undefined
  let total = 0
  for (const m of t.slice(t.startsWith('+') || t.startsWith('-') ? 1 : 0).matchAll(GO_PART)) total += Number(m[1]) * (UNIT_MS[m[2] ?? ''] ?? 0)
  if (!Number.isFinite(total)) return undefined
  return t.startsWith('-') ? -total : total
}
