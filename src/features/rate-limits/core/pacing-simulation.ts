/**
 * The simulator of the "Pace my client" mode: a schedule (a burst, then a steady rate, until a backlog
 * is sent) run against the policies, summed up per interval, with the binding quota, when the next
 * request would be allowed, and the fastest schedule that never gets a 429 for the same backlog.
 */
import { createQuotasLimiter } from './policy/quotas.ts'
import { fastestSchedule, simulateSchedule, type ScheduledRequest, type SimulatedRequest } from './policy/schedule.ts'
import type { RatePolicy } from './policy/types.ts'
import type { ScheduleSpec } from './pacing.ts'

/** One interval of the simulation. */
export interface SimulationInterval {
  /** Start and end, in ms from the schedule's start (half-open). */
  fromMs: number
  toMs: number
  allowed: number
  denied: number
  /** The quota that binds at the interval's last request. */
  binding: string
}

/** What the simulation found. */
export interface PacingSimulation {
  requests: SimulatedRequest[]
  intervals: SimulationInterval[]
  allowed: number
  denied: number
  /** When the schedule's last request is sent, in ms from its start. */
  lastAtMs: number
  /** When one more request of the same cost would be allowed after the schedule, in ms from its start (Infinity: never). */
  nextAllowedAtMs: number
  /** The fastest no-429 schedule for the same backlog: when its last request goes, and how many it sends (fewer when a request costs more than a quota allows). */
  fastest: { lastAtMs: number; sent: number }
}

/** Interval lengths the table uses, the smallest giving at most {@link MAX_INTERVALS} rows. */
const NICE_MS = [1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 21_600_000, 86_400_000]
/** Most rows of the interval table. */
export const MAX_INTERVALS = 24

/** The requests of a schedule: the burst at 0, then one every 60,000 / perMinute ms. */
export function scheduleRequests(spec: ScheduleSpec): ScheduledRequest[] {
  const gap = 60_000 / spec.perMinute
  return Array.from({ length: spec.backlog }, (_, i) => ({ at: i < spec.burst ? 0 : (i - Math.max(0, spec.burst - 1)) * gap, cost: spec.cost }))
}

/**
 * Runs the schedule against fresh limiters for the policies.
 *
 * @example
 * simulatePacing([{ kind: 'fixed-window', name: 'w', limit: 2, windowMs: 60_000 }], { perMinute: 60, burst: 3, backlog: 3, cost: 1 })
 * // allowed 2, denied 1, nextAllowedAtMs 60_000, one interval binding 'w'
 */
export function simulatePacing(policies: readonly RatePolicy[], spec: ScheduleSpec): PacingSimulation {
  const schedule = scheduleRequests(spec)
  const requests = simulateSchedule(policies, schedule)
  const lastAtMs = requests.at(-1)?.at ?? 0
  const step = NICE_MS.find((ms) => Math.floor(lastAtMs / ms) + 1 <= MAX_INTERVALS) ?? Math.ceil((lastAtMs + 1) / MAX_INTERVALS)
  const intervals: SimulationInterval[] = []
  for (const r of requests) {
    const index = Math.floor(r.at / step)
    let row = intervals.at(-1)
    if (!row || row.fromMs !== index * step) intervals.push((row = { fromMs: index * step, toMs: (index + 1) * step, allowed: 0, denied: 0, binding: r.binding }))
    if (r.allowed) row.allowed++
    else row.denied++
    row.binding = r.binding
  }
  // Replays the allowed requests to ask the limiters about one more.
  const limiter = createQuotasLimiter(policies)
  for (const r of requests) if (r.allowed) limiter.take(r.at, r.cost)
  const next = limiter.peek(lastAtMs, spec.cost)
  const fastest = fastestSchedule(policies, spec.backlog, spec.cost, 0)
  return {
    requests,
    intervals,
    allowed: requests.filter((r) => r.allowed).length,
    denied: requests.filter((r) => !r.allowed).length,
    lastAtMs,
    nextAllowedAtMs: lastAtMs + next.retryAfterMs,
    fastest: { lastAtMs: fastest.at(-1) ?? 0, sent: fastest.length },
  }
}

/** "1 min 30 s", "2.5 s", "250 ms": a span from the schedule's start, for tables and announcements. */
export function formatSpan(ms: number): string {
  if (!Number.isFinite(ms)) return 'never'
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))} s`
  const minutes = Math.floor(ms / 60_000)
  const seconds = Math.round((ms % 60_000) / 1000)
  if (minutes < 60) return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`
  const hours = Math.floor(minutes / 60)
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
}

/** One sentence for screen readers after a simulation changed. */
export function simulationSummary(sim: PacingSimulation): string {
  const last = sim.requests.at(-1)
  const binding = last ? ` ${last.binding} binds at the end.` : ''
  return `${sim.allowed} allowed, ${sim.denied} denied (429).${binding} Fastest schedule with no 429: the last request at ${formatSpan(sim.fastest.lastAtMs)}.`
}
