import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { inferFromTimeline } from './pacing-inference'
import { ONE_RESPONSE_NOTE, pacedPoliciesFromQuotas, pacedPoliciesFromTimeline } from './pacing'
import { parseRateLimitHeaders } from './parse'
import { buildRateLimitTimeline } from './timeline'
import type { TimelinePoint } from './timeline'

/** HARs captured from the demo policy server (demo/capture-policy-har.ts): a burst, a pause, a few more. */
const har = (name: string) => readFileSync(new URL(`../../../../tests/e2e/fixtures/${name}`, import.meta.url), 'utf8')

function pacedFrom(text: string) {
  const timeline = buildRateLimitTimeline(text, { timeZone: 'UTC' })
  const last = timeline.responses.at(-1)?.at ?? new Date()
  return pacedPoliciesFromTimeline(parseRateLimitHeaders(text, last).quotas, timeline)
}

const point = (second: number, remaining: number, resetSecond?: number): TimelinePoint => ({
  at: new Date(Date.UTC(2026, 0, 1, 12, 0, second)),
  remaining,
  limit: 60,
  resetAt: resetSecond === undefined ? undefined : new Date(Date.UTC(2026, 0, 1, 12, 0, resetSecond)),
  response: second + 1,
})

describe('inferFromTimeline', () => {
  it('a rise part of the way before the reset is a refilling bucket, with its rate and the clock times', () => {
    const inference = inferFromTimeline({ label: 'api', points: [point(0, 40, 30), point(2, 43, 30), point(3, 44, 30)] }, undefined)
    expect(inference.policy).toEqual({ kind: 'token-bucket', name: 'api', capacity: 60, refillPerSecond: 2 })
    expect(inference.evidence).toMatch(/^Remaining rose from 40 to 43 between 12:00:00\.000 UTC and 12:00:02\.000 UTC without a reset \(and 1 more time\) → a refilling bucket, ~2\/s/)
  })

  it('a return to full once the stated reset has passed, and no rise between resets, is a fixed window', () => {
    const inference = inferFromTimeline({ label: 'api', points: [point(0, 2, 10), point(5, 1, 10), point(11, 59, 20)] }, 10_000)
    expect(inference.policy).toEqual({ kind: 'fixed-window', name: 'api', limit: 60, windowMs: 10_000 })
    expect(inference.confidence).toBe('clear')
    expect(inference.evidence).toMatch(/went back to 59 of 60 .*reset moved on by the window \(10 s\) → a fixed window of 10 s\.$/)
  })

  it('cannot tell from readings that only fall, nor from one reading, and says why', () => {
    const falling = inferFromTimeline({ label: 'api', points: [point(0, 50, 30), point(2, 49, 30)] }, 60_000)
    expect(falling.policy).toBeUndefined()
    expect(falling.confidence).toBe('cannot tell')
    expect(falling.evidence).toMatch(/^Remaining only fell .* do not show how it comes back/)
    expect(inferFromTimeline({ label: 'api', points: [point(0, 50, 30)] }, 60_000).evidence).toMatch(/^One reading shows what is left, not how it comes back/)
  })
})

describe('pacedPoliciesFromTimeline on HARs captured from the demo policy server', () => {
  it('its token bucket (200, refilling 200/s) is inferred as a bucket, near its rate', () => {
    const paced = pacedFrom(har('policy-bucket.har'))
    const bucket = paced.policies.find((p) => p.policy.kind === 'token-bucket')
    expect(bucket?.inference?.evidence).toMatch(/→ a refilling bucket/)
    expect(bucket?.policy).toMatchObject({ kind: 'token-bucket', capacity: 200 })
    const rate = bucket?.policy.kind === 'token-bucket' ? bucket.policy.refillPerSecond : 0
    expect(rate).toBeGreaterThan(150)
    expect(rate).toBeLessThan(260)
    expect(paced.policies.every((p) => p.inference !== undefined)).toBe(true)
  })

  it('its fixed window (200 a second) is inferred as a fixed window of 1 s', () => {
    const paced = pacedFrom(har('policy-fixed.har'))
    // X-RateLimit-* (the binding quota) and the IETF fields: the same quota, read twice.
    expect(paced.policies.map((p) => p.policy)).toEqual([
      { kind: 'fixed-window', name: 'second', limit: 200, windowMs: 1000 },
      { kind: 'fixed-window', name: 'second-2', limit: 200, windowMs: 1000 },
    ])
    expect(paced.policies[1]?.inference?.evidence).toMatch(/went back to 199 of 200 .*→ a fixed window of 1 s\.$/)
  })

  it('a quota whose readings cannot tell keeps its documented policy, with the reason', () => {
    const text = ['HTTP/1.1 200', 'Date: Thu, 01 Jan 2026 12:00:00 GMT', 'RateLimit-Policy: "m";q=60;w=60', 'RateLimit: "m";r=50;t=60', '', 'HTTP/1.1 200', 'Date: Thu, 01 Jan 2026 12:00:02 GMT', 'RateLimit-Policy: "m";q=60;w=60', 'RateLimit: "m";r=49;t=58'].join('\n')
    const [m] = pacedFrom(text).policies
    expect(m?.policy).toEqual(pacedPoliciesFromQuotas(parseRateLimitHeaders(text).quotas).policies[0]?.policy)
    expect(m?.inference).toMatchObject({ confidence: 'cannot tell' })
    expect(ONE_RESPONSE_NOTE).toMatch(/^One response shows/)
  })
})
