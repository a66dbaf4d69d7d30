import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLimiter, gcraBurst } from './models.ts'
import type { RateLimiter } from './types.ts'

/** Times `from`, `from + step`, … up to `to` inclusive. */
const every = (step: number, from: number, to: number) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step)
/** The times at which requests of `cost` were allowed. */
const allowedAt = (limiter: RateLimiter, times: number[], cost = 1) => times.filter((t) => limiter.take(t, cost).allowed)

describe('fixed window', () => {
  it('allows 3 per 1 s window: requests every 200 ms over 0–2800 ms pass 9 times', () => {
    // Windows [0,1000) [1000,2000) [2000,3000): the first three requests of each pass, the 4th and 5th are denied.
    const limiter = createLimiter({ kind: 'fixed-window', name: 'w', limit: 3, windowMs: 1000 })
    expect(allowedAt(limiter, every(200, 0, 2800))).toEqual([0, 200, 400, 1000, 1200, 1400, 2000, 2200, 2400])
  })
  it('lets twice the limit through around a boundary (3 at 999 ms, 3 at 1000 ms)', () => {
    const limiter = createLimiter({ kind: 'fixed-window', name: 'w', limit: 3, windowMs: 1000 })
    expect(allowedAt(limiter, [999, 999, 999, 999, 1000, 1000, 1000, 1000])).toHaveLength(6)
  })
  it('reports remaining, reset and retry-after', () => {
    const limiter = createLimiter({ kind: 'fixed-window', name: 'w', limit: 2, windowMs: 1000 })
    expect(limiter.take(250)).toMatchObject({ allowed: true, remaining: 1, resetMs: 750, retryAfterMs: 0, limit: 2, windowMs: 1000 })
    limiter.take(300)
    expect(limiter.take(400)).toMatchObject({ allowed: false, remaining: 0, resetMs: 600, retryAfterMs: 600 })
    expect(limiter.take(1000)).toMatchObject({ allowed: true, remaining: 1 })
    expect(limiter.peek(1000, 3).retryAfterMs).toBe(Infinity)
  })
})

describe('sliding window (log)', () => {
  it('allows 3 in any 1 s: requests every 200 ms over 0–2800 ms pass 9 times, each when the oldest has left', () => {
    // 0,200,400 pass; 600, 800 see three in (t−1000, t]; at 1000 the spend at 0 has left → pass; 1200 (200 left), 1400 (400 left)
    // pass; 1600, 1800 denied; 2000, 2200, 2400 pass; 2600, 2800 denied.
    const limiter = createLimiter({ kind: 'sliding-window', name: 's', limit: 3, windowMs: 1000 })
    expect(allowedAt(limiter, every(200, 0, 2800))).toEqual([0, 200, 400, 1000, 1200, 1400, 2000, 2200, 2400])
  })
  it('does not let a boundary burst through (3 at 999 ms, then 3 more only at 1999 ms)', () => {
    const limiter = createLimiter({ kind: 'sliding-window', name: 's', limit: 3, windowMs: 1000 })
    expect(allowedAt(limiter, [999, 999, 999, 1000, 1000, 1998, 1999, 1999, 1999])).toEqual([999, 999, 999, 1999, 1999, 1999])
  })
  it('retry-after is when enough of the oldest spends have left, reset when all have', () => {
    const limiter = createLimiter({ kind: 'sliding-window', name: 's', limit: 5, windowMs: 1000 })
    limiter.take(0, 2)
    limiter.take(300, 2)
    // 4 spent; a cost of 3 needs the 2 from t=0 gone: at 1000 → 400 ms from 600. All back at 300 + 1000.
    expect(limiter.take(600, 3)).toMatchObject({ allowed: false, remaining: 1, retryAfterMs: 400, resetMs: 700 })
    expect(limiter.take(1000, 3)).toMatchObject({ allowed: true, remaining: 0, resetMs: 1000 })
  })
})

describe('token bucket', () => {
  it('capacity 4 refilling 2/s: requests every 100 ms over 0–1900 ms pass 7 times', () => {
    // Level before each: 4, 3.2, 2.4, 1.6 (all pass, −1 each) → 0.6; 400: 0.8 ✗; 500: 1.0 ✓ → 0;
    // then 0.2 per 100 ms: 1000 ✓, 1500 ✓ (2000 is past the end).
    const limiter = createLimiter({ kind: 'token-bucket', name: 'b', capacity: 4, refillPerSecond: 2 })
    expect(allowedAt(limiter, every(100, 0, 1900))).toEqual([0, 100, 200, 300, 500, 1000, 1500])
  })
  it('Shopify REST (40, leaking 2/s): a backlog of 100 at once passes 40, then one each 500 ms', () => {
    const limiter = createLimiter({ kind: 'token-bucket', name: 'rest', capacity: 40, refillPerSecond: 2 })
    expect(allowedAt(limiter, Array.from({ length: 100 }, () => 0))).toHaveLength(40)
    expect(limiter.peek(0)).toMatchObject({ allowed: false, remaining: 0, retryAfterMs: 500, resetMs: 20_000, windowMs: 20_000 })
    expect(allowedAt(limiter, every(100, 100, 5000))).toEqual(every(500, 500, 5000))
  })
  it('costs: Shopify GraphQL (1000 points, 50/s) takes a 400-point query twice, the third after 6 s', () => {
    const limiter = createLimiter({ kind: 'token-bucket', name: 'cost', unit: 'points', capacity: 1000, refillPerSecond: 50 })
    expect(allowedAt(limiter, [0, 0, 0], 400)).toHaveLength(2)
    // 200 left; 400 needs 200 more at 50/s = 4 s.
    expect(limiter.peek(0, 400).retryAfterMs).toBe(4000)
    expect(limiter.take(3999, 400).allowed).toBe(false)
    expect(limiter.take(4000, 400)).toMatchObject({ allowed: true, remaining: 0 })
    expect(limiter.peek(4000, 1001).retryAfterMs).toBe(Infinity)
  })
})

