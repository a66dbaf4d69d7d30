/**
 * Throttle plan as code for Octokit (`@octokit/core` with `@octokit/plugin-throttling`, read at 11.0.5). The
 * plugin reacts: on a 403 or 429 it calls `onSecondaryRateLimit(retryAfter, options, octokit, retryCount)` when the
 * message names a secondary rate limit (waiting `retry-after`, else 60 s), or `onRateLimit` when
 * `x-ratelimit-remaining` is 0 (waiting until `x-ratelimit-reset` + 1 s), and retries when the handler returns
 * true. Before a request it paces only through its own Bottleneck groups: at most 10 requests at a time, writes
 * one a second, searches one every 2 s, notification-triggering writes one every 3 s. It never keeps a quota.
 *
 * So the plan adds a pacing plugin, applied before the throttling plugin (its request hook runs inside the
 * throttling one, so the plugin's retries are paced too): requests go one at a time; a quota the response
 * headers report (`X-RateLimit-Resource`, or the only one) is held when the server said it cannot pay for the
 * next request, until `x-ratelimit-reset`; a quota the headers do not show (GitHub's secondary limit) is kept
 * on the client — a window as a log of when each answer arrived (an answer arrives after the server counted the
 * request, so the log never frees a unit before the server does), a bucket or GCRA as a bucket drained when each
 * answer arrives. A request's cost on a points quota is GitHub's: 1 for GET, HEAD, OPTIONS, 5 for the others.
 */
import { gcraBurst, policyProblem } from './models.ts'
import type { RatePolicy } from './types.ts'

/** The headers the generated Octokit plan reads, with what it does with each (shown beside the code). */
export const OCTOKIT_READS: readonly { header: string; use: string }[] = [
  { header: 'x-ratelimit-remaining / x-ratelimit-reset', use: 'What is left of the quota named by x-ratelimit-resource (or the only one): when it cannot pay for the next request, hold until the reset (Unix seconds).' },
  { header: 'x-ratelimit-resource', use: 'Which quota the x-ratelimit-* values are about (GitHub: core, search, graphql…).' },
  { header: 'retry-after', use: 'On a secondary-limit 403 or 429 (read by the throttling plugin): onSecondaryRateLimit retries after it, up to MAX_RETRIES times.' },
  { header: 'x-ratelimit-remaining: 0', use: 'On a primary-limit 403 or 429 (read by the throttling plugin): onRateLimit retries after x-ratelimit-reset, up to MAX_RETRIES times.' },
]

/** The client-side model of one policy the plan keeps: a window's length, or a bucket's capacity and rate. */
type Kept = { name: string; unit: string; window: { limit: number; ms: number } } | { name: string; unit: string; bucket: { capacity: number; perMs: number } }

/** What the generated code keeps of each policy. */
function keptOf(p: RatePolicy): Kept {
  const unit = p.unit ?? 'requests'
  if (p.kind === 'token-bucket') return { name: p.name, unit, bucket: { capacity: p.capacity, perMs: p.refillPerSecond / 1000 } }
  if (p.kind === 'gcra') return { name: p.name, unit, bucket: { capacity: gcraBurst(p), perMs: 1 / p.emissionIntervalMs } }
  return { name: p.name, unit, window: { limit: p.limit, ms: p.windowMs } }
}

