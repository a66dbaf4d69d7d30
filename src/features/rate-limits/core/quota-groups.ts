/**
 * The quota list's shape for many quotas: quotas grouped by family (in the order the families first appear,
 * each with its count) and how many are near their limit. Linear in the number of quotas.
 */
import { familyName, formatCount } from './format.ts'
import { quotaState } from './state.ts'
import type { Quota } from './types.ts'

/** The quotas of one family, in report order. */
export interface QuotaGroup {
  /** {@link Quota.family} id. */
  family: string
  /** Display name ("OpenAI"). */
  name: string
  /** Indices into the report's `quotas`, in order. */
  indices: number[]
}

/** Groups quotas by family, families in the order they first appear, each group's quotas in report order. */
export function groupQuotasByFamily(quotas: readonly Pick<Quota, 'family'>[]): QuotaGroup[] {
  const groups = new Map<string, QuotaGroup>()
  quotas.forEach((q, index) => {
    let group = groups.get(q.family)
    if (!group) {
      group = { family: q.family, name: familyName(q.family), indices: [] }
      groups.set(q.family, group)
    }
    group.indices.push(index)
  })
  return [...groups.values()]
}

/**
 * Whether a quota is near its limit: half or less left, or fewer than 5 (an exhausted quota too), by the
 * meters' thresholds (`QUOTA_THRESHOLDS`), so the count agrees with the meters' colours.
 */
export function isNearLimit(q: Pick<Quota, 'limit' | 'remaining' | 'remainingPercent'>): boolean {
  const state = quotaState(q)
  return state === 'warning' || state === 'error'
}

/** How many quotas are {@link isNearLimit near their limit}. */
export function countNearLimit(quotas: readonly Pick<Quota, 'limit' | 'remaining' | 'remainingPercent'>[]): number {
  let n = 0
  for (const q of quotas) if (isNearLimit(q)) n++
  return n
}

/** "GitHub 1 quota" / "OpenAI 16,667 quotas": a group's name with its count. */
export function groupLabel(group: Pick<QuotaGroup, 'name' | 'indices'>): string {
  const n = group.indices.length
  return `${group.name}: ${formatCount(n)} ${n === 1 ? 'quota' : 'quotas'}`
}
