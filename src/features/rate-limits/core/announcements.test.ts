import { describe, expect, test } from 'vitest'
import { examples } from './examples.ts'
import { parseRateLimitHeaders } from './parse.ts'
import {
  CLEARED_TEXT,
  announcementFor,
  countdownSchedule,
  countdownTargets,
  exampleLoadedText,
  pasteSummary,
  quotaSummary,
  scheduledCrossings,
  thresholdCrossings,
  type CountdownTarget,
} from './announcements.ts'

const START = new Date('2025-01-14T10:15:00Z')

describe('result summary and action texts', () => {
  test('a paste is said in one sentence: count, then each quota with amount and reset; a passed reset says when', () => {
    const gh = parseRateLimitHeaders(['x-ratelimit-limit: 5000', 'x-ratelimit-remaining: 4987', `x-ratelimit-reset: ${START.getTime() / 1000 + 840}`, 'x-ratelimit-resource: core', 'x-ratelimit-used: 13'].join('\n'), START)
    expect(pasteSummary(gh, START.getTime())).toBe('1 quota: GitHub core 4,987 of 5,000 left, resets in 14 min.')
    expect(pasteSummary(gh, START.getTime() + 900_000)).toBe('1 quota: GitHub core 4,987 of 5,000 left, reset 1 min ago.')
    const x = parseRateLimitHeaders(examples.find((e) => e.id === 'x')?.text ?? '', START)
    expect(pasteSummary(x, START.getTime())).toMatch(/^3 quotas: X /)
    const limited = parseRateLimitHeaders('HTTP/1.1 429\nretry-after: 30', START)
    expect(pasteSummary(limited, START.getTime())).toBe('HTTP 429, rate limited. No quota headers, but a Retry-After.')
  })

  test('a problem+json body is said by its title after the status; a long pasted title is cut', () => {
    const problem = parseRateLimitHeaders(examples.find((e) => e.id === 'ietf-problem')?.text ?? '', START)
    expect(pasteSummary(problem, START.getTime())).toBe('HTTP 429, rate limited. Problem details: Request quota exceeded. 2 quotas: IETF RateLimit burst 0 of 100 left, resets in 30 s; IETF RateLimit daily 4,188 of 5,000 left, resets in 13 h 45 min.')
    const untitled = parseRateLimitHeaders('HTTP/1.1 503\ncontent-type: application/problem+json\nretry-after: 9\n\n{"type":"https://iana.org/assignments/http-problem-types#temporary-reduced-capacity"}', START)
    expect(pasteSummary(untitled, START.getTime())).toBe('Problem details: temporary reduced capacity. No quota headers, but a Retry-After.')
    const long = parseRateLimitHeaders(`HTTP/1.1 429\ncontent-type: application/problem+json\n\n{"title":"${'a'.repeat(500)}"}`, START)
    expect(pasteSummary(long, START.getTime())).toBe(`HTTP 429, rate limited. Problem details: ${'a'.repeat(120)}…. No rate-limit quota found.`)
  })

  test('counts quotas, and says when there is only a Retry-After', () => {
    expect(quotaSummary({ quotas: [], retryAfter: undefined })).toBe('No rate-limit quota found.')
    const retry = parseRateLimitHeaders('HTTP/1.1 429\nretry-after: 30', START)
    expect(retry.quotas).toEqual([])
    expect(quotaSummary(retry)).toBe('No quota headers, but a Retry-After.')
    const x = parseRateLimitHeaders(examples.find((e) => e.id === 'x')?.text ?? '', START)
    expect(quotaSummary(x)).toBe(`${x.quotas.length} quotas found; 1 near its limit.`)
    const one = parseRateLimitHeaders('x-ratelimit-limit: 60\nx-ratelimit-remaining: 59', START)
    expect(quotaSummary(one)).toBe('1 quota found.')
  })

  test('a loaded example is named with its summary; Clear is said', () => {
    const one = parseRateLimitHeaders('x-ratelimit-limit: 60\nx-ratelimit-remaining: 59', START)
    expect(exampleLoadedText('GitHub REST API', one, START.getTime())).toBe('Loaded the GitHub REST API example. 1 quota: Generic requests 59 of 60 left.')
    expect(CLEARED_TEXT).toBe('Cleared the headers.')
  })
})

