import { describe, expect, it } from 'vitest'
import { createQuotasLimiter } from './quotas.ts'

describe('several quotas at once', () => {
  const policies = () =>
    createQuotasLimiter([
      { kind: 'fixed-window', name: 'requests', limit: 10, windowMs: 1000 },
      { kind: 'token-bucket', name: 'tokens', unit: 'tokens', capacity: 100, refillPerSecond: 50 },
    ])
  it('40-token requests every 100 ms over 0–900 ms: 3 pass, the tokens bind, and a denial spends no request', () => {
    // Tokens before each: 100 ✓ → 60; 65 ✓ → 25; 30 ✗; 35 ✗; 40 ✓ → 0; 5, 10, 15, 20, 25 ✗.
    const limiter = policies()
    const decisions = [0, 100, 200, 300, 400, 500, 600, 700, 800, 900].map((t) => limiter.take(t, 40))
    expect(decisions.filter((d) => d.allowed)).toHaveLength(3)
    expect(decisions.map((d) => d.binding)).toEqual(Array(10).fill('tokens'))
    // 3 requests spent of 10, though 10 were asked for.
    expect(decisions.at(-1)?.quotas[0]).toMatchObject({ name: 'requests', remaining: 7, allowed: true })
    expect(decisions.at(-1)).toMatchObject({ allowed: false, retryAfterMs: 300 })
  })
  it('1-token requests: the request window binds after 10 and names itself', () => {
    const limiter = policies()
    const decisions = Array.from({ length: 12 }, (_, t) => limiter.take(t, 1))
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10)
    expect(decisions.at(-1)).toMatchObject({ allowed: false, binding: 'requests', retryAfterMs: 989 })
    expect(decisions.at(-1)?.quotas[1]).toMatchObject({ name: 'tokens', remaining: 90 })
  })
  it('refuses no policies and two of one name', () => {
    expect(() => createQuotasLimiter([])).toThrow(/at least one/)
    const p = { kind: 'gcra', name: 'x', emissionIntervalMs: 10, burstToleranceMs: 0 } as const
    expect(() => createQuotasLimiter([p, p])).toThrow(/own name/)
  })
})

describe('simulating a schedule', () => {
  it('one row per request: decision, binding quota, what is left, when a denied one would have passed', async () => {
    const { simulateSchedule } = await import('./schedule.ts')
    const rows = simulateSchedule(
      [
        { kind: 'fixed-window', name: 'requests', limit: 10, windowMs: 1000 },
        { kind: 'token-bucket', name: 'tokens', unit: 'tokens', capacity: 100, refillPerSecond: 50 },
      ],
      // Given out of order: the simulation sorts by time. Same worked example as above: 0 ✓, 100 ✓, 200 ✗ (30 tokens), 400 ✓.
      [{ at: 200, cost: 40 }, { at: 0, cost: 40 }, { at: 100, cost: 40 }, { at: 400, cost: 40 }],
    )
    expect(rows.map((r) => [r.at, r.allowed, r.binding, r.remaining, r.allowedAt])).toEqual([
      [0, true, 'tokens', { requests: 9, tokens: 60 }, 0],
      [100, true, 'tokens', { requests: 8, tokens: 25 }, 100],
      // 30 tokens at 200; 10 more at 50/s = 200 ms.
      [200, false, 'tokens', { requests: 8, tokens: 30 }, 400],
      [400, true, 'tokens', { requests: 7, tokens: 0 }, 400],
    ])
  })
})
