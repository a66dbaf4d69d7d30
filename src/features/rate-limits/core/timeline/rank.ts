/**
 * Which quotas get a chart: a paste with a thousand quota families would be a thousand charts, so the ones
 * closest to running out are charted and the rest are listed.
 */
import type { TimelineQuota } from './types.ts'

/** How many quotas are charted at most. */
export const MAX_CHARTS = 8

/** The share of a quota left at its last reading (0 = exhausted, 1 = full); 1 when it has no readings. */
export function shareLeft(quota: Pick<TimelineQuota, 'points'>): number {
  const last = quota.points.at(-1)
  if (!last) return 1
  const limit = last.limit ?? quota.points.reduce((max, p) => Math.max(max, p.remaining), 0)
  return limit > 0 ? Math.min(1, Math.max(0, last.remaining / limit)) : 0
}

/**
 * The quotas to chart (at most `max`) and the rest, each ordered by how close to exhausted it is at its last
 * reading (least left first; a projected run-out breaks ties before others; then the order given).
 *
 * @param max - how many to chart. @default MAX_CHARTS
 */
export function quotasToChart<Q extends Pick<TimelineQuota, 'points' | 'projection'>>(quotas: readonly Q[], max = MAX_CHARTS): { charted: Q[]; rest: Q[] } {
  if (quotas.length <= max) return { charted: [...quotas], rest: [] }
  const urgency = (q: Q) => (q.projection.kind === 'exhausts' || q.projection.kind === 'exhausted' ? 0 : 1)
  const ranked = quotas
    .map((quota, index) => ({ quota, index, left: shareLeft(quota), urgency: urgency(quota) }))
    .sort((a, b) => a.left - b.left || a.urgency - b.urgency || a.index - b.index)
    .map((r) => r.quota)
  return { charted: ranked.slice(0, max), rest: ranked.slice(max) }
}
