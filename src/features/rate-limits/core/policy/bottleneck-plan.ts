/**
 * Throttle plan as code for Bottleneck (https://github.com/SGrondin/bottleneck): one limiter per quota,
 * configured from its policy — a window refills its reservoir (`reservoir`, `reservoirRefreshInterval`,
 * `reservoirRefreshAmount`; a fixed window's refill is put on the window's boundaries at run time), a bucket
 * or GCRA drips it back (`reservoirIncreaseInterval`, `…Amount`, `…Maximum`) — nested so that a request
 * waits for every quota, the outermost with `maxConcurrent` (several requests in flight: a batch called at
 * once leaves in a few round trips). A reservoir only paces: it counts a request when it leaves, not when the
 * server does, and knows nothing of what is in flight, so before a request leaves the pacer of the other
 * plans ({@link PACER}: a copy of each quota, in-flight requests counted) has the last word. The plan reads
 * what the server says is left (`RateLimit`, `x-ratelimit-remaining-<quota>`, `X-RateLimit-Remaining`) and
 * holds a quota that is shorter than its copy expected (another client), and retries a 429 after
 * `retry-after-ms` / `Retry-After` through Bottleneck's `failed` event.
 */
import { DEFAULT_MAX_CONCURRENT, HEADER_READERS } from './fetch-scheduler.ts'
import { gcraBurst, policyProblem } from './models.ts'
import { PACER } from './pacer-runtime.ts'
import type { RatePolicy } from './types.ts'

