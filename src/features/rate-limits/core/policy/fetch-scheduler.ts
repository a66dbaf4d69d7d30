/**
 * Throttle plan as code: from policies, the text of a small plain-`fetch` client scheduler (an ES module
 * for Node 18+ and browsers) that paces requests so that a server enforcing those policies never answers
 * 429. Its pacer ({@link PACER}) keeps a copy of each quota in which a request in flight counts as spent now
 * and an answered one as spent at its answer (never earlier than the server spent it), so requests called
 * together leave several at once — up to `maxConcurrent` in flight — and never more than the server allows
 * one client. It adapts at run time: a `RateLimit` item with r=0 that the copy did not expect holds that
 * quota for its `t` seconds (another client shares it), and a 429 holds every quota for `retry-after-ms` or
 * `Retry-After`, then retries.
 */
import { policyProblem } from './models.ts'
import { PACER } from './pacer-runtime.ts'
import type { RatePolicy } from './types.ts'

/** Options of {@link generateFetchScheduler}. */
export interface FetchSchedulerOptions {
  /** Retries of a request answered 429 before the 429 is returned (default 3). */
  maxRetries?: number
  /** What queues the requests (default `plain`). */
  queue?: SchedulerQueue
  /** Requests in flight at once, at most (default {@link DEFAULT_MAX_CONCURRENT}). */
  maxConcurrent?: number
}

/**
 * Requests a generated plan keeps in flight at once unless told otherwise: enough that a window's quota
 * leaves in a few round trips, few enough that a burst opens a handful of connections, not hundreds.
 */
export const DEFAULT_MAX_CONCURRENT = 16

/** The headers the generated scheduler reads, with what it does with each (shown beside the code). */
export const SCHEDULER_READS: readonly { header: string; use: string }[] = [
  { header: 'RateLimit', use: 'r=0 on a quota the scheduler thought had room: hold it for t seconds (the quota is shared). On a sliding window, r also frees what the server has already freed.' },
  { header: 'X-RateLimit-Reset / X-RateLimit-Resource', use: 'On a fixed window: a request the server counted in a window already over is not charged to the next one.' },
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
HEADER_READERS
PACER
/**
 * A fetch that waits its turn: call(input, init, { cost }) with cost = the request's tokens or points
 * (requests quotas count 1 whatever the cost). Requests leave in call order, several at once when the quotas
 * allow it (call it for a whole batch, e.g. Promise.all, and it paces them), up to maxConcurrent in flight.
 */
export function createThrottledFetch({ fetch: send = globalThis.fetch, maxRetries = MAX_RETRIES, maxConcurrent = MAX_CONCURRENT, now = Date.now } = {}) {
  const stats = { sent: 0, throttled: 0, held: 0, waitedMs: 0 }
  const pacer = createPacer(POLICIES, { now, maxConcurrent, stats })
QUEUE_SETUP
  async function one(input, init, cost) {
    for (let attempt = 0; ; attempt++) {
      const response = await pacer.send(send, input, init, cost)
      if (response.status !== 429 || attempt >= maxRetries) return response
      // Held until the 429's retry-after: the retry queues again behind the requests already waiting.
      await response.arrayBuffer().catch(() => undefined)
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
    setup: '',
    call: '  const call = (input, init, { cost = 1 } = {}) => one(input, init, cost)',
  },
  'p-limit': {
    imports: "import pLimit from 'p-limit'",
    // p-limit holds the requests beyond maxConcurrent; the pacer lets the others leave when the quotas allow.
    setup: '  const limit = pLimit(maxConcurrent)',
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
  const maxConcurrent = options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT
  const queue = QUEUES[options.queue ?? 'plain']
  const described = policies.map((p) => `//   ${p.name}: ${describePolicy(p)}`).join('\n')
  return [
    '// Client scheduler for these rate-limit policies (generated by API Workbench):',
    described,
    '// Reads at run time: RateLimit (a shared quota at r=0), X-RateLimit-Reset (which window counted a request),',
    '// retry-after-ms / Retry-After (on a 429).',
    ...(queue.imports ? [queue.imports] : []),
    `const POLICIES = ${JSON.stringify(policies, null, 2)}`,
    `const MAX_RETRIES = ${maxRetries}`,
    `const MAX_CONCURRENT = ${maxConcurrent}`,
    RUNTIME.replace('HEADER_READERS', () => HEADER_READERS).replace('PACER', () => PACER).replace('QUEUE_SETUP\n', queue.setup ? `${queue.setup}\n` : '').replace('QUEUE_CALL', queue.call),
  ].join('\n')
}

/** A number for a sentence: digits grouped (1,000) and at most three decimals (a minute's 500 is 8.333 a second). */
const num = (value: number) => Number(value.toFixed(3)).toLocaleString('en-US', { maximumFractionDigits: 3 })

/** One line in words: "200 requests per 1,000 ms, fixed window". */
export function describePolicy(p: RatePolicy): string {
  const unit = p.unit ?? 'requests'
  switch (p.kind) {
    case 'fixed-window':
      return `${num(p.limit)} ${unit} per ${num(p.windowMs)} ms, fixed window`
    case 'sliding-window':
      return `${num(p.limit)} ${unit} in any ${num(p.windowMs)} ms, sliding window`
    case 'token-bucket':
      return `bucket of ${num(p.capacity)} ${unit} refilling ${num(p.refillPerSecond)} per second`
    case 'gcra':
      return `GCRA, one ${unit === 'requests' ? 'request' : unit.replace(/s$/, '')} per ${num(p.emissionIntervalMs)} ms, burst tolerance ${num(p.burstToleranceMs)} ms`
  }
}