describe('GCRA', () => {
  it('T = 100 ms, burst 3 (τ = 200 ms): requests every 50 ms over 0–950 ms pass 12 times', () => {
    // TAT before/after: 0 → 100 ✓, 50: 100 → 200 ✓, 100: 200 → 300 ✓, 150: conforms as 150 ≥ 300 − 200 → 400 ✓;
    // 200 ≥ 400 − 200 ✓ → 500; 250 < 300 ✗; from then one each 100 ms: 300, 400, …, 900.
    const limiter = createLimiter({ kind: 'gcra', name: 'g', emissionIntervalMs: 100, burstToleranceMs: 200 })
    expect(allowedAt(limiter, every(50, 0, 950))).toEqual([0, 50, 100, 150, 200, ...every(100, 300, 900)])
  })
  it('a fresh limiter passes ⌊τ/T⌋ + 1 at once and reports the wait for the next', () => {
    const policy = { kind: 'gcra', name: 'g', emissionIntervalMs: 20, burstToleranceMs: 90 } as const
    expect(gcraBurst(policy)).toBe(5)
    const limiter = createLimiter(policy)
    expect(allowedAt(limiter, [0, 0, 0, 0, 0, 0, 0])).toHaveLength(5)
    expect(limiter.peek(0)).toMatchObject({ allowed: false, remaining: 0, retryAfterMs: 10, resetMs: 100, limit: 5, windowMs: 100 })
    expect(limiter.take(10)).toMatchObject({ allowed: true, remaining: 0 })
  })
  it('makes the same decisions as a token bucket of capacity ⌊τ/T⌋ + 1 refilling 1000/T per second', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 80 }), fc.integer({ min: 0, max: 6 }), (gaps, extra) => {
        const g = createLimiter({ kind: 'gcra', name: 'g', emissionIntervalMs: 50, burstToleranceMs: 50 * extra })
        const b = createLimiter({ kind: 'token-bucket', name: 'b', capacity: extra + 1, refillPerSecond: 20 })
        let t = 0
        for (const gap of gaps) {
          t += gap
          expect(g.take(t).allowed).toBe(b.take(t).allowed)
        }
      }),
    )
  })
})

describe('window guarantees on random schedules', () => {
  const schedule = fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 120 }).map((gaps) => gaps.map((_, i) => gaps.slice(0, i + 1).reduce((a, b) => a + b, 0)))
  it('sliding: never more than the limit in any window; fixed: never more than the limit in an aligned window', () => {
    fc.assert(
      fc.property(schedule, (times) => {
        const sliding = createLimiter({ kind: 'sliding-window', name: 's', limit: 4, windowMs: 1000 })
        const fixed = createLimiter({ kind: 'fixed-window', name: 'f', limit: 4, windowMs: 1000 })
        const s = allowedAt(sliding, times)
        const f = allowedAt(fixed, times)
        for (const t of s) expect(s.filter((u) => u > t - 1000 && u <= t).length).toBeLessThanOrEqual(4)
        for (const t of f) expect(f.filter((u) => Math.floor(u / 1000) === Math.floor(t / 1000)).length).toBeLessThanOrEqual(4)
      }),
    )
  })
  it('a time that goes backwards is read as the latest one, and bad input is refused by name', () => {
    const limiter = createLimiter({ kind: 'fixed-window', name: 'f', limit: 1, windowMs: 1000 })
    limiter.take(1500)
    expect(limiter.take(200).allowed).toBe(false)
    expect(() => limiter.take(Number.NaN)).toThrow(/time/)
    expect(() => limiter.take(0, -1)).toThrow(/cost/)
    expect(() => createLimiter({ kind: 'token-bucket', name: 'b', capacity: 10, refillPerSecond: 0 })).toThrow('b: the refill rate must be a number above 0 (got 0).')
    expect(() => createLimiter({ kind: 'gcra', name: 'g', emissionIntervalMs: 10, burstToleranceMs: -1 })).toThrow(/burst tolerance/)
  })
})

describe('fastest schedule', () => {
  it('sends each request at the first instant every quota allows', async () => {
    const { fastestSchedule } = await import('./schedule.ts')
    expect(fastestSchedule([{ kind: 'fixed-window', name: 'w', limit: 2, windowMs: 1000 }], 5, 1, 500)).toEqual([500, 500, 1000, 1000, 2000])
    // Capacity 4 at 2/s: four at once, then one each 500 ms.
    expect(fastestSchedule([{ kind: 'token-bucket', name: 'b', capacity: 4, refillPerSecond: 2 }], 6, 1, 0)).toEqual([0, 0, 0, 0, 500, 1000])
    // At epoch times a bucket's last sliver of a wait is below a millisecond's float precision: the schedule still ends.
    const epoch = Date.UTC(2026, 10, 28, 12)
    const tokens = [{ kind: 'token-bucket', name: 't', unit: 'tokens', capacity: 2000, refillPerSecond: 1500 }] as const
    expect(fastestSchedule(tokens, 1000, 10, epoch + 0.123)).toHaveLength(1000)
    // A 2-point request on a burst of 1 never passes; on a requests quota it counts 1.
    expect(fastestSchedule([{ kind: 'gcra', name: 'g', unit: 'points', emissionIntervalMs: 100, burstToleranceMs: 0 }], 3, 2, 0)).toEqual([])
    expect(fastestSchedule([{ kind: 'gcra', name: 'g', emissionIntervalMs: 100, burstToleranceMs: 0 }], 3, 2, 0)).toEqual([0, 100, 200])
  })
})
