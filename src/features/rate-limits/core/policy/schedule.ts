/**
 * The fastest schedule that never gets a 429: each request sent at the first instant every quota allows
 * it. The throughput a paced client reaches is measured against it.
 */
import { createQuotasLimiter } from './quotas.ts'
import type { RatePolicy } from './types.ts'

/**
 * When each of `count` requests of `cost` would be sent, greedily, by a client starting at `startMs` against
 * fresh limiters; stops early (shorter list) at a request no wait can let through.
 *
 * @example
 * fastestSchedule([{ kind: 'fixed-window', name: 'w', limit: 2, windowMs: 1000 }], 5, 1, 0) // [0, 0, 1000, 1000, 2000]
 */
export function fastestSchedule(policies: readonly RatePolicy[], count: number, cost: number, startMs: number): number[] {
  const limiter = createQuotasLimiter(policies)
  const times: number[] = []
  let t = startMs
  while (times.length < count) {
    const decision = limiter.take(t, cost)
    if (decision.allowed) times.push(t)
    else if (!Number.isFinite(decision.retryAfterMs)) break
    else {
      // A wait below the clock's precision (epoch milliseconds carry about 0.0002 ms) must still move time on.
      const next = t + decision.retryAfterMs
      t = next > t ? next : t + Math.max(1e-6, Math.abs(t) * 4 * Number.EPSILON)
    }
  }
  return times
}
