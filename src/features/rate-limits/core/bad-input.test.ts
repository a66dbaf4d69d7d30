import { describe, expect, it } from 'vitest'
import { dump, NOW_S, parse, quota, warningsOf } from './test-utils.ts'
import { growthRatio, LINEAR_RATIO_BOUND } from '@/shared/testing/scaling'

const GH = 'x-ratelimit-resource: core'

describe('bad input gives a specific warning with line and header', () => {
  it('non-numeric value', () => {
    const r = parse(dump(GH, 'x-ratelimit-limit: lots', 'x-ratelimit-remaining: 10'))
    expect(warningsOf(r, 'non-numeric')).toEqual([
      { code: 'non-numeric', header: 'x-ratelimit-limit', line: 2, message: 'x-ratelimit-limit: "lots" is not a number, so the limit is unknown.' },
    ])
    expect(quota(r, 'github')).toMatchObject({ remaining: 10 })
    expect(quota(r, 'github').limit).toBeUndefined()
    expect(quota(r, 'github').remainingPercent).toBeUndefined()
  })

  it.each(['0x10', '1e3', 'Infinity', 'NaN', '', '1,000'])('rejects the non-decimal %j rather than coercing it', (value) => {
    const r = parse(dump(GH, `x-ratelimit-limit: ${value}`, 'x-ratelimit-remaining: 1'))
    expect(warningsOf(r, 'non-numeric')).toHaveLength(1)
    expect(quota(r, 'github').limit).toBeUndefined()
  })

  it('negative value', () => {
    const r = parse(dump(GH, 'x-ratelimit-limit: 60', 'x-ratelimit-remaining: -3'))
    expect(warningsOf(r, 'negative')).toEqual([
      { code: 'negative', header: 'x-ratelimit-remaining', line: 3, message: 'x-ratelimit-remaining: -3 is negative, which no remaining count can be; ignored.' },
    ])
    expect(quota(r, 'github').remaining).toBeUndefined()
  })

  it('negative reset', () => {
    expect(warningsOf(parse(dump('RateLimit-Limit: 5', 'RateLimit-Reset: -10')), 'negative')[0]).toMatchObject({ header: 'RateLimit-Reset', line: 2 })
  })

  it('remaining greater than limit: no percentages', () => {
    const r = parse(dump(GH, 'x-ratelimit-limit: 60', 'x-ratelimit-remaining: 75'))
    expect(warningsOf(r, 'remaining-exceeds-limit')).toEqual([
      { code: 'remaining-exceeds-limit', header: 'x-ratelimit-remaining', line: 3, message: expect.stringContaining('75 remaining is more than the limit of 60') },
    ])
    const q = quota(r, 'github')
    expect([q.usedPercent, q.remainingPercent, q.used]).toEqual([undefined, undefined, undefined])
  })

  it('used greater than limit (Shopify 45/40)', () => {
    const r = parse('X-Shopify-Shop-Api-Call-Limit: 45/40')
    expect(warningsOf(r, 'used-exceeds-limit')[0]).toMatchObject({ header: 'X-Shopify-Shop-Api-Call-Limit', line: 1 })
    expect(quota(r, 'shopify').remaining).toBeUndefined()
  })

  it('limit 0', () => {
    const r = parse(dump(GH, 'x-ratelimit-limit: 0', 'x-ratelimit-remaining: 0'))
    expect(warningsOf(r, 'limit-zero')).toEqual([
      { code: 'limit-zero', header: 'x-ratelimit-limit', line: 2, message: expect.stringContaining('the limit is 0') },
    ])
    expect(quota(r, 'github').remainingPercent).toBeUndefined()
  })

  it('reset in the past', () => {
    const r = parse(dump(GH, 'x-ratelimit-limit: 60', `x-ratelimit-reset: ${NOW_S - 30}`))
    expect(warningsOf(r, 'reset-passed')).toEqual([
      { code: 'reset-passed', header: 'x-ratelimit-reset', line: 3, message: 'x-ratelimit-reset: the reset time 2025-01-14T10:14:30.000Z has passed (30 s ago); the quota has likely been refilled since.' },
    ])
    expect(quota(r, 'github').resetInMs).toBe(-30_000)
  })

  it('unreadable and out-of-range resets', () => {
    expect(warningsOf(parse(dump('x-ratelimit-limit-requests: 5', 'x-ratelimit-reset-requests: soon')), 'invalid-reset')[0]).toMatchObject({ line: 2 })
    const huge = parse(dump(GH, 'x-ratelimit-limit: 5', `x-ratelimit-reset: ${'9'.repeat(30)}`))
    expect(warningsOf(huge, 'invalid-reset')[0]).toMatchObject({ line: 3, message: expect.stringContaining('out of the range') })
    expect(quota(huge, 'github').resetAt).toBeUndefined()
    // Structured fields cap integers at 15 digits, so the IETF field is malformed rather than out of range.
    expect(warningsOf(parse(dump('RateLimit-Limit: 5', `RateLimit-Reset: ${'9'.repeat(30)}`)), 'malformed-structured-field')).toHaveLength(1)
  })

  it('duplicated headers are combined with ", " like fetch, and reported', () => {
    const r = parse(dump(GH, 'x-ratelimit-limit: 60', 'X-RateLimit-Limit: 60', 'x-ratelimit-remaining: 5'))
    expect(warningsOf(r, 'duplicate-header')).toEqual([
      {
        code: 'duplicate-header',
        header: 'x-ratelimit-limit',
        line: 2,
        message: 'x-ratelimit-limit appears 2 times (lines 2, 3); the values were combined as "60, 60", as fetch does.',
      },
    ])
    expect(warningsOf(r, 'non-numeric')[0]?.message).toContain('"60, 60"')
    // As pasted, both lines stay visible.
    expect(r.headers.filter((h) => h.name.toLowerCase() === 'x-ratelimit-limit')).toHaveLength(2)
  })

  it('does not report duplicates of headers it never reads', () => {
    expect(warningsOf(parse(dump('Vary: Accept', 'Vary: Origin', GH, 'x-ratelimit-limit: 1')), 'duplicate-header')).toEqual([])
  })

  it('a reset form guessed by magnitude says so', () => {
    const r = parse(dump('RateLimit-Limit: 100', `RateLimit-Reset: ${NOW_S + 10}`))
    expect(quota(r, 'ietf').resetInMs).toBe(10_000)
    expect(warningsOf(r, 'reset-guessed')).toEqual([
      {
        code: 'reset-guessed',
        header: 'RateLimit-Reset',
        line: 2,
        message: `RateLimit-Reset: the reset form is documented as seconds from now; ${NOW_S + 10} was read as a Unix time in seconds from its magnitude (an assumption).`,
      },
    ])
  })

  it('an invalid now falls back to the clock and says so', () => {
    const r = parse('RateLimit-Limit: 1\nRateLimit-Reset: 5', new Date(Number.NaN))
    expect(warningsOf(r, 'invalid-now')).toHaveLength(1)
    expect(Number.isFinite(quota(r, 'ietf').resetAt?.getTime())).toBe(true)
  })

  it('never throws on a non-string at runtime', () => {
    expect(parse(undefined as unknown as string).warnings[0]?.code).toBe('empty-input')
  })
})

