import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { examples } from '../examples.ts'
import { dump, NOW } from '../test-utils.ts'
import { correctRateLimitHeaders, lintRateLimitHeaders } from './lint.ts'
import { RATE_LIMIT_LINT_CODES, type RateLimitLintCode, type RateLimitLintFinding } from './types.ts'

const DATE = 'Date: Tue, 14 Jan 2025 10:15:00 GMT' // = NOW = 1736849700 s

const lint = (...lines: string[]) => lintRateLimitHeaders(dump(...lines), { now: NOW })
const codes = (findings: RateLimitLintFinding[]) => findings.map((f) => f.code)
/** The one finding of a code; fails the test when there is not exactly one. */
function only(findings: RateLimitLintFinding[], code: RateLimitLintCode): RateLimitLintFinding {
  const of = findings.filter((f) => f.code === code)
  expect(of, JSON.stringify(findings)).toHaveLength(1)
  return of[0] as RateLimitLintFinding
}
/** The corrected text of a paste, linted again: the fixes must leave nothing to fix. */
function corrected(...lines: string[]): string {
  return correctRateLimitHeaders(dump(...lines), { now: NOW }).text
}

describe('lintRateLimitHeaders: clean headers', () => {
  it.each(examples.map((e) => [e.id, e.text] as const))('%s example gives []', (_id, text) => {
    expect(lintRateLimitHeaders(text, { now: NOW })).toEqual([])
  })

  it('gives [] for empty input and for a paste without rate-limit headers', () => {
    expect(lintRateLimitHeaders('', { now: NOW })).toEqual([])
    expect(lint('HTTP/2 200', 'content-type: text/html')).toEqual([])
  })

  it('a CORS response that exposes its rate-limit headers is clean', () => {
    expect(
      lint('HTTP/2 200', DATE, 'access-control-allow-origin: *', 'access-control-expose-headers: X-RateLimit-Limit, x-ratelimit-remaining, X-RateLimit-Reset', 'x-ratelimit-limit: 60', 'x-ratelimit-remaining: 59', 'x-ratelimit-reset: 1736849760'),
    ).toEqual([])
  })

  it('covers every code in this file (the problem-details codes in rules-problem.test.ts)', () => {
    expect(RATE_LIMIT_LINT_CODES).toHaveLength(18)
  })
})

