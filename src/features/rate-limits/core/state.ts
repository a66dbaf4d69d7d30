/**
 * Quota health for meters: one documented set of thresholds so colour, words and advice agree.
 */
import type { Quota } from './types.ts'

/** Health of a quota; `unknown` when remaining (or, for percentages, the limit) is not known. */
export type QuotaState = 'ok' | 'warning' | 'error' | 'unknown'

/** Words for a quota's health, to show beside colour (never colour alone). */
export type QuotaStateLabel = 'healthy' | 'near limit' | 'almost exhausted' | 'exhausted' | 'unknown'

/**
 * Thresholds: more than 50 % remaining is ok; 20–50 % (inclusive) is a warning; below 20 %, or fewer than
 * 5 left whatever the limit, is an error.
 */
export const QUOTA_THRESHOLDS = {
  /** Remaining share above which a quota is healthy, in percent. */
  okAbovePercent: 50,
  /** Remaining share below which a quota is an error, in percent. */
  errorBelowPercent: 20,
  /** Remaining count below which a quota is an error regardless of percentage. */
  errorBelowRemaining: 5,
} as const

function remainingPercent(q: Pick<Quota, 'limit' | 'remaining' | 'remainingPercent'>): number | undefined {
  if (q.remainingPercent !== undefined) return q.remainingPercent
  if (q.limit !== undefined && q.remaining !== undefined && q.limit > 0 && q.remaining <= q.limit) return (q.remaining / q.limit) * 100
  return undefined
}

/** The quota's health by {@link QUOTA_THRESHOLDS}. */
export function quotaState(q: Pick<Quota, 'limit' | 'remaining' | 'remainingPercent'>): QuotaState {
  if (q.remaining === undefined || !Number.isFinite(q.remaining)) return 'unknown'
  if (q.remaining < QUOTA_THRESHOLDS.errorBelowRemaining) return 'error'
  const pct = remainingPercent(q)
  if (pct === undefined) return 'unknown'
  if (pct < QUOTA_THRESHOLDS.errorBelowPercent) return 'error'
  if (pct <= QUOTA_THRESHOLDS.okAbovePercent) return 'warning'
  return 'ok'
}

/** The quota's health in words: "healthy", "near limit", "almost exhausted", "exhausted" (0 left) or "unknown". */
export function quotaStateLabel(q: Pick<Quota, 'limit' | 'remaining' | 'remainingPercent'>): QuotaStateLabel {
  switch (quotaState(q)) {
    case 'ok':
      return 'healthy'
    case 'warning':
      return 'near limit'
    case 'error':
      return q.remaining === 0 ? 'exhausted' : 'almost exhausted'
    case 'unknown':
      return 'unknown'
  }
}
