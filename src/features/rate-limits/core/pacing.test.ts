import { describe, expect, it } from 'vitest'
import { examples, EXAMPLES_SENT_AT } from './examples.ts'
import { parseRateLimitHeaders } from './parse.ts'
import { pacedPoliciesFromPreset, pacedPoliciesFromQuotas, readScheduleFields } from './pacing.ts'
import { scheduleRequests, simulatePacing } from './pacing-simulation.ts'
import { POLICY_PRESETS } from './policy/presets.ts'

const quotasOf = (id: string) => parseRateLimitHeaders(examples.find((e) => e.id === id)?.text ?? '', EXAMPLES_SENT_AT).quotas

describe('pacedPoliciesFromQuotas', () => {
  it("OpenAI's headers: requests and tokens per minute as buckets, each citing the header it read", () => {
    const { policies, skipped } = pacedPoliciesFromQuotas(quotasOf('openai'))
    expect(skipped).toEqual([])
    expect(policies.map((p) => p.policy)).toEqual([
      { kind: 'token-bucket', name: 'requests', capacity: 500, refillPerSecond: 500 / 60 },
      { kind: 'token-bucket', name: 'tokens', unit: 'tokens', capacity: 200_000, refillPerSecond: 200_000 / 60 },
    ])
    expect(policies.map((p) => p.source)).toEqual(['x-ratelimit-limit-requests', 'x-ratelimit-limit-tokens'])
    expect(policies[0]?.sourceUrl).toBe('https://platform.openai.com/docs/guides/rate-limits')
  })
  it("GitHub's hour, Shopify's leaky bucket 40 / 2 per second", () => {
    expect(pacedPoliciesFromQuotas(quotasOf('github')).policies.map((p) => p.policy)).toEqual([{ kind: 'fixed-window', name: 'core', limit: 5000, windowMs: 3_600_000 }])
    expect(pacedPoliciesFromQuotas(quotasOf('shopify')).policies.map((p) => p.policy)).toMatchObject([{ kind: 'token-bucket', capacity: 40, refillPerSecond: 2 }])
  })
  it('an IETF policy with a window becomes a fixed window of it; a quota with no window is skipped with why', () => {
    const ietf = parseRateLimitHeaders('RateLimit-Policy: "burst";q=100;w=60\nRateLimit: "burst";r=50;t=30', EXAMPLES_SENT_AT).quotas
    expect(pacedPoliciesFromQuotas(ietf).policies.map((p) => p.policy)).toEqual([{ kind: 'fixed-window', name: 'burst', limit: 100, windowMs: 60_000 }])
    const bare = parseRateLimitHeaders('X-RateLimit-Limit: 100\nX-RateLimit-Remaining: 5', EXAMPLES_SENT_AT).quotas
    const result = pacedPoliciesFromQuotas(bare)
    expect(result.policies).toEqual([])
    expect(result.skipped[0]?.reason).toMatch(/window is not stated/)
  })
  it('a preset cites its page', () => {
    const preset = POLICY_PRESETS[0]
    if (!preset) throw new Error('no preset')
    expect(pacedPoliciesFromPreset(preset).policies[0]).toMatchObject({ sourceUrl: preset.source, source: `${preset.provider}: ${preset.title}` })
  })
})

describe('readScheduleFields', () => {
  it('reads valid fields', () => {
    expect(readScheduleFields({ perMinute: '30', burst: '5', backlog: '20', cost: '1200' })).toEqual({ spec: { perMinute: 30, burst: 5, backlog: 20, cost: 1200 }, errors: {} })
  })
  it('names each wrong field, and a burst above the backlog', () => {
    expect(readScheduleFields({ perMinute: 'fast', burst: '1.5', backlog: '0', cost: '-1' }).errors).toEqual({
      perMinute: 'Enter a number of requests per minute above 0, e.g. 60.',
      burst: 'Enter a whole number of requests, 0 or more.',
      backlog: 'Enter a whole number of requests from 1 to 10,000.',
      cost: 'Enter a cost above 0 (tokens or points per request; requests quotas count 1).',
    })
    expect(readScheduleFields({ perMinute: '60', burst: '11', backlog: '10', cost: '1' }).errors).toEqual({ burst: 'The burst cannot be larger than the backlog (10).' })
  })
})

describe('simulatePacing (hand-worked)', () => {
  it('a burst of 3, then 1 a second, against 2 per minute: 2 pass, the rest wait for the next minute', () => {
    expect(scheduleRequests({ perMinute: 60, burst: 3, backlog: 5, cost: 1 }).map((r) => r.at)).toEqual([0, 0, 0, 1000, 2000])
    const sim = simulatePacing([{ kind: 'fixed-window', name: 'minute', limit: 2, windowMs: 60_000 }], { perMinute: 60, burst: 3, backlog: 5, cost: 1 })
    expect([sim.allowed, sim.denied]).toEqual([2, 3])
    expect(sim.intervals).toEqual([
      { fromMs: 0, toMs: 1000, allowed: 2, denied: 1, binding: 'minute' },
      { fromMs: 1000, toMs: 2000, allowed: 0, denied: 1, binding: 'minute' },
      { fromMs: 2000, toMs: 3000, allowed: 0, denied: 1, binding: 'minute' },
    ])
    expect(sim.nextAllowedAtMs).toBe(60_000)
    expect(sim.fastest).toEqual({ lastAtMs: 120_000, sent: 5 })
  })
  it('two quotas: at 600 requests a minute of 2,000 tokens, tokens (200,000 a minute) bind before requests (500 a minute)', () => {
    const policies = pacedPoliciesFromQuotas(quotasOf('openai')).policies.map((p) => p.policy)
    const sim = simulatePacing(policies, { perMinute: 600, burst: 0, backlog: 250, cost: 2000 })
    // Tokens drain by 20,000 − 3,333 a second from 200,000 (empty after 12 s); requests by 10 − 8.3 a second from 500.
    expect(sim.requests.find((r) => !r.allowed)?.binding).toBe('tokens')
    expect(sim.allowed).toBeLessThan(250)
  })
})
