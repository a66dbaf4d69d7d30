import { describe, expect, it } from 'vitest'
import { parseHttpDate, parseIsoDate, parseJsDateString } from './dates.ts'
import { parseGoDuration } from './duration.ts'
import { codes, dump, NOW, NOW_S, parse, quota, warningsOf } from './test-utils.ts'

describe('Go durations', () => {
  it.each([
    ['1s', 1000],
    ['6m0s', 360_000],
    ['12ms', 12],
    ['7.66s', 7660],
    ['2m59.56s', 179_560],
    ['1h2m3.5s', 3_723_500],
    ['120ms', 120],
    ['2.941s', 2941],
    ['500us', 0.5],
    ['500µs', 0.5],
    ['1500000ns', 1.5],
    ['0', 0],
    ['.5s', 500],
  ])('%s = %d ms', (text, ms) => {
    expect(parseGoDuration(text)).toBeCloseTo(ms, 9)
  })

  it.each(['', 's', '1', '1x', '1s2', '--1s', '1 s', 'Infinity'])('rejects %j', (text) => {
    expect(parseGoDuration(text)).toBeUndefined()
  })
})

describe('HTTP-date, all three forms', () => {
  const expected = Date.UTC(1994, 10, 6, 8, 49, 37)
  it('IMF-fixdate', () => expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT', NOW.getTime())).toBe(expected))
  it('RFC 850 (two-digit year, RFC 9110 50-year rule)', () => {
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', NOW.getTime())).toBe(expected)
    expect(parseHttpDate('Tuesday, 14-Jan-25 10:15:00 GMT', NOW.getTime())).toBe(NOW.getTime())
  })
  it('asctime', () => expect(parseHttpDate('Sun Nov  6 08:49:37 1994', NOW.getTime())).toBe(expected))
  it('rejects impossible dates and other text', () => {
    expect(parseHttpDate('Mon, 31 Feb 2025 10:00:00 GMT', 0)).toBeUndefined()
    expect(parseHttpDate('2025-01-14T10:15:00Z', 0)).toBeUndefined()
  })
})

describe('RFC 3339 and JS Date strings', () => {
  it('reads offsets, fractions and minute precision', () => {
    expect(parseIsoDate('2025-08-21T12:40:59Z')).toEqual({ ms: Date.UTC(2025, 7, 21, 12, 40, 59), assumedUtc: false })
    expect(parseIsoDate('2025-01-14T11:15:00.250+01:00')?.ms).toBe(NOW.getTime() + 250)
    expect(parseIsoDate('2025-01-14T10:15Z')?.ms).toBe(NOW.getTime())
    expect(parseIsoDate('2025-01-14T10:15:00')).toEqual({ ms: NOW.getTime(), assumedUtc: true })
  })
  it('reads Date.prototype.toString() output', () => {
    expect(parseJsDateString('Tue Jan 14 2025 11:15:00 GMT+0100 (Central European Standard Time)')).toBe(NOW.getTime())
  })
})

describe('every reset form through the parser', () => {
  const cases: [string, string, string, number][] = [
    ['epoch seconds (GitHub)', 'x-ratelimit-resource: core\nx-ratelimit-limit: 1', `x-ratelimit-reset: ${NOW_S + 90}`, 90_000],
    ['epoch seconds with decimals (Discord)', 'x-ratelimit-bucket: b\nx-ratelimit-limit: 1', `x-ratelimit-reset: ${NOW_S + 2}.5`, 2500],
    ['epoch milliseconds (Linear)', 'x-ratelimit-requests-limit: 1', `x-ratelimit-requests-reset: ${(NOW_S + 7) * 1000}`, 7000],
    ['seconds from now (IETF)', 'ratelimit-limit: 1', 'ratelimit-reset: 42', 42_000],
    ['seconds from now with decimals (Discord)', 'x-ratelimit-bucket: b\nx-ratelimit-limit: 1', 'x-ratelimit-reset-after: 64.57', 64_570],
    ['Go duration (OpenAI)', 'x-ratelimit-limit-requests: 1', 'x-ratelimit-reset-requests: 2m59.56s', 179_560],
    ['RFC 3339 (Anthropic)', 'anthropic-ratelimit-requests-limit: 1', 'anthropic-ratelimit-requests-reset: 2025-01-14T10:16:00Z', 60_000],
    ['HTTP-date (GitLab ResetTime)', 'ratelimit-observed: 1\nratelimit-limit: 2', 'ratelimit-resettime: Tue, 14 Jan 2025 10:15:30 GMT', 30_000],
  ]
  it.each(cases)('%s', (_name, head, reset, inMs) => {
    const r = parse(`${head}\n${reset}`)
    expect(r.quotas).toHaveLength(1)
    expect(r.quotas[0]?.resetInMs).toBe(inMs)
    expect(r.quotas[0]?.resetAt?.getTime()).toBe(NOW.getTime() + inMs)
  })

  it('reads a JavaScript Date string where a date is documented', () => {
    const q = quota(parse('anthropic-ratelimit-requests-limit: 1\nanthropic-ratelimit-requests-reset: Tue Jan 14 2025 10:16:00 GMT+0000 (Coordinated Universal Time)'), 'anthropic')
    expect(q.resetInMs).toBe(60_000)
  })

  it('reads a date where a number was documented, and warns', () => {
    const r = parse(dump('x-ratelimit-resource: core', 'x-ratelimit-limit: 1', 'x-ratelimit-reset: Tue, 14 Jan 2025 10:16:00 GMT'))
    expect(quota(r, 'github').resetInMs).toBe(60_000)
    expect(warningsOf(r, 'reset-guessed')[0]).toMatchObject({ line: 3, header: 'x-ratelimit-reset' })
  })

  it('assumes UTC for a zone-less ISO reset and says so', () => {
    const r = parse(dump('X-RateLimit-Limit: 10', 'X-RateLimit-Reset: 2025-01-14T10:20:00'))
    expect(quota(r, 'jira').resetInMs).toBe(300_000)
    expect(codes(r)).toContain('reset-timezone-assumed')
  })
})

describe('Date header: the age of a paste, and real clock skew', () => {
  it('an old paste: an absolute reset is the moment it names, so it has passed, and when is said', () => {
    // Captured at 03:54 with a reset at 04:24 UTC, pasted at 05:54.
    const pastedAt = new Date('2025-01-14T05:54:00Z')
    const reset = Date.UTC(2025, 0, 14, 4, 24) / 1000
    const r = parse(dump('date: Tue, 14 Jan 2025 03:54:00 GMT', 'x-ratelimit-resource: core', 'x-ratelimit-limit: 5000', 'x-ratelimit-remaining: 120', `x-ratelimit-reset: ${reset}`), pastedAt)
    expect(quota(r, 'github')).toMatchObject({ resetInMs: -90 * 60_000, resetAt: new Date(reset * 1000) })
    expect(warningsOf(r, 'reset-passed')).toEqual([
      { code: 'reset-passed', header: 'x-ratelimit-reset', line: 5, message: 'x-ratelimit-reset: the reset time 2025-01-14T04:24:00.000Z has passed (1 h 30 min ago); the quota has likely been refilled since.' },
    ])
    expect(warningsOf(r, 'old-response')).toEqual([{ code: 'old-response', header: 'date', line: 1, message: expect.stringContaining('sent 2 h ago') }])
    expect(codes(r)).not.toContain('clock-skew-corrected')
    // No advice to spread requests until a reset that is gone.
    expect(r.advice.map((a) => a.message).join(' ')).not.toMatch(/spread|until it resets/)
  })

  it('relative values count from the Date header: 60 s after a response sent 2 min 5 s ago passed 65 s ago', () => {
    const later = new Date(NOW.getTime() + 125_000)
    const r = parse(dump('Date: Tue, 14 Jan 2025 10:15:00 GMT', 'RateLimit-Limit: 10', 'RateLimit-Reset: 60'), later)
    expect(quota(r, 'ietf')).toMatchObject({ resetInMs: -65_000, resetAt: new Date(NOW.getTime() + 60_000) })
    expect(codes(r)).toEqual(['old-response', 'reset-passed'])
  })

  it('a fresh curl -i paste (Date a few seconds behind) says nothing about clocks', () => {
    const r = parse(dump('date: Tue, 14 Jan 2025 10:15:00 GMT', 'x-ratelimit-resource: core', 'x-ratelimit-limit: 10', `x-ratelimit-reset: ${NOW_S + 600}`), new Date(NOW.getTime() + 4_000))
    expect(codes(r)).toEqual([])
    expect(quota(r, 'github').resetInMs).toBe(596_000)
  })

  it('a Date ahead of now is real skew: absolute resets move back by it, and that is said', () => {
    const behind = new Date(NOW.getTime() - 125_000) // this computer's clock 2 min 5 s behind the server's
    const r = parse(dump('date: Tue, 14 Jan 2025 10:15:00 GMT', 'x-ratelimit-resource: core', 'x-ratelimit-limit: 10', `x-ratelimit-reset: ${NOW_S + 60}`), behind)
    expect(quota(r, 'github')).toMatchObject({ resetInMs: 60_000, resetAt: new Date(behind.getTime() + 60_000) })
    expect(warningsOf(r, 'clock-skew-corrected')).toEqual([
      { code: 'clock-skew-corrected', header: 'date', line: 1, message: expect.stringContaining('2 min 5 s ahead of this computer') },
    ])
  })

  it('without a Date header, uses this computer\'s clock', () => {
    const later = new Date(NOW.getTime() + 125_000)
    const q = quota(parse(dump('x-ratelimit-resource: core', 'x-ratelimit-limit: 10', `x-ratelimit-reset: ${NOW_S + 200}`), later), 'github')
    expect(q.resetInMs).toBe(75_000)
  })

  it('warns about an unreadable Date header', () => {
    expect(warningsOf(parse('Date: yesterday\nx-ratelimit-limit: 1'), 'invalid-date-header')[0]).toMatchObject({ header: 'Date', line: 1 })
  })
})

describe('Retry-After', () => {
  it.each([
    ['delay seconds', 'Retry-After: 120', 120],
    ['float seconds (Shopify)', 'Retry-After: 2.0', 2],
    ['IMF-fixdate', 'Retry-After: Tue, 14 Jan 2025 10:16:00 GMT', 60],
    ['RFC 850', 'Retry-After: Tuesday, 14-Jan-25 10:16:00 GMT', 60],
    ['asctime', 'Retry-After: Tue Jan 14 10:16:00 2025', 60],
  ])('%s', (_n, line, seconds) => {
    const r = parse(line)
    expect(r.retryAfter).toEqual({ seconds, at: new Date(NOW.getTime() + seconds * 1000), header: 'Retry-After' })
  })

  it('prefers retry-after-ms over retry-after', () => {
    expect(parse('retry-after: 2\nretry-after-ms: 1500').retryAfter).toMatchObject({ seconds: 1.5, header: 'retry-after-ms' })
  })

  it('an HTTP-date Retry-After names a moment: in an hour-old paste it has passed; a real skew moves it', () => {
    const old = parse('Date: Tue, 14 Jan 2025 10:15:00 GMT\nRetry-After: Tue, 14 Jan 2025 10:15:30 GMT', new Date(NOW.getTime() + 3_600_000))
    expect(old.retryAfter?.seconds).toBe(0)
    expect(warningsOf(old, 'retry-after-passed')[0]?.message).toContain('has passed (59 min 30 s ago)')
    const skewed = parse('Date: Tue, 14 Jan 2025 10:15:00 GMT\nRetry-After: Tue, 14 Jan 2025 10:15:30 GMT', new Date(NOW.getTime() - 60_000))
    expect(skewed.retryAfter?.seconds).toBe(30)
    expect(codes(skewed)).toContain('clock-skew-corrected')
  })

  it('Retry-After seconds count from the Date header', () => {
    const r = parse('Date: Tue, 14 Jan 2025 10:15:00 GMT\nRetry-After: 120', new Date(NOW.getTime() + 600_000))
    expect(r.retryAfter?.at).toEqual(new Date(NOW.getTime() + 120_000))
    expect(codes(r)).toContain('retry-after-passed')
  })

  it('warns on a past date, a negative and an unreadable value', () => {
    const past = parse('Retry-After: Tue, 14 Jan 2025 10:00:00 GMT')
    expect(past.retryAfter?.seconds).toBe(0)
    expect(codes(past)).toContain('retry-after-passed')
    expect(codes(parse('Retry-After: -5'))).toEqual(['no-rate-limit-headers', 'negative'])
    expect(warningsOf(parse('Retry-After: soon'), 'invalid-retry-after')[0]).toMatchObject({ line: 1, header: 'Retry-After' })
  })
})
