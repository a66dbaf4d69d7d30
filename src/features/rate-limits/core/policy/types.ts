/**
 * Rate-limit policy models: the vocabulary shared by the models, the several-quota limiter, the header
 * writer, the presets and the throttle-plan generator. Times are milliseconds on one clock (epoch ms in
 * the demo server); costs are in the quota's unit.
 */

/** The unit a quota counts: each request counts 1 against a `requests` quota, its cost against any other. */
export type QuotaUnit = 'requests' | 'tokens' | 'points'

/** What every policy has. */
interface PolicyBase {
  /** Name of the quota (the IETF `RateLimit-Policy` item name), e.g. `"requests"`, `"hour"`. */
  name: string
  /** What is counted; `requests` when absent. */
  unit?: QuotaUnit
}

/**
 * Fixed window: at most `limit` units in each window `[k·windowMs, (k+1)·windowMs)` aligned to time 0 of the
 * clock (epoch). A full quota comes back at each boundary, so up to twice the limit can pass around one.
 */
export interface FixedWindowPolicy extends PolicyBase {
  kind: 'fixed-window'
  limit: number
  windowMs: number
}

/**
 * Sliding window, kept as a log (exact, not the two-window counter approximation): at most `limit` units
 * in any half-open span `(t − windowMs, t]`; each unit comes back `windowMs` after it was spent.
 */
export interface SlidingWindowPolicy extends PolicyBase {
  kind: 'sliding-window'
  limit: number
  windowMs: number
}

/**
 * Token bucket: starts full with `capacity` tokens, refills continuously at `refillPerSecond`, a request
 * takes its cost when that many tokens are there. Shopify's "leaky bucket" is this bucket seen from the
 * other side (the bucket fills with requests and leaks at the rate).
 */
export interface TokenBucketPolicy extends PolicyBase {
  kind: 'token-bucket'
  capacity: number
  refillPerSecond: number
}

/**
 * Generic Cell Rate Algorithm (ITU-T I.371, virtual scheduling): one unit per `emissionIntervalMs` (T)
 * with a burst tolerance τ = `burstToleranceMs`; a request is early by at most τ. A fresh limiter lets
 * ⌊τ/T⌋ + 1 units through at once. Same decisions as a token bucket of that capacity refilling 1000/T per second.
 */
export interface GcraPolicy extends PolicyBase {
  kind: 'gcra'
  emissionIntervalMs: number
  burstToleranceMs: number
}

/** One policy of any kind. */
export type RatePolicy = FixedWindowPolicy | SlidingWindowPolicy | TokenBucketPolicy | GcraPolicy

/** The kinds of policy, for menus and exhaustive switches. */
export type PolicyKind = RatePolicy['kind']

/** One quota's answer to one request at one time. */
export interface PolicyDecision {
  /** The policy's name. */
  name: string
  allowed: boolean
  /** The cost asked for, in this quota's unit. */
  cost: number
  /** Units the quota allows at once (window limit, bucket capacity, GCRA burst). */
  limit: number
  /** Whole units left after this request (allowed) or as things stand (denied). */
  remaining: number
  /** Milliseconds until the whole quota is back (window end, full bucket, empty GCRA schedule); 0 when it is. */
  resetMs: number
  /** Milliseconds until this request would be allowed: 0 when allowed, `Infinity` when its cost exceeds the limit. */
  retryAfterMs: number
  /** The span the quota is stated over (the IETF `w`): the window, or the time to refill `limit` from empty. */
  windowMs: number
}

/** A stateful limiter enforcing one policy. Times passed in never go backwards (an earlier time is read as the latest). */
export interface RateLimiter {
  readonly policy: RatePolicy
  /** Decides a request of `cost` units at `nowMs` and, when allowed, spends it. */
  take(nowMs: number, cost?: number): PolicyDecision
  /** The same decision without spending anything. */
  peek(nowMs: number, cost?: number): PolicyDecision
}
