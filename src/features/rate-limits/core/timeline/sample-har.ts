/**
 * A deterministic HAR generator for the timeline's tests, stories and benchmark: a client calling a GitHub-style
 * API (fixed windows, x-ratelimit-* headers, 429 with Retry-After once the quota is spent). Written for this
 * project; no real traffic.
 */

/** Options of {@link sampleHar}. */
export interface SampleHarOptions {
  /** First request's start (epoch ms). */
  startMs: number
  /** Number of entries. */
  count: number
  /** Time between requests, in ms. @default 2000 */
  intervalMs?: number
  /** Requests per window. @default 100 */
  limit?: number
  /** Window length in seconds; windows start at `startMs`. @default 60 */
  windowSeconds?: number
  /** Entries listed in this order of their index (to test sorting). @default in time order */
  order?: (index: number, count: number) => number
  /** Ordinary headers added to every response (realistic size for the benchmark). @default 6 */
  extraHeaders?: number
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The HAR as a JSON string, pretty-printed like a browser export. */
export function sampleHar(options: SampleHarOptions): string {
  const { startMs, count, intervalMs = 2000, limit = 100, windowSeconds = 60, extraHeaders = 6 } = options
  const entries: object[] = []
  let used = 0
  let windowIndex = 0
  for (let i = 0; i < count; i++) {
    const at = startMs + i * intervalMs
    const w = Math.floor((at - startMs) / (windowSeconds * 1000))
    if (w !== windowIndex) {
      windowIndex = w
      used = 0
    }
    const resetS = Math.floor((startMs + (w + 1) * windowSeconds * 1000) / 1000)
    const allowed = used < limit
    if (allowed) used++
    const remaining = limit - used
    const date = new Date(Math.floor(at / 1000) * 1000).toUTCString()
    const headers = [
      { name: 'date', value: date },
      { name: 'content-type', value: 'application/json; charset=utf-8' },
      { name: 'x-ratelimit-limit', value: String(limit) },
      { name: 'x-ratelimit-remaining', value: String(remaining) },
      { name: 'x-ratelimit-used', value: String(used) },
      { name: 'x-ratelimit-reset', value: String(resetS) },
      { name: 'x-ratelimit-resource', value: 'core' },
      ...(allowed ? [] : [{ name: 'retry-after', value: String(Math.max(0, resetS - Math.floor(at / 1000))) }]),
      ...Array.from({ length: extraHeaders }, (_, k) => ({ name: `x-sample-header-${k}`, value: `value ${i}-${k}` })),
    ]
    const d = new Date(at)
    entries.push({
      startedDateTime: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${String(d.getUTCMilliseconds()).padStart(3, '0')}Z`,
      time: 120,
      request: { method: 'GET', url: `https://api.example.test/items?page=${i + 1}`, headers: [] },
      response: { status: allowed ? 200 : 429, statusText: allowed ? 'OK' : 'Too Many Requests', headers },
    })
  }
  const ordered = options.order ? entries.map((_, i) => entries[options.order?.(i, count) ?? i]) : entries
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'api-workbench sample', version: '1' }, entries: ordered } }, null, 2)
}
