import { describe, expect, it } from 'vitest'
import { buildRateLimitTimeline } from './build.ts'
import { packTimeline, unpackTimeline, packedBuffers } from './pack.ts'
import { sampleHar } from './sample-har.ts'

const T = Date.parse('2025-01-14T12:00:00Z')
const build = (text: string) => buildRateLimitTimeline(text, { now: new Date(T), timeZone: 'UTC' })

describe('packTimeline / unpackTimeline', () => {
  it('round-trips a timeline with resets, 429s, limits and reset times', () => {
    const timeline = build(sampleHar({ startMs: T, count: 200, intervalMs: 1000, limit: 50 }))
    expect(timeline.quotas[0]?.throttled.length).toBeGreaterThan(0)
    const packed = packTimeline(timeline)
    const copy = unpackTimeline(structuredClone(packed, { transfer: packedBuffers(packed) }))
    expect(copy).toEqual(timeline)
    // 429 points are the points themselves, as in the original.
    const q = copy.quotas[0]
    expect(q?.throttled.every((p) => q.points.includes(p))).toBe(true)
  })

  it('round-trips points without a limit, reset or status, refusals and empty timelines', () => {
    const blocks = ['Date: Tue, 14 Jan 2025 12:00:00 GMT\nx-ratelimit-remaining: 5', 'Date: Tue, 14 Jan 2025 12:01:00 GMT\nx-ratelimit-remaining: 4'].join('\n\n')
    for (const text of [blocks, '', 'HTTP/2 200\nx-ratelimit-remaining: 5']) {
      const timeline = build(text)
      const copy = unpackTimeline(packTimeline(timeline))
      expect(copy).toEqual(timeline)
      for (const [a, b] of copy.quotas.flatMap((q, i) => q.points.map((p, j) => [p, timeline.quotas[i]?.points[j]] as const))) {
        expect(Object.keys(a).sort()).toEqual(Object.keys(b ?? {}).filter((k) => (b as unknown as Record<string, unknown>)[k] !== undefined).sort())
      }
    }
  })
})
