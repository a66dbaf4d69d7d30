/**
 * The four policy models behind one interface ({@link createLimiter}). Each model evaluates a request
 * into a decision and a `commit` that spends it, so several quotas can be checked before any is spent.
 */
import type { FixedWindowPolicy, GcraPolicy, PolicyDecision, RateLimiter, RatePolicy, SlidingWindowPolicy, TokenBucketPolicy } from './types.ts'

/** Slack for floating-point refills (GCRA intervals and bucket rates that are not whole numbers). */
const EPSILON = 1e-9

/** A decision not yet acted on: `commit` spends its cost. */
export interface Evaluation {
  decision: PolicyDecision
  commit: () => void
}

/** Evaluates a request of `cost` at `nowMs` without spending it. */
export type Evaluator = (nowMs: number, cost: number) => Evaluation

function fixedWindow(p: FixedWindowPolicy): Evaluator {
  let windowStart = Number.NEGATIVE_INFINITY
  let used = 0
  return (now, cost) => {
    const start = Math.floor(now / p.windowMs) * p.windowMs
    const spent = start === windowStart ? used : 0
    const allowed = spent + cost <= p.limit
    const after = allowed ? spent + cost : spent
    const resetMs = after === 0 ? 0 : start + p.windowMs - now
    return {
      decision: { name: p.name, allowed, cost, limit: p.limit, remaining: p.limit - after, resetMs, windowMs: p.windowMs, retryAfterMs: allowed ? 0 : cost > p.limit ? Infinity : start + p.windowMs - now },
      commit: () => {
        windowStart = start
        used = spent + cost
      },
    }
  }
}

function slidingWindow(p: SlidingWindowPolicy): Evaluator {
  /** Spends still inside the window, oldest first. */
  let log: { at: number; cost: number }[] = []
  return (now, cost) => {
    log = log.filter((entry) => entry.at > now - p.windowMs)
    const spent = log.reduce((sum, entry) => sum + entry.cost, 0)
    const allowed = spent + cost <= p.limit
    let retryAfterMs = 0
    if (!allowed) {
      retryAfterMs = Infinity
      let freed = 0
      for (const entry of cost > p.limit ? [] : log) {
        freed += entry.cost
        if (spent - freed + cost <= p.limit) {
          retryAfterMs = entry.at + p.windowMs - now
          break
        }
      }
    }
    const last = allowed && cost > 0 ? now : log.at(-1)?.at
    return {
      decision: {
        name: p.name,
        allowed,
        cost,
        limit: p.limit,
        remaining: p.limit - spent - (allowed ? cost : 0),
        resetMs: last === undefined ? 0 : last + p.windowMs - now,
        retryAfterMs,
        windowMs: p.windowMs,
      },
      commit: () => {
        if (cost > 0) log.push({ at: now, cost })
      },
    }
  }
}

function tokenBucket(p: TokenBucketPolicy): Evaluator {
  // Kept in thousandths of a token so that whole rates refill whole numbers per millisecond.
  const capacity = p.capacity * 1000
  let level = capacity
  let last = Number.NEGATIVE_INFINITY
  const msFor = (milli: number) => milli / p.refillPerSecond
  return (now, cost) => {
    const current = Math.min(capacity, level + (now - last) * p.refillPerSecond)
    const need = cost * 1000
    const allowed = current + EPSILON >= need
    const after = allowed ? Math.max(0, current - need) : current
    return {
      decision: {
        name: p.name,
        allowed,
        cost,
        limit: p.capacity,
        remaining: Math.floor(after / 1000 + EPSILON),
        resetMs: msFor(capacity - after),
        retryAfterMs: allowed ? 0 : cost > p.capacity ? Infinity : msFor(need - current),
        windowMs: msFor(capacity),
      },
      commit: () => {
        level = after
        last = now
      },
    }
  }
}

