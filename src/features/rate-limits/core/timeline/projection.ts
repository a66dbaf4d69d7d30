/**
 * The pace of consumption over the recent window and what it means: "at 42 requests/min you run out at
 * 12:04:10, 2 min 50 s before the reset at 12:07:00", or "you stay within the limit".
 */
import { formatDuration } from '@/shared/core/format'
import { RECENT_WINDOW_MS, type TimelinePoint, type TimelineProjection, type TimelineQuota } from './types.ts'

/** A clock time (HH:MM:SS) in a time zone, with the zone's name when it is UTC (other zones are the user's own). */
export function clockTime(date: Date, timeZone: string): string {
  try {
    const text = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone }).format(date)
    return timeZone === 'UTC' ? `${text} UTC` : text
  } catch {
    return `${date.toISOString().slice(11, 19)} UTC`
  }
}

/** Rounds a pace for a sentence: whole numbers from 10 up, one decimal below. */
function pace(perMinute: number, unit: string): string {
  const n = perMinute >= 10 ? Math.round(perMinute) : Math.round(perMinute * 10) / 10
  return `${new Intl.NumberFormat('en').format(n)} ${unit}/min`
}

/** The points of the current window within the recent span (the pace is measured over these). */
export function recentPoints(points: readonly TimelinePoint[], lastResetMs: number | undefined): TimelinePoint[] {
  const last = points.at(-1)
  if (!last) return []
  const from = Math.max(last.at.getTime() - RECENT_WINDOW_MS, lastResetMs ?? Number.NEGATIVE_INFINITY)
  return points.filter((p) => p.at.getTime() >= from)
}

/**
 * Measures the pace and projects it. The pace is (first remaining − last remaining) / elapsed over the recent
 * points, so a remaining that never falls gives a pace ≤ 0 and never a predicted exhaustion.
 */
export function project(quota: Pick<TimelineQuota, 'points' | 'resets' | 'unit'>, timeZone: string): { projection: TimelineProjection; rate?: TimelineQuota['rate'] } {
  const unit = quota.unit ?? 'requests'
  const last = quota.points.at(-1)
  const resetAt = last?.resetAt && last.resetAt.getTime() > last.at.getTime() ? last.resetAt : undefined
  const resetText = resetAt ? `the reset at ${clockTime(resetAt, timeZone)}` : undefined
  const lastReset = quota.resets.at(-1)?.getTime()
  if (last && last.remaining === 0) {
    const sinceReset = quota.points.filter((p) => lastReset === undefined || p.at.getTime() >= lastReset)
    const firstZero = [...sinceReset].reverse().find((p, i, all) => p.remaining === 0 && (all[i + 1]?.remaining ?? 1) !== 0) ?? last
    return {
      projection: {
        kind: 'exhausted',
        at: firstZero.at,
        resetAt,
        sentence: `You ran out at ${clockTime(firstZero.at, timeZone)}${resetText ? `; requests are allowed again after ${resetText}` : '; no reset time was sent'}.`,
      },
    }
  }
  const recent = recentPoints(quota.points, lastReset)
  const first = recent[0]
  const end = recent.at(-1)
  const elapsed = first && end ? end.at.getTime() - first.at.getTime() : 0
  if (!first || !end || recent.length < 2 || elapsed <= 0) {
    return {
      projection: {
        kind: 'unknown',
        sentence:
          quota.points.length < 2
            ? 'One response is not enough to measure a pace: paste at least two responses of this quota.'
            : 'The responses of the current window are all at the same instant, so no pace can be measured.',
      },
    }
  }
  const perMs = (first.remaining - end.remaining) / elapsed
  const perMinute = perMs * 60_000
  const rate = { perMinute, from: first.at, to: end.at }
  if (perMs <= 0) {
    return {
      rate,
      projection: { kind: 'within', perMinute, resetAt, sentence: `Remaining did not fall over the last ${formatDuration(elapsed)}: you stay within the limit.` },
    }
  }
  const outMs = end.at.getTime() + end.remaining / perMs
  const at = new Date(outMs)
  const paceText = pace(perMinute, unit)
  if (resetAt && resetAt.getTime() <= outMs) {
    return {
      rate,
      projection: {
        kind: 'within',
        perMinute,
        resetAt,
        sentence: `At ${paceText} you stay within the limit: ${resetText} comes ${formatDuration(outMs - resetAt.getTime())} before you would run out.`,
      },
    }
  }
  return {
    rate,
    projection: {
      kind: 'exhausts',
      perMinute,
      at,
      resetAt,
      sentence: `At ${paceText} you run out at ${clockTime(at, timeZone)}${resetAt ? `, ${formatDuration(resetAt.getTime() - outMs)} before ${resetText}` : ' (no reset time was sent)'}.`,
    },
  }
}
