/**
 * Assembles a {@link Quota} from readings: derives missing fields, computes exact percentages and applies the
 * consistency checks (limit 0, remaining > limit, used > limit) in one place so every family behaves alike.
 */
import type { ParseContext } from './context.ts'
import type { Reading } from './numbers.ts'
import type { ResetReading } from './reset.ts'
import type { Quota } from './types.ts'

/** Everything a family parser read for one limit. */
export interface QuotaInput {
  family: string
  label: string
  limit?: Reading
  remaining?: Reading
  used?: Reading
  reset?: ResetReading
  /** Window length in seconds. */
  window?: Reading
  resource?: { value: string; header: string }
  unit?: string
  /** Extra field → header entries (e.g. 'policy', 'scope'). */
  sources?: Record<string, string>
  /**
   * Derive a missing limit as used + remaining (Reddit sends no limit header).
   * @default false
   */
  deriveLimit?: boolean
}

/**
 * Builds the quota, or undefined when none of limit, remaining and used could be read (a lone reset says
 * nothing about the quota).
 */
export function buildQuota(ctx: ParseContext, input: QuotaInput): Quota | undefined {
  const { limit, remaining, used } = input
  if (!limit && !remaining && !used) return undefined
  const quota: Quota = { family: input.family, label: input.label, sources: { ...input.sources } }
  const derived: string[] = []
  if (limit) {
    quota.limit = limit.value
    quota.sources.limit = limit.header
  }
  if (remaining) {
    quota.remaining = remaining.value
    quota.sources.remaining = remaining.header
  }
  if (used) {
    quota.used = used.value
    quota.sources.used = used.header
  }
  if (quota.limit === undefined && input.deriveLimit && used && remaining) {
    const sum = used.value + remaining.value
    if (Number.isFinite(sum)) {
      quota.limit = sum
      derived.push('limit')
    }
  }
  if (input.reset) {
    quota.resetAt = input.reset.resetAt
    quota.resetInMs = input.reset.resetInMs
    quota.sources.reset = input.reset.header
  }
  if (input.window) {
    quota.windowSeconds = input.window.value
    quota.sources.window = input.window.header
  }
  if (input.resource) {
    quota.resource = input.resource.value
    quota.sources.resource = input.resource.header
  }
  if (input.unit) quota.unit = input.unit

  const consistent = checkConsistency(ctx, quota, input)
  if (quota.limit !== undefined && quota.limit > 0) {
    if (quota.used === undefined && quota.remaining !== undefined && consistent) {
      quota.used = quota.limit - quota.remaining
      derived.push('used')
    }
    if (quota.remaining === undefined && quota.used !== undefined && consistent) {
      quota.remaining = quota.limit - quota.used
      derived.push('remaining')
    }
    if (consistent) {
      if (quota.used !== undefined) quota.usedPercent = percent(quota.used, quota.limit)
      if (quota.remaining !== undefined) quota.remainingPercent = percent(quota.remaining, quota.limit)
    }
  }
  if (derived.length > 0) quota.derived = derived
  return quota
}

/** part / whole × 100 for 0 ≤ part ≤ whole, whole > 0. */
function percent(part: number, whole: number): number {
  // Multiplying first keeps common cases exact (57 of 200 → 28.5, not 28.499999999999996); dividing first is
  // the fallback for values so large that × 100 would overflow.
  const p = (part * 100) / whole
  return Number.isFinite(p) ? Math.min(100, p) : Math.min(100, (part / whole) * 100)
}

/** Warns about impossible combinations; false means percentages would be meaningless and are left out. */
function checkConsistency(ctx: ParseContext, quota: Quota, input: QuotaInput): boolean {
  const { limit, remaining, used } = input
  if (quota.limit === undefined) return true
  const where = limit ? { header: limit.header, line: limit.line } : {}
  if (quota.limit === 0) {
    ctx.warn({
      code: 'limit-zero',
      ...where,
      message: `${limit?.header ?? quota.label}: the limit is 0, so no request is allowed and percentages cannot be computed.`,
    })
    return false
  }
  let ok = true
  if (quota.remaining !== undefined && quota.remaining > quota.limit) {
    ctx.warn({
      code: 'remaining-exceeds-limit',
      header: remaining?.header,
      line: remaining?.line,
      message: `${remaining?.header ?? 'remaining'}: ${quota.remaining} remaining is more than the limit of ${quota.limit}; percentages were not computed.`,
    })
    ok = false
  }
  if (quota.used !== undefined && quota.used > quota.limit) {
    ctx.warn({
      code: 'used-exceeds-limit',
      header: used?.header,
      line: used?.line,
      message: `${used?.header ?? 'used'}: ${quota.used} used is more than the limit of ${quota.limit}; percentages were not computed.`,
    })
    ok = false
  }
  return ok
}