/** How many units a fresh GCRA limiter lets through at once: ⌊τ/T⌋ + 1. */
export function gcraBurst(p: GcraPolicy): number {
  return Math.floor(p.burstToleranceMs / p.emissionIntervalMs + EPSILON) + 1
}

function gcra(p: GcraPolicy): Evaluator {
  const T = p.emissionIntervalMs
  const tau = p.burstToleranceMs
  const burst = gcraBurst(p)
  /** Theoretical arrival time of the next unit. */
  let tat = Number.NEGATIVE_INFINITY
  return (now, cost) => {
    const from = Math.max(tat, now)
    const next = from + cost * T
    const allowAt = next - tau - T
    const allowed = allowAt <= now + EPSILON
    const scheduled = allowed ? next : from
    return {
      decision: {
        name: p.name,
        allowed,
        cost,
        limit: burst,
        remaining: Math.max(0, Math.floor((now - scheduled + tau + T) / T + EPSILON)),
        resetMs: scheduled - now,
        retryAfterMs: allowed ? 0 : cost * T > tau + T + EPSILON ? Infinity : allowAt - now,
        windowMs: burst * T,
      },
      commit: () => {
        tat = next
      },
    }
  }
}

/**
 * A policy's evaluator with the clock clamped (an earlier time reads as the latest seen) and the cost
 * checked; used by {@link createLimiter} and the several-quota limiter.
 */
export function createEvaluator(policy: RatePolicy): Evaluator {
  const problem = policyProblem(policy)
  if (problem) throw new RangeError(problem)
  const evaluate = pick(policy)
  let latest = Number.NEGATIVE_INFINITY
  return (nowMs, cost) => {
    if (!Number.isFinite(nowMs)) throw new RangeError(`The time must be a finite number of milliseconds (got ${nowMs}).`)
    if (!(Number.isFinite(cost) && cost >= 0)) throw new RangeError(`The cost must be a finite number ≥ 0 (got ${cost}).`)
    latest = Math.max(latest, nowMs)
    return evaluate(latest, cost)
  }
}

/** What is wrong with a policy's numbers, in words, or undefined when it can be enforced. */
export function policyProblem(policy: RatePolicy): string | undefined {
  const positive = (what: string, value: number) => (Number.isFinite(value) && value > 0 ? undefined : `${policy.name}: ${what} must be a number above 0 (got ${value}).`)
  switch (policy.kind) {
    case 'fixed-window':
    case 'sliding-window':
      return positive('the limit', policy.limit) ?? positive('the window', policy.windowMs)
    case 'token-bucket':
      return positive('the capacity', policy.capacity) ?? positive('the refill rate', policy.refillPerSecond)
    case 'gcra':
      return positive('the emission interval', policy.emissionIntervalMs) ?? (Number.isFinite(policy.burstToleranceMs) && policy.burstToleranceMs >= 0 ? undefined : `${policy.name}: the burst tolerance must be a number ≥ 0 (got ${policy.burstToleranceMs}).`)
  }
}

function pick(policy: RatePolicy): Evaluator {
  switch (policy.kind) {
    case 'fixed-window':
      return fixedWindow(policy)
    case 'sliding-window':
      return slidingWindow(policy)
    case 'token-bucket':
      return tokenBucket(policy)
    case 'gcra':
      return gcra(policy)
  }
}

/**
 * A limiter for one policy.
 *
 * @example
 * const limiter = createLimiter({ kind: 'token-bucket', name: 'rest', capacity: 40, refillPerSecond: 2 })
 * limiter.take(0).remaining // 39
 */
export function createLimiter(policy: RatePolicy): RateLimiter {
  const evaluate = createEvaluator(policy)
  return {
    policy,
    take(nowMs, cost = 1) {
      const { decision, commit } = evaluate(nowMs, cost)
      if (decision.allowed) commit()
      return decision
    },
    peek: (nowMs, cost = 1) => evaluate(nowMs, cost).decision,
  }
}
