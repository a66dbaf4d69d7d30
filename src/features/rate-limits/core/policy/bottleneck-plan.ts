/**
 * Throttle plan as code for Bottleneck (https://github.com/SGrondin/bottleneck): one limiter per quota,
 * configured from its policy — a window refills its reservoir (`reservoir`, `reservoirRefreshInterval`,
 * `reservoirRefreshAmount`; a fixed window's refill is put on the window's boundaries at run time), a bucket
 * or GCRA drips it back (`reservoirIncreaseInterval`, `…Amount`, `…Maximum`). A request takes its units from
 * every quota's reservoir, a batch at a time: one job weighted by up to `maxConcurrent` requests' units takes
 * them at once and the calls draw on them in order (a job per request would cap the plan at Bottleneck's own
 * job rate, 150–370 a second on a small shared machine, under the demo's 200 requests a second). A reservoir only paces: it counts a request when it leaves, not when the
 * server does, and knows nothing of what is in flight, so before a request leaves the pacer of the other
 * plans ({@link PACER}: a copy of each quota, in-flight requests counted) has the last word. The plan reads
 * what the server says is left (`RateLimit`, `x-ratelimit-remaining-<quota>`, `X-RateLimit-Remaining`) and
 * holds a quota that is shorter than its copy expected (another client), and retries a 429 after
 * `retry-after-ms` / `Retry-After` (the pacer holds every quota until then).
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
  { header: 'retry-after-ms / Retry-After', use: 'On a 429: the plan holds every quota for this wait, then retries the request (up to MAX_RETRIES times).' },
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
function limiterFor(p, now) {
  if (p.kind !== 'fixed-window') return new Bottleneck(SETTINGS[p.name])
  const { reservoirRefreshInterval, reservoirRefreshAmount, ...settings } = SETTINGS[p.name]
  const limiter = new Bottleneck(settings)
  // Unref'd, so that a script that is done can end; calls still pending keep Node running (createThrottledFetch).
  const refill = () => {
    const timer = setTimeout(() => limiter.updateSettings({ reservoir: reservoirRefreshAmount }).then(refill), reservoirRefreshInterval - (now() % reservoirRefreshInterval) + 1)
    timer.unref?.()
  }
  refill()
  return limiter
}

/**
 * Units of one quota taken from its limiter's reservoir a batch at a time: one Bottleneck job, weighted by the
 * batch, takes up to \`batch\` units (never more than the reservoir has, so none wait for a refill they do not
 * need); the calls then draw on them in call order. Bottleneck's cost per job (its store yields to the event
 * loop several times per job: 150–370 jobs a second on a small machine) is paid once per batch, not per request.
 */
function reservoirDraw(limiter) {
  let granted = 0
  let turn = Promise.resolve()
  return (units, batch) => {
    const drawn = turn.then(async () => {
      if (granted < units) {
        const left = (await limiter.currentReservoir()) ?? Infinity
        const weight = Math.max(units - granted, Math.min(batch, left))
        await limiter.schedule({ weight }, async () => undefined)
        granted += weight
      }
      granted -= units
    })
    turn = drawn.catch(() => undefined)
    return drawn
  }
}

/**
 * A fetch paced by Bottleneck: call(input, init, { cost }) with cost = the request's tokens or points
 * (requests quotas count 1 whatever the cost). Requests leave in call order, several at once when the
 * quotas allow it (call it for a whole batch, e.g. Promise.all), up to maxConcurrent in flight.
 */
export function createThrottledFetch({ fetch: send = globalThis.fetch, maxRetries = MAX_RETRIES, maxConcurrent = MAX_CONCURRENT, now = Date.now } = {}) {
  const limiters = POLICIES.map((p) => limiterFor(p, now))
  const costOn = (p, cost) => ((p.unit ?? 'requests') === 'requests' ? 1 : cost)
  const draws = limiters.map(reservoirDraw)
  const stats = { sent: 0, throttled: 0, held: 0, waitedMs: 0 }
  // The reservoirs pace on timers of their own, not aligned with the server's windows and blind to what is in
  // flight: the pacer's copy of each quota has the last word before a request leaves (and caps what is in flight).
  const pacer = createPacer(POLICIES, { now, maxConcurrent, stats, left: (headers, i, at, sentAt) => leftOf(headers, POLICIES[i], i, at, sentAt) })

  /** Takes the request's units from every quota's reservoir in turn, then lets the pacer send it; a 429 is retried after its wait. */
  async function one(input, init, cost) {
    for (const q of pacer.quotas) {
      if (q.never(q.costOf(cost))) throw new RangeError('This request costs more than the quota ' + q.name + ' can ever allow.')
    }
    for (let attempt = 0; ; attempt++) {
      // A batch: maxConcurrent requests like this one (what can leave in one round trip).
      for (const [i, p] of POLICIES.entries()) await draws[i](costOn(p, cost), maxConcurrent * costOn(p, cost))
      const response = await pacer.send(send, input, init, cost)
      if (response.status !== 429 || attempt >= maxRetries) return response
      // The pacer holds every quota until the 429's retry-after-ms / Retry-After: the retry waits behind it.
      await response.arrayBuffer().catch(() => undefined)
    }
  }

  // Bottleneck's heartbeat and the window refill are unref'd timers, so that a script that is done can end. While
  // calls wait for a reservoir they can be the only timers left, and Node would end the script mid-batch: a ref'd
  // timer is held while any call is pending.
  let pending = 0
  let keepAlive
  const call = (input, init, { cost = 1 } = {}) => {
    if (pending++ === 0) keepAlive = setInterval(() => undefined, 60_000)
    return one(input, init, cost).finally(() => {
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
    '// retry-after-ms / Retry-After on a 429 (retried after it). Reservoirs are drawn a batch per job.',
    "import Bottleneck from 'bottleneck'",
    `const POLICIES = ${JSON.stringify(policies, null, 2)}`,
    `const SETTINGS = ${JSON.stringify(settings, null, 2)}`,
    `const MAX_RETRIES = ${options.maxRetries ?? 3}`,
    `const MAX_CONCURRENT = ${options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT}`,
    RUNTIME.replace('HEADER_READERS', () => HEADER_READERS).replace('PACER', () => PACER),
  ].join('\n')
}
