/**
 * Policy inference from a timeline: given a quota's stated limit and window and what the server said was
 * left after each of one client's requests, which models (fixed window, sliding window, token bucket,
 * GCRA) would have said exactly that. Each candidate is replayed over the requests; a model is named
 * only when it is the one consistent candidate, with the observation that ruled the others out; else the
 * result says it cannot tell (and between which), or that none fits.
 */
import { createLimiter } from './models.ts'
import type { PolicyKind, RatePolicy } from './types.ts'

/** One of the client's requests, allowed, and what the server said was left after it. */
export interface Observation {
  /** When the server counted it, in ms on the policy's clock (epoch ms for a window aligned to the epoch). */
  at: number
  /** Remaining after it, as the response said. */
  remaining: number
  /** Its cost on this quota (1 when absent). */
  cost?: number
}

/** What the timeline says about the policy. */
export interface PolicyInference {
  /** The one model consistent with every observation, or undefined when none or several are. */
  kind?: PolicyKind
  /** The policies consistent with every observation (the inferred one, or those it cannot tell apart). */
  consistent: RatePolicy[]
  /** How sure, in words: what decided it, or why it cannot tell. */
  evidence: string
}

/** The candidate models for a quota of `limit` units stated over `windowMs`. */
export function candidatePolicies(name: string, limit: number, windowMs: number): RatePolicy[] {
  const T = windowMs / limit
  return [
    { kind: 'fixed-window', name, limit, windowMs },
    { kind: 'sliding-window', name, limit, windowMs },
    { kind: 'token-bucket', name, capacity: limit, refillPerSecond: (limit * 1000) / windowMs },
    { kind: 'gcra', name, emissionIntervalMs: T, burstToleranceMs: windowMs - T },
  ]
}

/** The first observation a policy does not predict (index), or -1 when it predicts all. */
function firstMismatch(policy: RatePolicy, observations: readonly Observation[]): { index: number; predicted?: number } {
  const limiter = createLimiter(policy)
  for (const [index, o] of observations.entries()) {
    const decision = limiter.take(o.at, o.cost ?? 1)
    if (!decision.allowed || decision.remaining !== o.remaining) return { index, predicted: decision.allowed ? decision.remaining : undefined }
  }
  return { index: -1 }
}

const NAMES: Record<PolicyKind, string> = { 'fixed-window': 'a fixed window', 'sliding-window': 'a sliding window', 'token-bucket': 'a token bucket', gcra: 'GCRA' }

/**
 * Infers the policy behind one quota from one client's requests (sorted by time; the client alone on the quota).
 *
 * @example
 * // 2 per second: a request at 900 ms and one at 1100 ms both leave 1 → the count restarted at 1000 ms.
 * inferPolicy('s', 2, 1000, [{ at: 900, remaining: 1 }, { at: 1100, remaining: 1 }]).kind // 'fixed-window'
 */
export function inferPolicy(name: string, limit: number, windowMs: number, observations: readonly Observation[]): PolicyInference {
  const sorted = [...observations].sort((a, b) => a.at - b.at)
  const results = candidatePolicies(name, limit, windowMs).map((policy) => ({ policy, ...firstMismatch(policy, sorted) }))
  const consistent = results.filter((r) => r.index < 0).map((r) => r.policy)
  const ruledOut = results
    .filter((r) => r.index >= 0)
    .map((r) => {
      const o = sorted[r.index] as Observation
      return `${NAMES[r.policy.kind]} ${r.predicted === undefined ? 'would have refused' : `predicts ${r.predicted} left after`} the request at ${o.at} ms (the server said ${o.remaining})`
    })
  if (consistent.length === 1) {
    const [only] = consistent as [RatePolicy]
    return { kind: only.kind, consistent, evidence: `Only ${NAMES[only.kind]} fits every response: ${ruledOut.join('; ')}.` }
  }
  if (consistent.length === 2 && consistent.every((p) => p.kind === 'token-bucket' || p.kind === 'gcra')) {
    return { consistent, evidence: `Cannot tell a token bucket from GCRA (they make the same decisions): a refilling bucket, the windows ruled out: ${ruledOut.join('; ')}.` }
  }
  if (consistent.length === 0) return { consistent, evidence: 'None of the models fits every response (another client on the quota, a different window, or an algorithm not modelled).' }
  return {
    consistent,
    evidence: `Cannot tell ${consistent.map((p) => NAMES[p.kind]).join(', ')} apart: they say the same after every one of these requests (requests near a window boundary, or after a pause shorter than the window, would decide).`,
  }
}