const RUNTIME = String.raw`
/** A request's cost on a quota: 1 on a requests quota; on points, GitHub's (GET, HEAD, OPTIONS 1, others 5). */
const defaultCost = (quota, options) => (quota.unit === 'requests' ? 1 : /^(GET|HEAD|OPTIONS)$/i.test(options.method ?? 'GET') ? 1 : 5)

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.ceil(ms)))

/** One quota kept on the client: wait(now, cost) → ms until it can pay; spend(at, cost) when an answer arrives. */
function kept(q) {
  if (q.window) {
    const log = [] // [arrivedAt, cost], oldest first
    const used = (now) => {
      while (log.length > 0 && log[0][0] <= now - q.window.ms) log.shift()
      return log.reduce((sum, [, c]) => sum + c, 0)
    }
    return {
      wait(now, cost) {
        if (cost > q.window.limit) return Infinity
        let over = used(now) + cost - q.window.limit
        for (const [at, c] of log) {
          if (over <= 0) return 0
          over -= c
          if (over <= 0) return at + q.window.ms - now + 1
        }
        return 0
      },
      spend: (at, cost) => void log.push([at, cost]),
    }
  }
  let level = q.bucket.capacity
  let last = 0
  const levelAt = (now) => Math.min(q.bucket.capacity, level + (now - last) * q.bucket.perMs)
  return {
    wait: (now, cost) => (cost > q.bucket.capacity ? Infinity : Math.max(0, (cost - levelAt(now)) / q.bucket.perMs)),
    spend(at, cost) {
      level = levelAt(at) - cost
      last = at
    },
  }
}

/**
 * The pacing plugin: Octokit.plugin(pacing(stats, costOf), throttling). Requests one at a time; each waits until
 * every quota can pay for it (what the headers said, else the client's own count).
 */
function pacing(stats, costOf) {
  return (octokit) => {
    const quotas = QUOTAS.map(kept)
    /** Per quota, what the last response said: { remaining, resetAt } (epoch ms). */
    const told = QUOTAS.map(() => undefined)
    let queue = Promise.resolve()
    const learn = (headers, at) => {
      const remaining = Number(headers?.['x-ratelimit-remaining'])
      const reset = Number(headers?.['x-ratelimit-reset'])
      if (!headers || headers['x-ratelimit-remaining'] === undefined || !Number.isFinite(remaining)) return
      const resource = headers['x-ratelimit-resource']
      const i = resource !== undefined ? QUOTAS.findIndex((q) => q.name === resource) : QUOTAS.length === 1 ? 0 : -1
      if (i >= 0) told[i] = { remaining, resetAt: Number.isFinite(reset) ? reset * 1000 : at + 1000 }
    }
    octokit.hook.wrap('request', (request, options) => {
      const turn = queue.then(async () => {
        const costs = QUOTAS.map((q) => costOf(q, options))
        for (;;) {
          const now = Date.now()
          const waits = QUOTAS.map((q, i) => {
            const said = told[i]
            if (said && now < said.resetAt) return said.remaining >= costs[i] ? 0 : said.resetAt - now
            return said ? 0 : quotas[i].wait(now, costs[i])
          })
          const wait = Math.max(...waits)
          if (wait <= 0) break
          if (!Number.isFinite(wait)) throw new RangeError('This request costs more than a quota can ever allow.')
          stats.held++
          stats.waitedMs += wait
          await sleep(wait)
        }
        stats.sent++
        try {
          const response = await request(options)
          learn(response.headers, Date.now())
          return response
        } catch (error) {
          learn(error?.response?.headers, Date.now())
          if (error?.status === 429 || error?.status === 403) stats.throttled++
          throw error
        } finally {
          const at = Date.now()
          quotas.forEach((q, i) => q.spend(at, costs[i]))
        }
      })
      queue = turn.catch(() => undefined)
      return turn
    })
  }
}

/**
 * An Octokit paced for these policies: new (createThrottledOctokit())({ auth }) takes Octokit's own options;
 * octokit.request('GET /repos/{owner}/{repo}', { owner, repo }). options.costOf(quota, requestOptions) overrides
 * the cost on a points or tokens quota; options.maxRetries how often a 403 or 429 is retried.
 */
export function createThrottledOctokit({ costOf = defaultCost, maxRetries = MAX_RETRIES, ...options } = {}) {
  const stats = { sent: 0, throttled: 0, held: 0, waitedMs: 0 }
  const ThrottledOctokit = Octokit.plugin(pacing(stats, costOf), throttling)
  const octokit = new ThrottledOctokit({
    ...options,
    throttle: {
      onRateLimit: (retryAfter, request, octokit, retryCount) => {
        octokit.log.warn('Primary rate limit for ' + request.method + ' ' + request.url + ': retry ' + (retryCount + 1) + ' in ' + retryAfter + ' s')
        return retryCount < maxRetries
      },
      onSecondaryRateLimit: (retryAfter, request, octokit, retryCount) => {
        octokit.log.warn('Secondary rate limit for ' + request.method + ' ' + request.url + ': retry ' + (retryCount + 1) + ' in ' + retryAfter + ' s')
        return retryCount < maxRetries
      },
      ...options.throttle,
    },
  })
  return Object.assign(octokit, { throttleStats: stats })
}
`

/**
 * The Octokit plan's source for these policies (JavaScript, an ES module importing `@octokit/core` and
 * `@octokit/plugin-throttling`).
 *
 * @example
 * const code = generateOctokitPlan(POLICY_PRESETS[1].policies)
 * // import { createThrottledOctokit } from './throttle.mjs'
 * // const octokit = createThrottledOctokit({ auth: token }); await octokit.request('GET /user')
 */
export function generateOctokitPlan(policies: readonly RatePolicy[], options: { maxRetries?: number } = {}): string {
  if (policies.length === 0) throw new RangeError('Give at least one policy.')
  for (const policy of policies) {
    const problem = policyProblem(policy)
    if (problem) throw new RangeError(problem)
  }
  const quotas = policies.map(keptOf)
  return [
    '// Octokit throttle plan for these rate-limit policies (generated by API Workbench).',
    ...quotas.map((q) => `//   ${q.name}: ${'window' in q ? `${q.window.limit} ${q.unit} per ${q.window.ms} ms` : `bucket of ${q.bucket.capacity} ${q.unit}, ${q.bucket.perMs * 1000} per second`}`),
    '// @octokit/plugin-throttling retries a 403/429 (onRateLimit, onSecondaryRateLimit) but keeps no quota; the',
    '// pacing plugin below does: one request at a time, held on x-ratelimit-remaining / x-ratelimit-reset, and',
    '// quotas the headers do not show (a secondary limit) counted here as the answers arrive.',
    "import { Octokit } from '@octokit/core'",
    "import { throttling } from '@octokit/plugin-throttling'",
    `const QUOTAS = ${JSON.stringify(quotas, null, 2)}`,
    `const MAX_RETRIES = ${options.maxRetries ?? 3}`,
    RUNTIME,
  ].join('\n')
}
