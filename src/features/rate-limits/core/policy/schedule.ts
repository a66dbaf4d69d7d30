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

/** One request of a schedule to simulate. */
export interface ScheduledRequest {
  /** When it is sent, in milliseconds. */
  at: number
  /** Its cost on tokens or points quotas (requests quotas count 1); 1 when absent. */
  cost?: number
}

/** What happened to one simulated request. */
export interface SimulatedRequest {
  at: number
  cost: number
  allowed: boolean
  /** The quota that binds at this moment (see `QuotasDecision.binding`). */
  binding: string
  /** Whole units left per quota name after it. */
  remaining: Record<string, number>
  /** When this request would have been allowed (its own time when it was); `Infinity` when never. */
  allowedAt: number
}

/**
 * Runs a schedule (sorted by time or not: it is sorted) against fresh limiters for the policies: one row
 * per request with the decision, the binding quota and when a denied request would have passed.
 *
 * @example
 * simulateSchedule([{ kind: 'fixed-window', name: 'w', limit: 1, windowMs: 1000 }], [{ at: 0 }, { at: 10 }])[1]
 * // { at: 10, cost: 1, allowed: false, binding: 'w', remaining: { w: 0 }, allowedAt: 1000 }
 */
export function simulateSchedule(policies: readonly RatePolicy[], requests: readonly ScheduledRequest[]): SimulatedRequest[] {
  const limiter = createQuotasLimiter(policies)
  return [...requests]
    .sort((a, b) => a.at - b.at)
    .map(({ at, cost = 1 }) => {
      const decision = limiter.take(at, cost)
      return {
        at,
        cost,
        allowed: decision.allowed,
        binding: decision.binding,
        remaining: Object.fromEntries(decision.quotas.map((q) => [q.name, q.remaining])),
        allowedAt: at + decision.retryAfterMs,
      }
    })
}
