/**
 * Throttle plan as code for Bottleneck (https://github.com/SGrondin/bottleneck): one limiter per quota,
 * configured from its policy — a window refills its reservoir (`reservoir`, `reservoirRefreshInterval`,
 * `reservoirRefreshAmount`), a bucket or GCRA drips it back (`reservoirIncreaseInterval`, `…Amount`,
 * `…Maximum`) — nested so that a request waits for every quota, the outermost with `maxConcurrent: 1` (one
 * request at a time: each answer is read before the next request leaves). A reservoir
 * only paces: its timer is not aligned with the server's windows and counts when a request leaves, so the
 * plan also reads what the server says is left (`RateLimit`, `x-ratelimit-remaining-<quota>`,
 * `X-RateLimit-Remaining`) and holds a quota that cannot pay for the next request until it can, and retries
 * a 429 after `retry-after-ms` / `Retry-After` through Bottleneck's `failed` event.
 */
import { HEADER_READERS } from './fetch-scheduler.ts'
import { gcraBurst, policyProblem } from './models.ts'
import type { RatePolicy } from './types.ts'

/** The headers the generated Bottleneck plan reads, with what it does with each (shown beside the code). */
export const BOTTLENECK_READS: readonly { header: string; use: string }[] = [
  { header: 'RateLimit', use: 'r and t per quota: when r cannot pay for the next request, hold that quota (a window until t seconds, a bucket until the missing units have dripped back).' },
  { header: 'x-ratelimit-remaining-<quota> / x-ratelimit-reset-<quota>', use: 'The same, for OpenAI-style names (reset as 1s, 6m0s, 20ms).' },
  { header: 'X-RateLimit-Remaining / X-RateLimit-Reset', use: 'The same for the quota named by X-RateLimit-Resource, or the only one (reset in Unix seconds).' },
  { header: 'retry-after-ms / Retry-After', use: 'On a 429: Bottleneck retries the request after this wait (up to MAX_RETRIES times).' },
]

/** Bottleneck constructor options for one quota (the subset the plan sets). */
export interface BottleneckSettings {
  reservoir: number
  reservoirRefreshInterval?: number
  reservoirRefreshAmount?: number
  reservoirIncreaseInterval?: number
  reservoirIncreaseAmount?: number
  reservoirIncreaseMaximum?: number
  /** How often Bottleneck's timer looks at the reservoir (its default, 250 ms, is too coarse for fast quotas). */
  heartbeatInterval: number
}

/** Units a bucket or GCRA refills per second, and how many it holds. */
function bucketOf(p: RatePolicy): { capacity: number; perSecond: number } | undefined {
  if (p.kind === 'token-bucket') return { capacity: p.capacity, perSecond: p.refillPerSecond }
  if (p.kind === 'gcra') return { capacity: gcraBurst(p), perSecond: 1000 / p.emissionIntervalMs }
  return undefined
}

/**
 * Bottleneck settings for one policy. A window gets its whole limit back every window; a bucket gets whole
 * units back in steps rounded down (one unit per step at slow rates, else a tenth of a second's worth), so
 * the reservoir never holds more than the server's bucket.
 *
 * @example
 * bottleneckSettings({ kind: 'token-bucket', name: 'rest', capacity: 40, refillPerSecond: 2 })
 * // { reservoir: 40, reservoirIncreaseInterval: 500, reservoirIncreaseAmount: 1, reservoirIncreaseMaximum: 40, heartbeatInterval: 125 }
 */
export function bottleneckSettings(p: RatePolicy): BottleneckSettings {
  const bucket = bucketOf(p)
  if (bucket) {
    const slow = bucket.perSecond <= 10
    const interval = slow ? Math.ceil(1000 / bucket.perSecond) : 100
    const amount = slow ? 1 : Math.floor(bucket.perSecond / 10)
    const capacity = Math.floor(bucket.capacity)
    return { reservoir: capacity, reservoirIncreaseInterval: interval, reservoirIncreaseAmount: amount, reservoirIncreaseMaximum: capacity, heartbeatInterval: Math.max(5, Math.floor(interval / 4)) }
  }
  const window = p as Extract<RatePolicy, { windowMs: number }>
  return {
    reservoir: window.limit,
    reservoirRefreshInterval: window.windowMs,
    reservoirRefreshAmount: window.limit,
    heartbeatInterval: Math.min(1000, Math.max(10, Math.floor(window.windowMs / 20))),
  }
}

