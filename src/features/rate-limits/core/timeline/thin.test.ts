import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { labelledMarks, marksToDraw, pointsToDraw } from './thin.ts'
import type { TimelinePoint } from './types.ts'

const T = Date.parse('2025-01-14T12:00:00Z')
const point = (i: number, remaining: number, status = 200): TimelinePoint => ({ at: new Date(T + i * 1000), remaining, limit: 100, status, response: i + 1 })

describe('pointsToDraw', () => {
  it('keeps every point when there are at most four per column', () => {
    const points = Array.from({ length: 40 }, (_, i) => point(i, 100 - i))
    expect(pointsToDraw(points, 10)).toEqual(points)
    expect(pointsToDraw([], 10)).toEqual([])
  })

  it('keeps at most four points per column plus the 429s, with each column’s extremes, in time order', () => {
    // A saw-tooth: falls from 100 to 0, refills, 10 times over 10,000 points; 429s while at 0.
    const points = Array.from({ length: 10_000 }, (_, i) => {
      const r = 100 - (i % 1000) / 10
      return point(i, Math.max(0, Math.floor(r) - 5), r < 6 ? 429 : 200)
    })
    const drawn = pointsToDraw(points, 100)
    const throttled = points.filter((p) => p.status === 429)
    expect(drawn.length).toBeLessThanOrEqual(400 + throttled.length)
    expect(drawn.length).toBeLessThan(points.length / 5)
    expect(drawn[0]).toBe(points[0])
    expect(drawn.at(-1)).toBe(points.at(-1))
    for (const p of throttled) expect(drawn).toContain(p)
    // Every refill (a jump up) keeps its low before and its high after.
    const minRemaining = Math.min(...points.map((p) => p.remaining))
    const maxRemaining = Math.max(...points.map((p) => p.remaining))
    expect(Math.min(...drawn.map((p) => p.remaining))).toBe(minRemaining)
    expect(drawn.filter((p) => p.remaining === maxRemaining)).toHaveLength(10)
    expect(drawn.map((p) => p.at.getTime())).toEqual([...drawn.map((p) => p.at.getTime())].sort((a, b) => a - b))
  })

  it('property: a subset in order, with the first, last, lowest and highest reading', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 2000 }), fc.integer({ min: 1, max: 50 }), (values, columns) => {
        const points = values.map((v, i) => point(i, v))
        const drawn = pointsToDraw(points, columns)
        let last = -1
        for (const p of drawn) {
          const index = points.indexOf(p)
          expect(index).toBeGreaterThan(last)
          last = index
        }
        expect(drawn[0]).toBe(points[0])
        expect(drawn.at(-1)).toBe(points.at(-1))
        expect(Math.min(...drawn.map((p) => p.remaining))).toBe(Math.min(...values))
        expect(Math.max(...drawn.map((p) => p.remaining))).toBe(Math.max(...values))
        expect(drawn.length).toBeLessThanOrEqual(Math.max(points.length <= columns * 4 ? points.length : 0, columns * 4))
      }),
    )
  })
})

describe('marksToDraw and labelledMarks', { timeout: 30_000 }, () => {
  it('keeps every mark up to the limit, then one per 4 px column, in order', () => {
    expect(marksToDraw([5, 5.5, 6], 300)).toEqual([5, 5.5, 6])
    const rising = Array.from({ length: 1_000_000 }, (_, i) => 56 + (i / 1_000_000) * 640)
    const drawn = marksToDraw(rising, 300)
    expect(drawn.length).toBeLessThanOrEqual(640 / 4 + 1)
    expect(drawn[0]).toBe(56)
    expect(drawn).toEqual([...drawn].sort((a, b) => a - b))
  })

  it('labels marks at least 48 px apart, starting with the first', () => {
    expect(labelledMarks([10, 30, 58, 100, 106, 200])).toEqual([true, false, true, false, true, true])
    expect(labelledMarks([])).toEqual([])
  })
})
