import { describe, expect, it } from 'vitest'
import { MAX_CHARTS, quotasToChart, shareLeft } from './rank.ts'
import type { TimelineProjection, TimelineQuota } from './types.ts'

const T = Date.parse('2025-01-14T12:00:00Z')
const quota = (key: string, remaining: number, limit: number | undefined, projection: TimelineProjection['kind'] = 'unknown'): Pick<TimelineQuota, 'key' | 'points' | 'projection'> => ({
  key,
  points: [{ at: new Date(T), remaining: limit ?? remaining, limit, status: 200, response: 1 }, { at: new Date(T + 1000), remaining, limit, status: 200, response: 2 }],
  projection: { kind: projection, sentence: '' } as TimelineProjection,
})

describe('which quotas are charted', () => {
  it('charts every quota up to the limit, in the order given', () => {
    const quotas = [quota('a', 90, 100), quota('b', 1, 100)]
    expect(quotasToChart(quotas).charted.map((q) => q.key)).toEqual(['a', 'b'])
    expect(quotasToChart(quotas).rest).toEqual([])
  })

  it('beyond it, charts those closest to running out and lists the rest, least left first', () => {
    const quotas = Array.from({ length: 1000 }, (_, i) => quota(`q${i}`, (i * 37) % 1000, 1000))
    const { charted, rest } = quotasToChart(quotas)
    expect(charted).toHaveLength(MAX_CHARTS)
    expect(rest).toHaveLength(1000 - MAX_CHARTS)
    const left = [...charted, ...rest].map(shareLeft)
    expect(left).toEqual([...left].sort((a, b) => a - b))
    expect(shareLeft(charted[0]!)).toBe(0)
  })

  it('reads the share left from the limit, or from the highest reading without one; a projected run-out comes first on a tie', () => {
    expect(shareLeft(quota('a', 25, 100))).toBe(0.25)
    expect(shareLeft(quota('b', 5, undefined))).toBe(1) // the first reading (5) is also the highest
    expect(shareLeft({ points: [] })).toBe(1)
    const tie = [quota('calm', 50, 100), quota('running-out', 50, 100, 'exhausts')]
    expect(quotasToChart(tie, 1).charted.map((q) => q.key)).toEqual(['running-out'])
  })
})
