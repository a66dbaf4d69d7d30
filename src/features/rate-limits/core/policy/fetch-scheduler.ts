/**
 * Throttle plan as code: from policies, the text of a small plain-`fetch` client scheduler (an ES module
 * for Node 18+ and browsers) that paces requests so that a server enforcing those policies never answers
 * 429. It keeps its own copy of each quota, spent when a response arrives (later than the server spent
 * it, so the copy is never more generous for one client sending one request at a time), and adapts at run
 * time: a `RateLimit` item with r=0 that the copy did not expect holds that quota for its `t` seconds
 * (another client shares it), and a 429 holds every quota for `retry-after-ms` or `Retry-After`, then retries.
 */
import { policyProblem } from './models.ts'
import type { RatePolicy } from './types.ts'

/** Options of {@link generateFetchScheduler}. */
export interface FetchSchedulerOptions {
  /** Retries of a request answered 429 before the 429 is returned (default 3). */
  maxRetries?: number
  /** What queues the requests (default `plain`). */
  queue?: SchedulerQueue
}

/** The headers the generated scheduler reads, with what it does with each (shown beside the code). */
export const SCHEDULER_READS: readonly { header: string; use: string }[] = [
  { header: 'RateLimit', use: 'r=0 on a quota the scheduler thought had room: hold it for t seconds (the quota is shared).' },
  { header: 'retry-after-ms', use: 'On a 429: wait this many milliseconds, then retry.' },
  { header: 'Retry-After', use: 'On a 429 without retry-after-ms: wait these seconds (or until this HTTP date), then retry.' },
]

/** Run-time helpers every generated plan shares: the RateLimit field's items, a 429's wait, sleep. */
export const HEADER_READERS = String.raw`
/** The RateLimit field's items: name → { r, t } (draft-08 and later). */
function readRateLimit(value) {
  const items = new Map()
  for (const part of (value ?? '').split(',')) {
    const name = /^\s*"([^"]*)"/.exec(part)?.[1]
    const r = /;\s*r=(\d+)/.exec(part)?.[1]
    const t = /;\s*t=(\d+)/.exec(part)?.[1]
    if (name !== undefined && r !== undefined) items.set(name, { r: Number(r), t: Number(t ?? 0) })
  }
  return items
}

/** Milliseconds a 429 asks to wait: retry-after-ms, else Retry-After (seconds or HTTP date), else one second. */
function retryAfterMs(headers, now) {
  const ms = Number(headers.get('retry-after-ms'))
  if (headers.get('retry-after-ms') !== null && Number.isFinite(ms)) return ms
  const value = headers.get('retry-after')
  if (value !== null && /^\d+$/.test(value.trim())) return Number(value) * 1000
  const date = value === null ? NaN : Date.parse(value)
  return Number.isFinite(date) ? Math.max(0, date - now) : 1000
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.ceil(ms)))
`

const RUNTIME = String.raw`
const EPS = 1e-6

/** One quota's copy: wait(now, cost) → ms until it allows; spend(now, cost); remaining(now); hold(until). */
function quota(p) {
  let heldUntil = 0
  let wait, spend, remaining
  if (p.kind === 'fixed-window') {
    let start = -Infinity, used = 0
    const at = (now) => (Math.floor(now / p.windowMs) * p.windowMs === start ? used : 0)
    wait = (now, c) => (c > p.limit ? Infinity : at(now) + c <= p.limit ? 0 : Math.floor(now / p.windowMs) * p.windowMs + p.windowMs - now)
    spend = (now, c) => { used = at(now) + c; start = Math.floor(now / p.windowMs) * p.windowMs }
    remaining = (now) => p.limit - at(now)
  } else if (p.kind === 'sliding-window') {
    let log = []
    const prune = (now) => { log = log.filter((e) => e.at > now - p.windowMs) }
    const sum = () => log.reduce((s, e) => s + e.cost, 0)
    wait = (now, c) => {
      prune(now)
      let over = sum() + c - p.limit
      if (over <= 0) return 0
      for (const e of log) { over -= e.cost; if (over <= 0) return e.at + p.windowMs - now }
      return Infinity
    }
    spend = (now, c) => { prune(now); if (c > 0) log.push({ at: now, cost: c }) }
    remaining = (now) => { prune(now); return p.limit - sum() }
  } else if (p.kind === 'token-bucket') {
    let level = p.capacity, last = -Infinity
    const at = (now) => Math.min(p.capacity, level + ((now - last) * p.refillPerSecond) / 1000)
    wait = (now, c) => (c > p.capacity ? Infinity : at(now) >= c + EPS ? 0 : ((c + EPS - at(now)) * 1000) / p.refillPerSecond)
    spend = (now, c) => { level = Math.max(0, at(now) - c); last = now }
    remaining = (now) => Math.floor(at(now))
  } else {
    const T = p.emissionIntervalMs, tau = p.burstToleranceMs
    let tat = -Infinity
    wait = (now, c) => (c * T > tau + T ? Infinity : Math.max(0, Math.max(tat, now) + c * T - tau - T - now))
    spend = (now, c) => { tat = Math.max(tat, now) + c * T }
    remaining = (now) => Math.max(0, Math.floor((now - Math.max(tat, now) + tau + T) / T))
  }
  return {
    name: p.name,
    costOf: (cost) => ((p.unit ?? 'requests') === 'requests' ? 1 : cost),
    wait: (now, c) => Math.max(heldUntil - now, wait(now, c)),
    spend, remaining,
    hold: (until) => { heldUntil = Math.max(heldUntil, until) },
  }
}

HEADER_READERS

/**
 * A fetch that waits its turn. Requests go one at a time, in call order; call(input, init, { cost }) with
 * cost = the request's tokens or points (requests quotas count 1 whatever the cost).
 */
export function createThrottledFetch({ fetch: send = globalThis.fetch, maxRetries = MAX_RETRIES, now = Date.now } = {}) {
  const quotas = POLICIES.map(quota)
  const stats = { sent: 0, throttled: 0, held: 0, waitedMs: 0 }
QUEUE_SETUP
  async function one(input, init, cost) {
    for (let attempt = 0; ; attempt++) {
      for (;;) {
        const t = now()
        const wait = Math.max(0, ...quotas.map((q) => q.wait(t, q.costOf(cost))))
        if (wait <= 0) break
        if (!Number.isFinite(wait)) throw new RangeError('This request costs more than a quota can ever allow.')
        stats.waitedMs += wait
        await sleep(wait)
      }
      // What each quota should have left once this request is spent: never more than the server has, for one client.
      const sentAt = now()
      const expected = quotas.map((q) => q.remaining(sentAt) - q.costOf(cost))
      stats.sent++
      const response = await send(input, init)
      const at = now()
      if (response.status === 429) {
        stats.throttled++
        const until = at + retryAfterMs(response.headers, at)
        for (const q of quotas) q.hold(until)
        if (attempt >= maxRetries) return response
        await response.arrayBuffer().catch(() => undefined)
        continue
      }
      for (const q of quotas) q.spend(at, q.costOf(cost))
      const items = readRateLimit(response.headers.get('ratelimit'))
      for (const [i, q] of quotas.entries()) {
        const item = items.get(q.name)
        if (item && item.r === 0 && expected[i] >= 1) {
          stats.held++
          q.hold(at + item.t * 1000)
        }
      }
      return response
    }
  }
QUEUE_CALL
  return Object.assign(call, { stats })
}
`

