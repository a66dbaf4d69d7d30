import { describe, expect, it } from 'vitest'
import { answerRequest, measureInput, readingStatus, resultOf, runRateLimitJob, type RateLimitWorkerMessage } from './jobs.ts'
import { parseRateLimitHeaders } from './parse.ts'
import { buildRateLimitTimeline } from './timeline/index.ts'
import { lintRateLimitHeaders } from './lint/index.ts'
import { sampleHar } from './timeline/sample-har.ts'
import { dump } from './test-utils.ts'
import { PART_ITEMS, ResultAssembler } from './result-parts.ts'
import { headerUsesOf } from './header-uses.ts'

const T = Date.parse('2025-01-14T12:00:00Z')
const AT = new Date(T)
const HEADERS = dump('HTTP/1.1 429 Too Many Requests', 'x-ratelimit-limit: 60', 'x-ratelimit-remaining: 0', `x-ratelimit-reset: ${T / 1000 + 30}`)

describe('runRateLimitJob', () => {
  it('gives what the core functions give, for each kind', () => {
    expect(runRateLimitJob({ kind: 'report', text: HEADERS, at: AT })).toEqual(parseRateLimitHeaders(HEADERS, AT))
    const lint = runRateLimitJob({ kind: 'lint', text: HEADERS, at: AT })
    expect(lint.findings).toEqual(lintRateLimitHeaders(HEADERS, { now: AT }))
    expect(lint.findings.map((f) => f.code)).toContain('retry-after-missing')
    expect(lint.corrected.text).toContain('Retry-After: 30')
    const har = sampleHar({ startMs: T, count: 20 })
    expect(runRateLimitJob({ kind: 'timeline', text: har, at: AT, timeZone: 'UTC' })).toEqual(buildRateLimitTimeline(har, { now: AT, timeZone: 'UTC' }))
  })

  it('gives results that survive structured cloning unchanged (what the worker sends back)', () => {
    const har = sampleHar({ startMs: T, count: 30, intervalMs: 500 })
    for (const job of [
      { kind: 'report', text: HEADERS, at: AT },
      { kind: 'lint', text: HEADERS, at: AT },
      { kind: 'timeline', text: har, at: AT, timeZone: 'Europe/Paris' },
    ] as const) {
      const result = runRateLimitJob(job)
      expect(structuredClone(result)).toEqual(result)
    }
  })
})

describe('measureInput and readingStatus', () => {
  it('counts lines, and HAR entries when the text is a HAR', () => {
    expect(measureInput('')).toEqual({ chars: 0, lines: 0 })
    expect(measureInput('a: 1')).toEqual({ chars: 4, lines: 1 })
    expect(measureInput('a: 1\nb: 2\n')).toEqual({ chars: 10, lines: 3 })
    const har = sampleHar({ startMs: T, count: 1234 })
    expect(measureInput(har).harEntries).toBe(1234)
    expect(measureInput('{"not": "a har"}').harEntries).toBeUndefined()
  })

  it('says what is being read in words', () => {
    expect(readingStatus({ chars: 18_300_000 })).toBe('Reading 18 MB…')
    expect(readingStatus({ chars: 2_500_000 })).toBe('Reading 2.5 MB…')
    expect(readingStatus({ chars: 10, lines: 50_000 })).toBe('Reading 50,000 lines…')
    expect(readingStatus({ chars: 10, lines: 1 })).toBe('Reading 1 line…')
    expect(readingStatus({ chars: 10, lines: 300_000, harEntries: 10_000 })).toBe('Reading 10,000 entries…')
    expect(readingStatus({ chars: 10, lines: 30, harEntries: 1 })).toBe('Reading 1 entry…')
  })
})

