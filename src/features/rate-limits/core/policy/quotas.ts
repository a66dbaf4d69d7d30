/**
 * Several quotas at once (OpenAI's requests and tokens, GitHub's primary and secondary limits, Shopify's
 * bucket and per-second cost): a request passes only when every quota allows it, nothing is spent
 * otherwise, and the decision names the quota that binds.
 */
import { createEvaluator, type Evaluator } from './models.ts'
import type { PolicyDecision, RatePolicy } from './types.ts'

/** The answer of all quotas to one request. */
export interface QuotasDecision {
  /** Whether every quota allowed it (and so each was spent). */
  allowed: boolean
  /** One decision per quota, in the order the policies were given. */
  quotas: PolicyDecision[]
  /**
   * The quota that binds: when denied, the one that keeps the request waiting longest; when allowed, the
   * one with the smallest share left (ties: the first given).
   */
  binding: string
  /** Milliseconds until this request would pass every quota (the longest wait); 0 when allowed. */
  retryAfterMs: number
}

/** A limiter that enforces several policies together. */
export interface QuotasLimiter {
  readonly policies: readonly RatePolicy[]
  /** Decides a request of `cost` (the cost of non-request quotas; `requests` quotas count 1) and spends it when every quota allows. */
  take(nowMs: number, cost?: number): QuotasDecision
  /** The same decision without spending anything. */
  peek(nowMs: number, cost?: number): QuotasDecision
}

/** The cost a request puts on one quota: 1 on a `requests` quota, `cost` on a tokens or points quota. */
export function costFor(policy: RatePolicy, cost: number): number {
  return (policy.unit ?? 'requests') === 'requests' ? 1 : cost
}

/** The decision that binds among several (see {@link QuotasDecision.binding}). */
export function bindingDecision(decisions: readonly PolicyDecision[]): PolicyDecision | undefined {
  const denied = decisions.filter((d) => !d.allowed)
  if (denied.length > 0) return denied.reduce((a, b) => (b.retryAfterMs > a.retryAfterMs ? b : a))
  return decisions.reduce<PolicyDecision | undefined>((a, b) => (a === undefined || b.remaining / b.limit < a.remaining / a.limit ? b : a), undefined)
}

/**
 * A limiter for several quotas at once.
 *
 * @example
 * const openai = createQuotasLimiter([
 *   { kind: 'token-bucket', name: 'requests', capacity: 500, refillPerSecond: 500 / 60 },
 *   { kind: 'token-bucket', name: 'tokens', unit: 'tokens', capacity: 30_000, refillPerSecond: 500 },
 * ])
 * openai.take(Date.now(), 1200).binding // 'tokens' (1200 of 30,000 is a larger share than 1 of 500)
 */
export function createQuotasLimiter(policies: readonly RatePolicy[]): QuotasLimiter {
  if (policies.length === 0) throw new RangeError('Give at least one policy.')
  const names = new Set(policies.map((p) => p.name))
  if (names.size !== policies.length) throw new RangeError('Each policy needs its own name (the headers name quotas by it).')
  const evaluators = policies.map(createEvaluator)
  const decide = (nowMs: number, cost: number, spend: boolean): QuotasDecision => {
    const evaluations = evaluators.map((evaluate, i) => evaluate(nowMs, costFor(policies[i] as RatePolicy, cost)))
    const allowed = evaluations.every((e) => e.decision.allowed)
    if (allowed && spend) for (const e of evaluations) e.commit()
    // Denied overall: no quota is spent, so each reports what it has left as things stand.
    const quotas = evaluations.map(({ decision }, i) => {
      if (allowed || !decision.allowed) return decision
      const standing = (evaluators[i] as Evaluator)(nowMs, 0).decision
      return { ...decision, remaining: standing.remaining, resetMs: standing.resetMs }
    })
    const binding = bindingDecision(quotas) as PolicyDecision
    return { allowed, quotas, binding: binding.name, retryAfterMs: allowed ? 0 : binding.retryAfterMs }
  }
  return {
    policies,
    take: (nowMs, cost = 1) => decide(nowMs, cost, true),
    peek: (nowMs, cost = 1) => decide(nowMs, cost, false),
  }
}