/** How the generated scheduler queues its requests. */
export type SchedulerQueue = 'plain' | 'p-limit'

const QUEUES: Record<SchedulerQueue, { imports: string; setup: string; call: string }> = {
  plain: {
    imports: '',
    setup: '  let tail = Promise.resolve()',
    call: [
      '  const call = (input, init, { cost = 1 } = {}) => {',
      '    const result = tail.then(() => one(input, init, cost))',
      '    tail = result.then(() => undefined, () => undefined)',
      '    return result',
      '  }',
    ].join('\n'),
  },
  'p-limit': {
    imports: "import pLimit from 'p-limit'",
    // One at a time: each quota copy is spent when its answer arrives, before the next request leaves.
    setup: '  const limit = pLimit(1)',
    call: '  const call = (input, init, { cost = 1 } = {}) => limit(() => one(input, init, cost))',
  },
}

/**
 * The scheduler's source for these policies (JavaScript, an ES module). `queue: 'plain'` (default) has no
 * dependencies; `'p-limit'` queues with p-limit (concurrency 1) and paces the same way.
 *
 * @example
 * const code = generateFetchScheduler(POLICY_PRESETS[2].policies)
 * // import { createThrottledFetch } from './throttle.mjs'
 * // const throttled = createThrottledFetch(); await throttled(url, init, { cost: 1 })
 */
export function generateFetchScheduler(policies: readonly RatePolicy[], options: FetchSchedulerOptions = {}): string {
  if (policies.length === 0) throw new RangeError('Give at least one policy.')
  for (const policy of policies) {
    const problem = policyProblem(policy)
    if (problem) throw new RangeError(problem)
  }
  const maxRetries = options.maxRetries ?? 3
  const queue = QUEUES[options.queue ?? 'plain']
  const described = policies.map((p) => `//   ${p.name}: ${describePolicy(p)}`).join('\n')
  return [
    '// Client scheduler for these rate-limit policies (generated by API Workbench):',
    described,
    '// Reads at run time: RateLimit (a shared quota at r=0), retry-after-ms / Retry-After (on a 429).',
    ...(queue.imports ? [queue.imports] : []),
    `const POLICIES = ${JSON.stringify(policies, null, 2)}`,
    `const MAX_RETRIES = ${maxRetries}`,
    RUNTIME.replace('HEADER_READERS', () => HEADER_READERS).replace('QUEUE_SETUP', queue.setup).replace('QUEUE_CALL', queue.call),
  ].join('\n')
}

/** A number for a sentence: at most three decimals (a minute's 500 is 8.333 a second). */
const num = (value: number) => String(Number(value.toFixed(3)))

/** One line in words: "200 requests per 1000 ms, fixed window". */
export function describePolicy(p: RatePolicy): string {
  const unit = p.unit ?? 'requests'
  switch (p.kind) {
    case 'fixed-window':
      return `${p.limit} ${unit} per ${p.windowMs} ms, fixed window`
    case 'sliding-window':
      return `${p.limit} ${unit} in any ${p.windowMs} ms, sliding window`
    case 'token-bucket':
      return `bucket of ${num(p.capacity)} ${unit} refilling ${num(p.refillPerSecond)} per second`
    case 'gcra':
      return `GCRA, one ${unit === 'requests' ? 'request' : unit.replace(/s$/, '')} per ${p.emissionIntervalMs} ms, burst tolerance ${p.burstToleranceMs} ms`
  }
}