describe('threshold announcements', () => {
  const target: CountdownTarget = { key: 'k', kind: 'reset', name: 'GitHub core', atMs: START.getTime() + 90_000 }

  test('the last minute and the reset are each said once', () => {
    const said = new Set<string>()
    const t = START.getTime()
    expect(thresholdCrossings([target], t, t + 1000, said)).toEqual([])
    expect(thresholdCrossings([target], t + 29_000, t + 30_000, said)).toEqual([{ target, threshold: 'minute' }])
    expect(thresholdCrossings([target], t + 29_000, t + 30_000, said)).toEqual([])
    expect(thresholdCrossings([target], t + 89_500, t + 90_500, said)).toEqual([{ target, threshold: 'reached' }])
    expect(thresholdCrossings([target], t + 89_500, t + 90_500, said)).toEqual([])
  })

  test('a jump over both thresholds says only that the reset was reached', () => {
    const t = START.getTime()
    expect(thresholdCrossings([target], t, t + 120_000, new Set())).toEqual([{ target, threshold: 'reached' }])
  })

  test('sentences combine quotas and mention Retry-After separately', () => {
    const other = { ...target, key: 'o', name: 'X endpoint' }
    const retry: CountdownTarget = { key: 'r', kind: 'retry', name: 'Retry-After', atMs: target.atMs }
    expect(announcementFor([{ target, threshold: 'minute' }])).toBe('1 minute left until GitHub core resets.')
    expect(announcementFor([{ target, threshold: 'minute' }, { target: other, threshold: 'minute' }])).toBe(
      '1 minute left until GitHub core and X endpoint reset.',
    )
    expect(announcementFor([{ target, threshold: 'reached' }, { target: retry, threshold: 'reached' }])).toBe(
      'Reset reached for GitHub core. Retry-After time reached: you may retry now.',
    )
    expect(announcementFor([])).toBe('')
  })

  test('targets keep their keys when the same paste is parsed again later', () => {
    const text = examples.find((e) => e.id === 'gitlab')?.text ?? ''
    const a = countdownTargets(parseRateLimitHeaders(text, START))
    const b = countdownTargets(parseRateLimitHeaders(text, new Date(START.getTime() + 5000)))
    expect(a.map((t) => t.key)).toEqual(b.map((t) => t.key))
    expect(a.map((t) => t.kind)).toEqual(['reset', 'retry'])
  })

  test('a schedule finds the same crossings as every target, tick by tick, a sleeping tab and Retry-After included', () => {
    const dump = [
      'HTTP/1.1 429 Too Many Requests',
      'retry-after: 75',
      ...Array.from({ length: 40 }, (_, q) => [`x-ratelimit-limit-q${q}: 100`, `x-ratelimit-remaining-q${q}: ${q}`, `x-ratelimit-reset-q${q}: ${30 + q * 4}`].join('\n')),
      ...(examples.find((e) => e.id === 'gitlab')?.text ?? '').split('\n').slice(1),
    ].join('\n')
    const report = parseRateLimitHeaders(dump, START)
    expect(report.quotas.length).toBeGreaterThan(40)
    const schedule = countdownSchedule(report)
    const targets = countdownTargets(report)
    const [saidBySchedule, saidByTargets] = [new Set<string>(), new Set<string>()]
    const t = START.getTime()
    // Every second for 4 minutes, then a jump of an hour (a tab that slept), then the same window again (said once).
    const windows = [...Array.from({ length: 240 }, (_, s) => [t + s * 1000, t + (s + 1) * 1000] as const), [t, t + 3_600_000] as const, [t + 10_000, t + 11_000] as const]
    let crossings = 0
    for (const [from, to] of windows) {
      const expected = thresholdCrossings(targets, from, to, saidByTargets)
      expect(scheduledCrossings(schedule, from, to, saidBySchedule)).toEqual(expected)
      crossings += expected.length
    }
    expect(crossings).toBeGreaterThan(60)
    expect([...saidBySchedule].sort()).toEqual([...saidByTargets].sort())
  })
})