// A hostile server (the GraphQL tester parses its exposed headers) or a paste froze the tab
// with inputs that made a regex backtrack quadratically. Each is now one linear pass.
describe('hostile input stays linear', () => {
  it('X-Shopify-Shop-Api-Call-Limit: 1<200,000 spaces>x (was 11 s) is refused with a located warning', () => {
    const result = parse(`X-Shopify-Shop-Api-Call-Limit: 1${' '.repeat(200_000)}x`)
    expect(growthRatio(20_000, (n) => `X-Shopify-Shop-Api-Call-Limit: 1${' '.repeat(n)}x`, parse)).toBeLessThan(LINEAR_RATIO_BOUND)
    expect(warningsOf(result, 'non-numeric')).toMatchObject([{ header: 'X-Shopify-Shop-Api-Call-Limit', line: 1 }])
  })

  it('still reads used/limit with spaces around the slash', () => {
    expect(quota(parse('X-Shopify-Shop-Api-Call-Limit:  32 / 40 '), 'shopify')).toMatchObject({ used: 32, limit: 40, remaining: 8 })
  })

  it('a 100 KB line of trailing spaces (/\\s+$/ took ~4 s) and a 100 KB run of tabs after a name', () => {
    expect(growthRatio(10_000, (n) => `x-ratelimit-limit: 1${' '.repeat(n)}x\n`, parse)).toBeLessThan(LINEAR_RATIO_BOUND)
    expect(growthRatio(10_000, (n) => `x-ratelimit-limit${'\t'.repeat(n)}x`, parse)).toBeLessThan(LINEAR_RATIO_BOUND)
    expect(growthRatio(5_000, (n) => `x-ratelimit-limit:${' \t'.repeat(n)}`, parse)).toBeLessThan(LINEAR_RATIO_BOUND)
  })

  it('-1 on a 429 is not read as "no limit applies"', () => {
    const r = parse(dump('HTTP/1.1 429 Too Many Requests', 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: -1'))
    const [w] = warningsOf(r, 'unlimited')
    expect(w).toMatchObject({ header: 'X-RateLimit-Remaining', line: 3 })
    expect(w?.message).toContain('cannot mean "no limit applies"')
  })
})
