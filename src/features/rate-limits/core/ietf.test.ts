import { describe, expect, it } from 'vitest'
import { codes, dump, NOW_S, parse, quota, warningsOf } from './test-utils.ts'

describe('IETF RateLimit draft, every version', () => {
  it('early drafts: RateLimit-Limit list with window params and burst', () => {
    const r = parse(dump('RateLimit-Limit: 10, 10;window=1;burst=1000, 1000;window=3600', 'RateLimit-Remaining: 9', 'RateLimit-Reset: 1'))
    expect(quota(r, 'ietf')).toMatchObject({ label: 'default', limit: 10, remaining: 9, windowSeconds: 1, resetInMs: 1000 })
  })

  it('ietf-01: RateLimit-Limit: 100, 100;w=60', () => {
    const q = quota(parse(dump('RateLimit-Limit: 100, 100;w=60', 'RateLimit-Remaining: 50', 'RateLimit-Reset: 30')), 'ietf')
    expect(q).toMatchObject({ limit: 100, remaining: 50, windowSeconds: 60, resetInMs: 30_000, remainingPercent: 50 })
    expect(q.sources.window).toBe('RateLimit-Limit')
  })

  it('ietf-04…06: numeric RateLimit-Policy beside the separate fields (express-rate-limit draft-6)', () => {
    const r = parse(dump('ratelimit-policy: 5;w=60', 'ratelimit-limit: 5', 'ratelimit-remaining: 4', 'ratelimit-reset: 60'))
    expect(quota(r, 'ietf')).toMatchObject({ limit: 5, remaining: 4, windowSeconds: 60, resetInMs: 60_000, sources: { policy: 'ratelimit-policy', window: 'ratelimit-policy' } })
    const multi = quota(parse(dump('RateLimit-Policy: 10;w=1, 50;w=60', 'RateLimit-Limit: 50', 'RateLimit-Remaining: 49', 'RateLimit-Reset: 50')), 'ietf')
    expect(multi.windowSeconds).toBe(60)
  })

  it('ietf-07: one Dictionary field, tried after List fails', () => {
    const r = parse(dump('RateLimit: limit=100, remaining=50, reset=5', 'RateLimit-Policy: 100;w=10'))
    expect(quota(r, 'ietf')).toMatchObject({ limit: 100, remaining: 50, resetInMs: 5000, windowSeconds: 10, sources: { limit: 'RateLimit', reset: 'RateLimit' } })
    expect(r.warnings).toEqual([])
  })

  it('ietf-08+: named policies joined to RateLimit members, several per field', () => {
    const r = parse(
      dump(
        'RateLimit-Policy: "burst";q=100;w=60, "daily";q=1000;w=86400;qu="content-bytes"',
        'RateLimit: "burst";r=50;t=30, "daily";r=999;t=3600',
      ),
    )
    expect(r.quotas.map((q) => [q.label, q.limit, q.remaining, q.windowSeconds, q.resetInMs, q.unit])).toEqual([
      ['burst', 100, 50, 60, 30_000, undefined],
      ['daily', 1000, 999, 86_400, 3_600_000, 'content-bytes'],
    ])
    expect(r.warnings).toEqual([])
  })

  it('ietf-08+: express-rate-limit draft-8 output with spaces and a partition key', () => {
    const r = parse(dump('ratelimit-policy: "5-in-2hrs"; q=5; w=7200; pk=:MmMyNmI0NmI2OGZm:', 'ratelimit: "5-in-2hrs"; r=4; t=7200'))
    expect(quota(r, 'ietf', '5-in-2hrs')).toMatchObject({ limit: 5, remaining: 4, used: 1, windowSeconds: 7200, resetInMs: 7_200_000 })
  })

  it('ietf-08+: a policy without a RateLimit member still shows its quota; an unknown name warns', () => {
    const r = parse(dump('RateLimit-Policy: "hour";q=1000;w=3600', 'RateLimit: "minute";r=3'))
    expect(quota(r, 'ietf', 'minute')).toMatchObject({ remaining: 3 })
    expect(quota(r, 'ietf', 'hour')).toMatchObject({ limit: 1000, windowSeconds: 3600 })
    expect(quota(r, 'ietf', 'hour').remaining).toBeUndefined()
    expect(warningsOf(r, 'unknown-policy')[0]).toMatchObject({ header: 'RateLimit', line: 2 })
  })

  it('ignores malformed RateLimit fields and says so', () => {
    const r = parse(dump('RateLimit: limit=, remaining', 'RateLimit-Policy: "x;q=1'))
    expect(r.quotas).toEqual([])
    expect(warningsOf(r, 'malformed-structured-field').map((w) => w.header)).toEqual(['RateLimit', 'RateLimit-Policy'])
    expect(codes(parse('RateLimit-Limit: ten'))).toContain('non-numeric')
    expect(codes(parse('RateLimit-Limit: (1 2)'))).toContain('malformed-structured-field')
  })

  it('reads Cloudflare-style newest form from a DevTools copy', () => {
    const r = parse(dump(':status: 200', 'ratelimit: "default";r=1199;t=281', 'ratelimit-policy: "default";q=1200;w=300'))
    expect(quota(r, 'ietf', 'default')).toMatchObject({ limit: 1200, remaining: 1199, windowSeconds: 300, resetInMs: 281_000 })
  })
})

describe('GitLab', () => {
  it('is told from IETF by RateLimit-Observed and reads RateLimit-Reset as Unix time', () => {
    const r = parse(
      dump(
        'RateLimit-Limit: 600',
        'RateLimit-Name: throttle_authenticated_web',
        'RateLimit-Observed: 67',
        'RateLimit-Remaining: 533',
        `RateLimit-Reset: ${NOW_S + 45}`,
        'RateLimit-ResetTime: Tue, 14 Jan 2025 10:15:45 GMT',
      ),
    )
    expect(r.quotas).toHaveLength(1)
    expect(quota(r, 'gitlab')).toMatchObject({ label: 'throttle_authenticated_web', used: 67, remaining: 533, limit: 600, resetInMs: 45_000 })
    expect(r.warnings).toEqual([])
  })

  it('uses RateLimit-ResetTime when RateLimit-Reset is missing', () => {
    const q = quota(parse(dump('RateLimit-Limit: 600', 'RateLimit-Remaining: 0', 'RateLimit-ResetTime: Tue, 14 Jan 2025 10:16:00 GMT')), 'gitlab')
    expect(q.resetAt).toEqual(new Date('2025-01-14T10:16:00Z'))
  })
})

