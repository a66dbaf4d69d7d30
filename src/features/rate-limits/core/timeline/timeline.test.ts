import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dump } from '../test-utils.ts'
import { buildRateLimitTimeline } from './build.ts'
import { sampleHar } from './sample-har.ts'

const T = Date.parse('2025-01-14T12:00:00Z')
const NOW = new Date(T)
const build = (input: string) => buildRateLimitTimeline(input, { now: NOW })

/** A `curl -i` block at `offsetS` seconds after {@link T}. */
function curlBlock(offsetS: number, remaining: number, opts: { status?: number; resetS?: number } = {}): string {
  const status = opts.status ?? 200
  return dump(
    `HTTP/2 ${status}`,
    `date: ${new Date(T + offsetS * 1000).toUTCString()}`,
    'x-ratelimit-limit: 60',
    `x-ratelimit-remaining: ${remaining}`,
    `x-ratelimit-reset: ${Math.floor(T / 1000) + (opts.resetS ?? 400)}`,
    ...(status === 429 ? ['retry-after: 30'] : []),
    '',
    '{"ok":true}',
    '',
  )
}

describe('buildRateLimitTimeline: inputs', () => {
  it('reads a HAR file: one point per entry at start + duration, the quota keyed like the parser', () => {
    const tl = build(sampleHar({ startMs: T, count: 30 }))
    expect(tl.source).toBe('har')
    expect(tl.quotas).toHaveLength(1)
    const q = tl.quotas[0]
    expect(q?.key).toBe('github|core|core')
    expect(q?.points).toHaveLength(30)
    expect(q?.points[0]).toMatchObject({ remaining: 99, limit: 100, status: 200, response: 1 })
    expect(q?.points[0]?.at.toISOString()).toBe('2025-01-14T12:00:00.120Z')
    expect(q?.rate?.perMinute).toBeCloseTo(30, 6)
    expect(q?.projection).toMatchObject({ kind: 'within' })
    expect(q?.projection.sentence).toBe('At 30 requests/min you stay within the limit: the reset at 12:01:00 UTC comes 2 min 18 s before you would run out.')
    expect(tl.notices).toEqual([])
  })

  it('projects exhaustion before the reset, with the sentence the issue asks for', () => {
    const q = build(sampleHar({ startMs: T, count: 80, intervalMs: 500 })).quotas[0]
    expect(q?.projection).toMatchObject({ kind: 'exhausts', perMinute: 120 })
    expect(q?.projection.sentence).toBe('At 120 requests/min you run out at 12:00:49 UTC, 10 s before the reset at 12:01:00 UTC.')
  })

  it('reads several curl -i blocks (a proxy block skipped), each timed by its Date', () => {
    const text = ['HTTP/1.1 200 Connection established', '', curlBlock(0, 50), curlBlock(60, 40), curlBlock(120, 30)].join('\n')
    const tl = build(text)
    expect(tl.source).toBe('curl')
    expect(tl.responses).toHaveLength(3)
    const q = tl.quotas[0]
    expect(q?.points.map((p) => p.remaining)).toEqual([50, 40, 30])
    expect(q?.projection.sentence).toBe('At 10 requests/min you run out at 12:05:00 UTC, 1 min 40 s before the reset at 12:06:40 UTC.')
  })

  it('reads header blocks separated by blank lines, each with a Date', () => {
    const block = (s: number, r: number) => dump(`Date: ${new Date(T + s * 1000).toUTCString()}`, 'RateLimit-Policy: "api";q=100;w=60', `RateLimit: "api";r=${r};t=${120 - s}`)
    const tl = build([block(0, 90), block(10, 80), block(20, 70)].join('\n\n'))
    expect(tl.source).toBe('header-blocks')
    expect(tl.quotas[0]).toMatchObject({ family: 'ietf', label: 'api' })
    expect(tl.quotas[0]?.projection).toMatchObject({ kind: 'exhausts', perMinute: 60 })
    expect(tl.quotas[0]?.projection.sentence).toBe('At 60 requests/min you run out at 12:01:30 UTC, 30 s before the reset at 12:02:00 UTC.')
  })

  it('sorts out-of-order responses and says so', () => {
    const tl = build(sampleHar({ startMs: T, count: 10, order: (i, n) => n - 1 - i }))
    expect(tl.notices.map((n) => n.code)).toEqual(['sorted'])
    expect(tl.notices[0]?.message).toContain('sorted by time')
    const times = tl.quotas[0]?.points.map((p) => p.at.getTime()) ?? []
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(tl.quotas[0]?.points[0]?.response).toBe(10)
  })

  it('refuses responses without any time with a clear message; leaves out the untimed ones of a mixed paste', () => {
    const untimed = build(dump('HTTP/2 200', 'x-ratelimit-limit: 60', 'x-ratelimit-remaining: 5', '', 'HTTP/2 200', 'x-ratelimit-limit: 60', 'x-ratelimit-remaining: 4'))
    expect(untimed.refused).toMatch(/None of the 2 responses has a time/)
    expect(untimed.quotas).toEqual([])
    const mixed = build([curlBlock(0, 50), dump('HTTP/2 200', 'x-ratelimit-limit: 60', 'x-ratelimit-remaining: 45', ''), curlBlock(60, 40)].join('\n'))
    expect(mixed.refused).toBeUndefined()
    expect(mixed.notices[0]).toMatchObject({ code: 'entries-without-time' })
    expect(mixed.notices[0]?.message).toContain('1 response without a time')
    expect(mixed.quotas[0]?.points).toHaveLength(2)
  })

  it('refuses JSON that is not a HAR, and says when nothing was pasted', () => {
    expect(build('{"log": {}}').refused).toMatch(/not a HAR file/)
    expect(build('{ not json').refused).toMatch(/not valid JSON/)
    expect(build('').notices.map((n) => n.code)).toEqual(['no-responses'])
    expect(build(dump(`Date: ${NOW.toUTCString()}`, 'content-type: text/html')).notices.map((n) => n.code)).toEqual(['no-quotas'])
  })
})