const RUNTIME = String.raw`
HEADER_READERS
/** OpenAI's reset durations ("1s", "6m0s", "20ms") in milliseconds. */
function durationMs(value) {
  let ms = 0
  for (const [, n, unit] of String(value).matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) ms += Number(n) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit]
  return ms
}

/** What the server says is left of one quota: { r, waitMs } (waitMs: until the window is back), or undefined. */
function leftOf(headers, p, index, at) {
  const item = readRateLimit(headers.get('ratelimit')).get(p.name)
  if (item) return { r: item.r, waitMs: item.t * 1000 }
  const r = headers.get('x-ratelimit-remaining-' + p.name)
  if (r !== null) return { r: Number(r), waitMs: durationMs(headers.get('x-ratelimit-reset-' + p.name) ?? '') }
  const resource = headers.get('x-ratelimit-resource')
  const remaining = headers.get('x-ratelimit-remaining')
  if (remaining === null || (resource !== null ? resource !== p.name : POLICIES.length > 1 && index > 0)) return undefined
  const reset = Number(headers.get('x-ratelimit-reset'))
  return { r: Number(remaining), waitMs: Number.isFinite(reset) ? Math.max(0, reset * 1000 - at) : 1000 }
}

/** Units a request of cost puts on a quota: 1 on a requests quota, its cost on tokens or points. */
const costOn = (p, cost) => ((p.unit ?? 'requests') === 'requests' ? 1 : cost)
/** Units a bucket or GCRA quota gets back per millisecond (undefined for windows). */
const dripPerMs = (p) => (p.kind === 'token-bucket' ? p.refillPerSecond / 1000 : p.kind === 'gcra' ? 1 / p.emissionIntervalMs : undefined)

/**
 * A fetch paced by Bottleneck: call(input, init, { cost }) with cost = the request's tokens or points
 * (requests quotas count 1 whatever the cost). Requests go one at a time, in call order.
 */
export function createThrottledFetch({ fetch: send = globalThis.fetch, maxRetries = MAX_RETRIES, now = Date.now } = {}) {
  // One request at a time: the first limiter (a requests quota, weight 1, when there is one) has
  // maxConcurrent 1; a weight counts against maxConcurrent, so a tokens or points quota cannot, and
  // without a requests quota a queue of its own goes first. Each limiter costs a few event-loop turns.
  const first = POLICIES.findIndex((p) => (p.unit ?? 'requests') === 'requests')
  const order = first < 0 ? POLICIES.map((_, i) => i) : [first, ...POLICIES.keys()].filter((i, k) => k === 0 || i !== first)
  const limiters = order.map((i, k) => new Bottleneck({ ...SETTINGS[POLICIES[i].name], ...(k === 0 && first >= 0 ? { maxConcurrent: 1 } : {}) }))
  if (first < 0) limiters.unshift(new Bottleneck({ maxConcurrent: 1 }))
  const weights = (first < 0 ? [undefined, ...order] : order).map((i) => (i === undefined ? () => 1 : (cost) => costOn(POLICIES[i], cost)))
  const stats = { sent: 0, throttled: 0, held: 0, waitedMs: 0 }
  /** Per quota, what the last response said: { r, at, waitMs }. */
  const told = POLICIES.map(() => undefined)
  let retryAt = 0
  const innermost = limiters[limiters.length - 1]
  innermost.on('failed', (error, info) => (error.status === 429 && info.retryCount < maxRetries ? error.retryAfterMs : undefined))

  async function attempt(input, init, cost) {
    // Hold each quota the server said cannot pay for this request yet, and any 429's wait.
    let until = retryAt
    for (const [i, p] of POLICIES.entries()) {
      const said = told[i]
      const need = costOn(p, cost)
      if (!said || said.r >= need) continue
      const drip = dripPerMs(p)
      until = Math.max(until, said.at + (drip ? (need - said.r) / drip : said.waitMs))
    }
    const wait = until - now()
    if (wait > 0) {
      stats.held++
      stats.waitedMs += wait
      await sleep(wait)
    }
    stats.sent++
    const response = await send(input, init)
    const at = now()
    if (response.status === 429) {
      stats.throttled++
      const ms = retryAfterMs(response.headers, at)
      retryAt = Math.max(retryAt, at + ms)
      await response.arrayBuffer().catch(() => undefined)
      throw Object.assign(new Error('429 Too Many Requests'), { status: 429, retryAfterMs: ms, response })
    }
    for (const [i, p] of POLICIES.entries()) {
      const left = leftOf(response.headers, p, i, at)
      told[i] = left && Number.isFinite(left.r) ? { ...left, at } : undefined
    }
    return response
  }

  /** Through every quota's limiter in turn (a reservoir spent, the next one waited for), then the request. */
  const through = (i, cost, task) =>
    i === limiters.length ? task() : limiters[i].schedule({ weight: weights[i](cost) }, () => through(i + 1, cost, task))

  const call = (input, init, { cost = 1 } = {}) =>
    through(0, cost, () => attempt(input, init, cost)).catch((error) => {
      if (error && error.status === 429) return error.response
      throw error
    })
  return Object.assign(call, { stats, limiters })
}
`

/**
 * The Bottleneck plan's source for these policies (JavaScript, an ES module importing `bottleneck`).
 *
 * @example
 * const code = generateBottleneckPlan(POLICY_PRESETS[2].policies)
 * // import { createThrottledFetch } from './throttle.mjs'
 * // const throttled = createThrottledFetch(); await throttled(url, init, { cost: 1 })
 */
export function generateBottleneckPlan(policies: readonly RatePolicy[], options: { maxRetries?: number } = {}): string {
  if (policies.length === 0) throw new RangeError('Give at least one policy.')
  for (const policy of policies) {
    const problem = policyProblem(policy)
    if (problem) throw new RangeError(problem)
  }
  const settings = Object.fromEntries(policies.map((p) => [p.name, bottleneckSettings(p)]))
  return [
    '// Bottleneck throttle plan for these rate-limit policies (generated by API Workbench): one limiter per quota.',
    ...policies.map((p) => `//   ${p.name}: ${JSON.stringify(settings[p.name])}`),
    '// Reads at run time: RateLimit (r, t per quota), x-ratelimit-remaining-<quota> / x-ratelimit-reset-<quota>,',
    '// X-RateLimit-Remaining / X-RateLimit-Reset (the reservoir only paces: the server says what is left), and',
    '// retry-after-ms / Retry-After on a 429 (Bottleneck retries after it).',
    "import Bottleneck from 'bottleneck'",
    `const POLICIES = ${JSON.stringify(policies, null, 2)}`,
    `const SETTINGS = ${JSON.stringify(settings, null, 2)}`,
    `const MAX_RETRIES = ${options.maxRetries ?? 3}`,
    RUNTIME.replace('HEADER_READERS', () => HEADER_READERS),
  ].join('\n')
}
