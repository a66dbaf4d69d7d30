import { describe, expect, it } from 'vitest'
import { parseRateLimitHeaders } from './parse.ts'
import { headerUsesOf, usesAt } from './header-uses.ts'
import { dump } from './test-utils.ts'

const AT = new Date('2025-01-14T12:00:00Z')

/** The quotas (and -1 for Retry-After) each header fed, read the slow way: every quota's sources, per header. */
function naive(text: string): number[][] {
  const report = parseRateLimitHeaders(text, AT)
  return report.headers.map((h) => {
    const name = h.name.toLowerCase()
    const found = report.quotas.flatMap((q, i) => (Object.values(q.sources).some((s) => s.toLowerCase() === name) ? [i] : []))
    return report.retryAfter?.header.toLowerCase() === name ? [...found, -1] : found
  })
}

describe('headerUsesOf', () => {
  it.each([
    ['GitHub headers in mixed case, one not used', dump('HTTP/2 200', 'X-RateLimit-Limit: 5000', 'x-ratelimit-remaining: 4987', 'x-ratelimit-reset: 1736850572', 'x-ratelimit-resource: core', 'content-type: text/plain')],
    ['Retry-After with a quota', dump('HTTP/1.1 429 Too Many Requests', 'retry-after: 30', 'x-ratelimit-limit: 60', 'x-ratelimit-remaining: 0')],
    ['IETF RateLimit with two policies (one header feeds both quotas)', dump('RateLimit-Policy: "burst";q=100;w=60, "day";q=1000;w=86400', 'RateLimit: "burst";r=0;t=30, "day";r=500;t=3600')],
    ['many quotas', Array.from({ length: 300 }, (_, i) => `x-ratelimit-${['limit', 'remaining', 'reset'][i % 3]}-q${Math.floor(i / 3)}: ${[100, 7, 30][i % 3]}`).join('\n')],
  ])('marks each header with the quotas it fed: %s', (_, text) => {
    const report = parseRateLimitHeaders(text, AT)
    const uses = headerUsesOf(report.headers, report.quotas, report.retryAfter?.header)
    const expected = naive(text)
    expect(report.headers.map((_, at) => usesAt(uses, at))).toEqual(expected)
    expect(uses.recognised).toBe(expected.filter((u) => u.length > 0).length)
    expect(uses.recognised).toBeGreaterThan(0)
  })

  it('survives structured cloning (it is sent from the worker)', () => {
    const report = parseRateLimitHeaders(dump('retry-after: 5', 'x-ratelimit-limit: 10', 'x-ratelimit-remaining: 1'), AT)
    const uses = headerUsesOf(report.headers, report.quotas, report.retryAfter?.header)
    const cloned = structuredClone(uses)
    expect(report.headers.map((_, at) => usesAt(cloned, at))).toEqual(report.headers.map((_, at) => usesAt(uses, at)))
  })
})