describe('buildRateLimitTimeline: resets, 429s, too few points', () => {
  it('detects resets inside the window at the stated reset time, and measures the pace since the last one', () => {
    const q = build(sampleHar({ startMs: T, count: 200, intervalMs: 1000, limit: 50 })).quotas[0]
    expect(q?.resets.map((d) => d.toISOString())).toEqual(['2025-01-14T12:01:00.000Z', '2025-01-14T12:02:00.000Z', '2025-01-14T12:03:00.000Z'])
    expect(q?.rate?.from.toISOString()).toBe('2025-01-14T12:03:00.120Z')
    expect(q?.projection.sentence).toBe('At 60 requests/min you run out at 12:03:49 UTC, 10 s before the reset at 12:04:00 UTC.')
  })

  it('marks 429 responses and says when the quota ran out', () => {
    const tl = build([curlBlock(0, 2), curlBlock(10, 1), curlBlock(20, 0, { status: 429 }), curlBlock(30, 0, { status: 429 })].join('\n'))
    const q = tl.quotas[0]
    expect(q?.throttled.map((p) => p.at.toISOString())).toEqual(['2025-01-14T12:00:20.000Z', '2025-01-14T12:00:30.000Z'])
    expect(tl.responses.filter((r) => r.status === 429)).toHaveLength(2)
    expect(q?.projection).toMatchObject({ kind: 'exhausted' })
    expect(q?.projection.sentence).toBe('You ran out at 12:00:20 UTC; requests are allowed again after the reset at 12:06:40 UTC.')
  })

  it('needs two points for a pace', () => {
    const q = build(curlBlock(0, 50)).quotas[0]
    expect(q?.points).toHaveLength(1)
    expect(q?.projection).toEqual({ kind: 'unknown', sentence: 'One response is not enough to measure a pace: paste at least two responses of this quota.' })
    const same = build([curlBlock(0, 50), curlBlock(0, 49)].join('\n')).quotas[0]
    expect(same?.projection.kind).toBe('unknown')
  })

  it('writes clock times in the given time zone', () => {
    const q = buildRateLimitTimeline(sampleHar({ startMs: T, count: 80, intervalMs: 500 }), { now: NOW, timeZone: 'Europe/Berlin' }).quotas[0]
    expect(q?.projection.sentence).toBe('At 120 requests/min you run out at 13:00:49, 10 s before the reset at 13:01:00.')
  })
})

describe('buildRateLimitTimeline: properties', () => {
  it('never predicts exhaustion when remaining never falls', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3600 }), fc.integer({ min: 0, max: 50 })), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 5000 }),
        (steps, start) => {
          // Increasing times; remaining starts anywhere above 0 and only stays or rises.
          let s = 0
          let r = start
          const blocks = steps.map(([dt, up]) => {
            s += dt
            r += up
            return dump(`Date: ${new Date(T + s * 1000).toUTCString()}`, 'x-ratelimit-limit: 100000', `x-ratelimit-remaining: ${r}`, 'x-ratelimit-used: 0', 'x-ratelimit-resource: core', `x-ratelimit-reset: ${Math.floor(T / 1000) + s + 30}`)
          })
          for (const q of build(blocks.join('\n\n')).quotas) expect(q.projection.kind).not.toBe('exhausts')
        },
      ),
      { numRuns: 200 },
    )
  })

  it('never throws on any string, and every date it returns is valid', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.constantFrom(sampleHar({ startMs: T, count: 3 }))), (input) => {
        const tl = build(input)
        for (const r of tl.responses) expect(Number.isFinite(r.at.getTime())).toBe(true)
        for (const q of tl.quotas) for (const p of q.points) expect(Number.isFinite(p.at.getTime())).toBe(true)
      }),
      { numRuns: 300 },
    )
  })
})