describe('answerRequest (the worker protocol)', () => {
  it('posts the input size first, then the result, under the request id; a timeline packed, with its buffers to transfer', () => {
    const posted: [RateLimitWorkerMessage, ArrayBuffer[] | undefined][] = []
    const har = sampleHar({ startMs: T, count: 40 })
    answerRequest({ id: 7, job: { kind: 'timeline', text: har, at: AT, timeZone: 'UTC' } }, (m, transfer) => posted.push([m, transfer]))
    expect(posted.map(([m]) => [m.id, m.type])).toEqual([
      [7, 'size'],
      [7, 'timeline'],
    ])
    expect(posted[0]?.[0]).toMatchObject({ size: { harEntries: 40 } })
    const [message, transfer] = posted[1] ?? []
    expect(transfer?.length).toBeGreaterThan(0)
    // As the browser delivers it: cloned, the buffers moved.
    const delivered = structuredClone(message, { transfer }) as Extract<RateLimitWorkerMessage, { type: 'timeline' }>
    expect(resultOf(delivered)).toEqual(buildRateLimitTimeline(har, { now: AT, timeZone: 'UTC' }))

    posted.length = 0
    answerRequest({ id: 8, job: { kind: 'report', text: HEADERS, at: AT } }, (m, t) => posted.push([m, t]))
    const small = parseRateLimitHeaders(HEADERS, AT)
    const uses = headerUsesOf(small.headers, small.quotas, small.retryAfter?.header)
    expect(posted[1]).toEqual([{ id: 8, type: 'result', result: { ...small, headerUses: uses } }, [expect.any(ArrayBuffer)]])
  })

  it('sends a report with many headers and quotas in parts of at most PART_ITEMS items, joined into the same report', () => {
    const text = Array.from({ length: 3 * 4000 }, (_, i) => `x-ratelimit-${['limit', 'remaining', 'reset'][i % 3]}-q${Math.floor(i / 3)}: ${[100, 7, 30][i % 3]}`).join('\n')
    const posted: RateLimitWorkerMessage[] = []
    // As the browser delivers each message: cloned.
    answerRequest({ id: 9, job: { kind: 'report', text, at: AT } }, (m) => posted.push(structuredClone(m)))
    const largest = Math.max(...posted.map((m) => Math.max(0, ...Object.values(m.type === 'result' ? m.result : m).map((v) => (Array.isArray(v) ? v.length : 0)))))
    expect(largest).toBeLessThanOrEqual(PART_ITEMS)
    expect(posted.map((m) => m.type)).toEqual(['size', ...Array<string>(posted.length - 2).fill('part'), 'result'])
    const parts = new ResultAssembler()
    let report: unknown
    for (const m of posted) {
      if (m.type === 'part') parts.add(m)
      else if (m.type === 'result') report = parts.join(resultOf(m))
    }
    const expected = parseRateLimitHeaders(text, AT)
    expect(expected.headers).toHaveLength(12_000)
    expect(expected.quotas).toHaveLength(4000)
    expect(report).toEqual({ ...expected, headerUses: headerUsesOf(expected.headers, expected.quotas) })
  })

  it('takes each part in as it comes: the result is whole even if the parts are dropped before the rest comes', () => {
    const parts = new ResultAssembler()
    const first = { key: 'headers', items: [1, 2] }
    const second = { key: 'headers', items: [3] }
    const other = { key: 'quotas', items: ['a'] }
    for (const part of [first, other, second]) {
      parts.add(part)
      part.items.length = 0
    }
    expect(parts.join({ headers: [0], quotas: [], status: 200 })).toEqual({ headers: [0, 1, 2, 3], quotas: ['a'], status: 200 })
    // Joined once: a second result starts empty.
    expect(parts.join({ headers: [] })).toEqual({ headers: [] })
  })

  it('turns a thrown error into an error message, so the page is never left waiting', () => {
    const posted: RateLimitWorkerMessage[] = []
    // A text that throws when read stands in for a bug in a core function.
    const job = { kind: 'report', at: AT, get text(): string { throw new Error('boom') } } as unknown as Parameters<typeof runRateLimitJob>[0]
    answerRequest({ id: 1, job }, (m) => posted.push(m))
    expect(posted).toEqual([{ id: 1, type: 'error', message: 'boom' }])
  })
})