/** The headers the generated Bottleneck plan reads, with what it does with each (shown beside the code). */
export const BOTTLENECK_READS: readonly { header: string; use: string }[] = [
  { header: 'RateLimit', use: 'r and t per quota: when r cannot pay for a request like the last one and the plan expected it could (another client shares the quota), hold that quota (a window until t seconds, a bucket until the missing units have dripped back).' },
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
 * // { reservoir: 40, reservoirIncreaseInterval: 500, reservoirIncreaseAmount: 1, reservoirIncreaseMaximum: 40, heartbeatInterval: 25 }
 */
export function bottleneckSettings(p: RatePolicy): BottleneckSettings {
  const bucket = bucketOf(p)
  if (bucket) {
    const slow = bucket.perSecond <= 10
    const interval = slow ? Math.ceil(1000 / bucket.perSecond) : 100
    const amount = slow ? 1 : Math.floor(bucket.perSecond / 10)
    const capacity = Math.floor(bucket.capacity)
    // Bottleneck adds the amount at the first heartbeat after each interval and counts the next interval from
    // there: each drip is late by up to a heartbeat, so the heartbeat is a twentieth of the interval (≤ 5 % slower).
    return { reservoir: capacity, reservoirIncreaseInterval: interval, reservoirIncreaseAmount: amount, reservoirIncreaseMaximum: capacity, heartbeatInterval: Math.max(5, Math.floor(interval / 20)) }
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
PACER
/** OpenAI's reset durations ("1s", "6m0s", "20ms") in milliseconds. */
function durationMs(value) {
  let ms = 0
  for (const [, n, unit] of String(value).matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) ms += Number(n) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit]
  return ms
}

/** What the server says is left of one quota: { r, waitMs } (waitMs: until the window is back), or undefined. */
function leftOf(headers, p, index, at, sentAt) {
  const item = readRateLimit(headers.get('ratelimit')).get(p.name)
  if (item) return { r: item.r, waitMs: item.t * 1000, endsBy: windowEndsBy(headers, p.name, POLICIES.length === 1, sentAt) }
  const r = headers.get('x-ratelimit-remaining-' + p.name)
  if (r !== null) return { r: Number(r), waitMs: durationMs(headers.get('x-ratelimit-reset-' + p.name) ?? '') }
  const resource = headers.get('x-ratelimit-resource')
  const remaining = headers.get('x-ratelimit-remaining')
  if (remaining === null || (resource !== null ? resource !== p.name : POLICIES.length > 1 && index > 0)) return undefined
  const reset = Number(headers.get('x-ratelimit-reset'))
  return { r: Number(remaining), waitMs: Number.isFinite(reset) ? Math.max(0, reset * 1000 - at) : 1000, endsBy: windowEndsBy(headers, p.name, POLICIES.length === 1, sentAt) }
}

/**
 * The Bottleneck limiter of one quota. A fixed window's reservoir is refilled at the window's boundaries
 * (epoch-aligned, as the server counts them), not by reservoirRefreshInterval: Bottleneck would count its
 * windows from the limiter's creation, out of step with the server's by up to a whole window.
 */
function limiterFor(p, extra, now) {
  if (p.kind !== 'fixed-window') return new Bottleneck({ ...SETTINGS[p.name], ...extra })
  const { reservoirRefreshInterval, reservoirRefreshAmount, ...settings } = SETTINGS[p.name]
  const limiter = new Bottleneck({ ...settings, ...extra })
  // Unref'd, so that a script that is done can end; calls still pending keep Node running (createThrottledFetch).
  const refill = () => {
    const timer = setTimeout(() => limiter.updateSettings({ reservoir: reservoirRefreshAmount }).then(refill), reservoirRefreshInterval - (now() % reservoirRefreshInterval) + 1)
    timer.unref?.()
  }
  refill()
  return limiter
}

/**
 * A fetch paced by Bottleneck: call(input, init, { cost }) with cost = the request's tokens or points
 * (requests quotas count 1 whatever the cost). Requests leave in call order, several at once when the
 * quotas allow it (call it for a whole batch, e.g. Promise.all), up to maxConcurrent in flight.
 */
export function createThrottledFetch({ fetch: send = globalThis.fetch, maxRetries = MAX_RETRIES, maxConcurrent = MAX_CONCURRENT, now = Date.now } = {}) {
  // The in-flight cap goes on the first limiter when it counts requests (weight 1; a weight counts against
  // maxConcurrent, so a tokens or points quota cannot carry it), else on a queue of its own in front.
  const first = POLICIES.findIndex((p) => (p.unit ?? 'requests') === 'requests')
  const order = first < 0 ? POLICIES.map((_, i) => i) : [first, ...POLICIES.keys()].filter((i, k) => k === 0 || i !== first)
  const limiters = order.map((i, k) => limiterFor(POLICIES[i], k === 0 && first >= 0 ? { maxConcurrent } : {}, now))
  if (first < 0) limiters.unshift(new Bottleneck({ maxConcurrent }))
  const costOn = (p, cost) => ((p.unit ?? 'requests') === 'requests' ? 1 : cost)
  const weights = (first < 0 ? [undefined, ...order] : order).map((i) => (i === undefined ? () => 1 : (cost) => costOn(POLICIES[i], cost)))
  const stats = { sent: 0, throttled: 0, held: 0, waitedMs: 0 }
  // The reservoirs pace on timers of their own, not aligned with the server's windows and blind to what is in
  // flight: the pacer's copy of each quota has the last word before a request leaves.
  const pacer = createPacer(POLICIES, { now, maxConcurrent, stats, left: (headers, i, at, sentAt) => leftOf(headers, POLICIES[i], i, at, sentAt) })
  const innermost = limiters[limiters.length - 1]
  innermost.on('failed', (error, info) => (error.status === 429 && info.retryCount < maxRetries ? error.retryAfterMs : undefined))

  async function attempt(input, init, cost) {
    const response = await pacer.send(send, input, init, cost)
    if (response.status === 429) {
      const ms = retryAfterMs(response.headers, now())
      await response.arrayBuffer().catch(() => undefined)
      throw Object.assign(new Error('429 Too Many Requests'), { status: 429, retryAfterMs: ms, response })
    }
    return response
  }

  /** Through every quota's limiter in turn (a reservoir spent, the next one waited for), then the request. */
  const through = (i, cost, task) =>
    i === limiters.length ? task() : limiters[i].schedule({ weight: weights[i](cost) }, () => through(i + 1, cost, task))

  // Bottleneck's heartbeat and the window refill are unref'd timers, so that a script that is done can end. While
  // calls wait for a reservoir they can be the only timers left, and Node would end the script mid-batch: a ref'd
  // timer is held while any call is pending.
  let pending = 0
  let keepAlive
  const call = (input, init, { cost = 1 } = {}) => {
    if (pending++ === 0) keepAlive = setInterval(() => undefined, 60_000)
    return through(0, cost, () => attempt(input, init, cost))
      .catch((error) => {
        if (error && error.status === 429) return error.response
        throw error
      })
      .finally(() => {
        if (--pending === 0) clearInterval(keepAlive)
      })
  }
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
export function generateBottleneckPlan(policies: readonly RatePolicy[], options: { maxRetries?: number; maxConcurrent?: number } = {}): string {
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
    `const MAX_CONCURRENT = ${options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT}`,
    RUNTIME.replace('HEADER_READERS', () => HEADER_READERS).replace('PACER', () => PACER),
  ].join('\n')
}