describe('lintRateLimitHeaders: one case per code', () => {
  it('retry-after-missing: a 429 status line without Retry-After, pointing at the status line; fix from the reset', () => {
    const f = only(lint('HTTP/1.1 429 Too Many Requests', DATE, 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 0', 'X-RateLimit-Reset: 1736849760'), 'retry-after-missing')
    expect(f).toMatchObject({ severity: 'error', line: 1, fix: 'Retry-After: 60' })
    expect(f.reference).toContain('RFC 6585')
  })

  it('retry-after-missing: from options.status, with a placeholder fix when nothing says how long', () => {
    const f = only(lintRateLimitHeaders('X-RateLimit-Limit: 60\nX-RateLimit-Remaining: 3', { now: NOW, status: 429 }), 'retry-after-missing')
    expect(f.line).toBeUndefined()
    expect(f.fix).toBe('Retry-After: <seconds until the client may retry>')
    expect(lintRateLimitHeaders('X-RateLimit-Limit: 60\nX-RateLimit-Remaining: 3', { now: NOW, status: 200 })).toEqual([])
  })

  it('retry-after-invalid: text, an ISO date (converted to IMF-fixdate) and a decimal (a warning)', () => {
    expect(only(lint(DATE, 'Retry-After: soon'), 'retry-after-invalid')).toMatchObject({ severity: 'error', header: 'Retry-After', line: 2 })
    expect(only(lint(DATE, 'Retry-After: 2025-01-14T10:16:00Z'), 'retry-after-invalid').fix).toBe('Retry-After: Tue, 14 Jan 2025 10:16:00 GMT')
    expect(only(lint(DATE, 'Retry-After: 2.5'), 'retry-after-invalid')).toMatchObject({ severity: 'warning', fix: 'Retry-After: 3' })
    expect(lint(DATE, 'Retry-After: Tue, 14 Jan 2025 10:16:00 GMT')).toEqual([])
  })

  it('retry-after-disagrees: Retry-After 10 while the exhausted quota resets in 60 s; agreement within 1 s is fine', () => {
    const f = only(lint('HTTP/1.1 429', DATE, 'Retry-After: 10', 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 0', 'X-RateLimit-Reset: 1736849760'), 'retry-after-disagrees')
    expect(f).toMatchObject({ severity: 'warning', header: 'Retry-After', line: 3, fix: 'Retry-After: 60' })
    expect(lint('HTTP/1.1 429', DATE, 'Retry-After: 59', 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 0', 'X-RateLimit-Reset: 1736849760')).toEqual([])
  })

  it('reset-ambiguous: a delay where the name means a Unix time (SecuScan), and a Unix time where the draft means a delay', () => {
    const delay = only(lint(DATE, 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 59', 'X-RateLimit-Reset: 60'), 'reset-ambiguous')
    expect(delay).toMatchObject({ severity: 'warning', header: 'X-RateLimit-Reset', line: 4, fix: 'X-RateLimit-Reset: 1736849760' })
    const unix = only(lint(DATE, 'RateLimit-Limit: 100', 'RateLimit-Remaining: 50', 'RateLimit-Reset: 1736849760'), 'reset-ambiguous')
    expect(unix.fix).toBe('RateLimit-Reset: 60')
    const t = only(lint(DATE, 'RateLimit-Policy: "default";q=100;w=60', 'RateLimit: "default";r=50;t=1736849730'), 'reset-ambiguous')
    expect(t.fix).toBe('RateLimit: "default";r=50;t=30')
  })

  it('reset-milliseconds: a Unix time in ms under a seconds name, and inside a draft-07 dictionary', () => {
    const f = only(lint(DATE, 'X-RateLimit-Limit: 5000', 'X-RateLimit-Remaining: 4999', 'X-RateLimit-Used: 1', 'X-RateLimit-Reset: 1736849760000'), 'reset-milliseconds')
    expect(f).toMatchObject({ severity: 'warning', line: 5, fix: 'X-RateLimit-Reset: 1736849760' })
    const d7 = only(lint(DATE, 'RateLimit: limit=100, remaining=50, reset=1736849790000'), 'reset-milliseconds')
    expect(d7.fix).toBe('RateLimit: limit=100, remaining=50, reset=90')
  })

  it('reset-in-past: an absolute reset before the Date header', () => {
    const f = only(lint(DATE, 'x-ratelimit-limit: 5000', 'x-ratelimit-remaining: 4000', 'x-ratelimit-used: 1000', 'x-ratelimit-resource: core', 'x-ratelimit-reset: 1736849000'), 'reset-in-past')
    expect(f).toMatchObject({ severity: 'error', header: 'x-ratelimit-reset', line: 6 })
    expect(f.fix).toContain('Tue, 14 Jan 2025 10:15:00 GMT')
  })

  it('remaining-exceeds-limit', () => {
    const f = only(lint(DATE, 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 61', 'X-RateLimit-Reset: 1736849760'), 'remaining-exceeds-limit')
    expect(f).toMatchObject({ severity: 'error', header: 'X-RateLimit-Remaining', line: 3, fix: 'X-RateLimit-Remaining: 60' })
  })

  it('used-remaining-mismatch: 10 + 4980 ≠ 5000', () => {
    const f = only(lint(DATE, 'x-ratelimit-limit: 5000', 'x-ratelimit-remaining: 4980', 'x-ratelimit-used: 10', 'x-ratelimit-reset: 1736849760', 'x-ratelimit-resource: core'), 'used-remaining-mismatch')
    expect(f).toMatchObject({ severity: 'warning', header: 'x-ratelimit-used', line: 4, fix: 'x-ratelimit-used: 20' })
  })

  it('not-a-number: -1 on a 429 is an error, not "no limit applies"; fixed to 0', () => {
    const f = only(lint('HTTP/1.1 429 Too Many Requests', DATE, 'Retry-After: 30', 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: -1'), 'not-a-number')
    expect(f).toMatchObject({ severity: 'error', header: 'X-RateLimit-Remaining', line: 5, fix: 'X-RateLimit-Remaining: 0' })
    expect(f.message).not.toContain('usually means')
    expect(f.message).toContain('contradicts')
  })

  it('reset-ambiguous: an ISO date in X-RateLimit-Reset gets a finding and a Unix-time fix (not on a Jira response)', () => {
    const f = only(lint(DATE, 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 10', 'X-RateLimit-Reset: 2025-01-14T10:16:00Z'), 'reset-ambiguous')
    expect(f).toMatchObject({ severity: 'warning', header: 'X-RateLimit-Reset', line: 4, fix: 'X-RateLimit-Reset: 1736849760' })
    expect(codes(lint(DATE, 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 10', 'X-RateLimit-Reset: 2025-01-14T10:16Z', 'X-RateLimit-NearLimit: false'))).toEqual([])
  })

  it('remaining-exceeds-limit in a draft-08 RateLimit field names its line', () => {
    const f = only(lint(DATE, 'RateLimit-Policy: "default";q=100;w=60', 'RateLimit: "default";r=150;t=30'), 'remaining-exceeds-limit')
    expect(f).toMatchObject({ severity: 'error', line: 3 })
  })

  it('reset-in-past is judged against the response\'s Date: an hour-old capture of good headers is clean', () => {
    const text = dump(DATE, 'x-ratelimit-limit: 5000', 'x-ratelimit-remaining: 4000', 'x-ratelimit-used: 1000', 'x-ratelimit-resource: core', 'x-ratelimit-reset: 1736850000')
    expect(lintRateLimitHeaders(text, { now: new Date(NOW.getTime() + 3_600_000) })).toEqual([])
  })

  it('not-a-number: text, negative and fractional counts; -1 is only info', () => {
    expect(only(lint(DATE, 'X-RateLimit-Limit: lots', 'X-RateLimit-Remaining: 5'), 'not-a-number')).toMatchObject({ severity: 'error', header: 'X-RateLimit-Limit', line: 2 })
    expect(only(lint(DATE, 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: -3'), 'not-a-number').severity).toBe('error')
    expect(only(lint(DATE, 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 12.5'), 'not-a-number')).toMatchObject({ severity: 'warning', fix: 'X-RateLimit-Remaining: 12' })
    expect(only(lint('x-ratelimit-limit-requests: -1', 'x-ratelimit-remaining-tokens: 900'), 'not-a-number').severity).toBe('info')
  })

  it('duplicate-header: the same rate-limit header with two values, or twice the same line; list fields are not flagged', () => {
    const f = only(lint(DATE, 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 5', 'X-RateLimit-Remaining: 4'), 'duplicate-header')
    expect(f).toMatchObject({ severity: 'warning', header: 'X-RateLimit-Remaining', line: 4 })
    // An identical repeat is a duplicate (fetch reads "5, 5"), not a bad number.
    const same = lint(DATE, 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 5', 'X-RateLimit-Remaining: 5')
    expect(codes(same)).toEqual(['duplicate-header'])
    expect(same[0]).toMatchObject({ header: 'X-RateLimit-Remaining', line: 4, message: expect.stringContaining('same value (lines 3, 4)') })
    expect(corrected(DATE, 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 5', 'X-RateLimit-Remaining: 5')).toBe(dump(DATE, 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 5'))
    expect(lint(DATE, 'RateLimit-Policy: "a";q=10;w=1', 'RateLimit-Policy: "b";q=100;w=60', 'RateLimit: "a";r=9;t=1', 'RateLimit: "b";r=99;t=60')).toEqual([])
  })

  it('ietf-syntax: says where parsing stopped, and repairs bare-token names', () => {
    const broken = only(lint(DATE, 'RateLimit-Policy: "default";q=100;w=60', 'RateLimit: "default";r=50;;t=30'), 'ietf-syntax')
    expect(broken).toMatchObject({ severity: 'error', header: 'RateLimit', line: 3 })
    expect(broken.message).toMatch(/at character \d+ \(";"\)/)
    const token = only(lint(DATE, 'RateLimit-Policy: "default";q=100;w=60', 'RateLimit: default; r = 50; t = 30'), 'ietf-syntax')
    expect(token.fix).toBe('RateLimit: "default"; r=50; t=30')
    expect(only(lint(DATE, 'RateLimit-Policy: q=100 w=60'), 'ietf-syntax').header).toBe('RateLimit-Policy')
  })

  it('ietf-policy-missing: RateLimit without a policy, a name the policy lacks, a policy without q', () => {
    expect(only(lint(DATE, 'RateLimit: "default";r=50;t=30'), 'ietf-policy-missing')).toMatchObject({ severity: 'warning', header: 'RateLimit', line: 2 })
    expect(only(lint(DATE, 'RateLimit-Policy: "burst";q=10;w=1', 'RateLimit: "daily";r=50;t=30'), 'ietf-policy-missing').message).toContain('"daily"')
    expect(only(lint(DATE, 'RateLimit-Policy: "burst";w=1', 'RateLimit: "burst";r=5;t=1'), 'ietf-policy-missing')).toMatchObject({ severity: 'error', header: 'RateLimit-Policy' })
  })

  it('ietf-mixed-drafts: draft-06 and draft-08 fields that disagree; agreeing generations are fine', () => {
    const f = only(lint(DATE, 'RateLimit-Limit: 100', 'RateLimit-Remaining: 40', 'RateLimit-Reset: 30', 'RateLimit-Policy: "default";q=100;w=60', 'RateLimit: "default";r=50;t=30'), 'ietf-mixed-drafts')
    expect(f).toMatchObject({ severity: 'warning', header: 'RateLimit', line: 6 })
    expect(f.message).toContain('remaining 40 vs 50')
    expect(lint(DATE, 'RateLimit-Limit: 100', 'RateLimit-Remaining: 50', 'RateLimit-Reset: 30', 'RateLimit: limit=100, remaining=50, reset=30')).toEqual([])
  })

  it('ietf-not-yet-standard: PR #166 parameters (a, w on RateLimit, cost c) are warned about at their line, not errors', () => {
    const findings = lint('HTTP/2 200', DATE, 'content-type: application/json', 'ratelimit-policy: "tokens";q=40000;w=60;c=1, "requests";q=500;w=60', 'ratelimit: "tokens";r=39000;t=12;a=1000, "requests";r=499;t=12;w=60')
    expect(findings.every((f) => f.severity !== 'error'), JSON.stringify(findings)).toBe(true)
    const proposals = findings.filter((f) => f.code === 'ietf-not-yet-standard')
    expect(proposals.map((f) => [f.severity, f.header, f.line])).toEqual([['warning', 'ratelimit-policy', 4], ['warning', 'ratelimit', 5]])
    expect(proposals[0]?.message).toContain('ratelimit-policy: "tokens";q=40000;w=60;c=1, "requests";q=500;w=60')
    expect(proposals[0]?.message).toMatch(/c= is not yet standard/)
    expect(proposals[1]?.message).toMatch(/a=, w= are not yet standard/)
    expect(proposals[1]?.message).toContain('PR #166')
    expect(proposals[1]?.reference).toBe('draft-ietf-httpapi-ratelimit-headers-11')
  })

  it('ietf-not-yet-standard: a RateLimit-Partition field; the draft’s own pk, q, qu, w, r, t are clean', () => {
    const f = only(lint('HTTP/1.1 200 OK', DATE, 'RateLimit-Policy: "per-user";q=100;w=60;pk=:dXNlci0xMjM=:', 'RateLimit: "per-user";r=99;t=60;pk=:dXNlci0xMjM=:', 'RateLimit-Partition: "user-123"'), 'ietf-not-yet-standard')
    expect(f).toMatchObject({ severity: 'warning', header: 'RateLimit-Partition', line: 5 })
    expect(f.message).toContain('RateLimit-Partition: "user-123"')
    expect(f.message).toContain('not yet standard')
    expect(lint('HTTP/1.1 200 OK', DATE, 'RateLimit-Policy: "per-user";q=100;qu="requests";w=60;pk=:dXNlci0xMjM=:', 'RateLimit: "per-user";r=99;t=60;pk=:dXNlci0xMjM=:')).toEqual([])
  })

  it('not-exposed-to-browsers: names what is missing; * does not count with credentials', () => {
    const f = only(lint(DATE, 'Access-Control-Allow-Origin: https://app.example', 'Access-Control-Expose-Headers: ETag', 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 59', 'X-RateLimit-Reset: 1736849760'), 'not-exposed-to-browsers')
    expect(f).toMatchObject({ severity: 'warning', header: 'Access-Control-Expose-Headers', line: 3, fix: 'Access-Control-Expose-Headers: ETag, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset' })
    const star = lint(DATE, 'Access-Control-Allow-Origin: https://app.example', 'Access-Control-Allow-Credentials: true', 'Access-Control-Expose-Headers: *', 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 59', 'X-RateLimit-Reset: 1736849760')
    expect(only(star, 'not-exposed-to-browsers').fix).toBe('Access-Control-Expose-Headers: X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset')
  })

  it('reads HAR input, with lines pointing into the JSON', () => {
    const har = JSON.stringify({ log: { entries: [{ response: { status: 429, headers: [{ name: 'X-RateLimit-Limit', value: '60' }, { name: 'X-RateLimit-Remaining', value: '0' }] } }] } }, null, 2)
    const f = only(lintRateLimitHeaders(har, { now: NOW }), 'retry-after-missing')
    expect(f.severity).toBe('error')
  })

  it('orders errors before warnings before info', () => {
    const findings = lint('HTTP/1.1 429', DATE, 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 12.5', 'X-RateLimit-Reset: 60')
    const order = { error: 0, warning: 1, info: 2 }
    expect(findings.map((f) => order[f.severity])).toEqual([...findings.map((f) => order[f.severity])].sort())
  })
})

describe('correctRateLimitHeaders', () => {
  it('applies every concrete fix; the result lints clean', () => {
    const text = corrected('HTTP/1.1 429 Too Many Requests', DATE, 'X-RateLimit-Limit: 60', 'X-RateLimit-Limit: 100', 'X-RateLimit-Remaining: 0', 'X-RateLimit-Reset: 1736849760000', 'Access-Control-Allow-Origin: *')
    expect(text).toBe(dump('HTTP/1.1 429', DATE, 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 0', 'X-RateLimit-Reset: 1736849760', 'Access-Control-Allow-Origin: *', 'Retry-After: 60', 'Access-Control-Expose-Headers: X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After'))
    expect(lintRateLimitHeaders(text, { now: NOW })).toEqual([])
  })

  it('removes the older draft generation and repairs the syntax', () => {
    const text = corrected(DATE, 'RateLimit-Limit: 100', 'RateLimit-Remaining: 40', 'RateLimit-Policy: "default";q=100;w=60', 'RateLimit: "default";r=50;t=30')
    expect(text).toBe(dump(DATE, 'RateLimit-Policy: "default";q=100;w=60', 'RateLimit: "default";r=50;t=30'))
    expect(corrected(DATE, 'RateLimit-Policy: "d";q=100;w=60', 'RateLimit: d;r=50;t=30')).toBe(dump(DATE, 'RateLimit-Policy: "d";q=100;w=60', 'RateLimit: "d";r=50;t=30'))
  })

  it('returns the findings it cannot apply as manual', () => {
    const result = correctRateLimitHeaders(dump(DATE, 'RateLimit: "default";r=50;t=30'), { now: NOW })
    expect(result.applied).toBe(0)
    expect(result.manual.map((f) => f.code)).toEqual(['ietf-policy-missing'])
    expect(correctRateLimitHeaders('', { now: NOW })).toEqual({ text: '', applied: 0, manual: [] })
  })
})

describe('lintRateLimitHeaders: never throws', () => {
  const names = fc.constantFrom('retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-used', 'x-ratelimit-reset', 'ratelimit', 'ratelimit-policy', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'access-control-allow-origin', 'access-control-expose-headers', 'date', 'x-ratelimit-reset-after')
  const values = fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String), fc.double().map(String), fc.constantFrom('"a";r=1;t=2', '"a";q=5;w=0', 'limit=1, remaining=2, reset=3', '*', '1736849760000'))
  const paste = fc.tuple(fc.option(fc.constantFrom('HTTP/1.1 429', 'HTTP/2 200')), fc.array(fc.tuple(names, values), { maxLength: 12 }))
    .map(([status, lines]) => [...(status ? [status] : []), ...lines.map(([n, v]) => `${n}: ${v}`)].join('\n'))

  it('on any string and on header-shaped pastes, and its corrected text is well-formed', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), paste), fc.option(fc.integer({ min: 100, max: 599 }), { nil: undefined }), (input, status) => {
        const findings = lintRateLimitHeaders(input, { now: NOW, status })
        for (const f of findings) {
          expect(RATE_LIMIT_LINT_CODES).toContain(f.code)
          expect(f.message.length).toBeGreaterThan(0)
        }
        expect(typeof correctRateLimitHeaders(input, { now: NOW, status }).text).toBe('string')
      }),
      { numRuns: 300 },
    )
  })
})
