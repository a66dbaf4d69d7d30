/**
 * Fewer points for drawing a long timeline: a 10,000-reading line is drawn with at most four points per pixel
 * column, which looks the same and keeps the SVG path (and its paint) small. The slider and the table still walk
 * every point; only the drawn line is thinned.
 */
import type { TimelinePoint } from './types.ts'

/**
 * The readings worth drawing in `columns` pixel columns: per column (an equal slice of the time span) its first,
 * lowest, highest and last reading (M4 aggregation, Jugel et al., VLDB 2014), so every dip, refill and plateau
 * keeps its extremes; and every HTTP 429 reading. Points are expected in time order (as the timeline gives
 * them) and come back in that order; with at most four per column they come back as they are.
 *
 * @param points - the quota's readings, in time order.
 * @param columns - the plot's width in pixels (at least 1).
 */
export function pointsToDraw(points: readonly TimelinePoint[], columns: number): TimelinePoint[] {
  const n = Math.max(1, Math.floor(columns))
  if (points.length <= n * 4) return [...points]
  const lo = points[0]?.at.getTime() ?? 0
  const span = Math.max(1, (points.at(-1)?.at.getTime() ?? lo) - lo)
  const keep = new Uint8Array(points.length)
  let column = -1
  let first = 0
  let min = 0
  let max = 0
  const close = (last: number) => {
    keep[first] = keep[min] = keep[max] = keep[last] = 1
  }
  points.forEach((p, i) => {
    const c = Math.min(n - 1, Math.floor(((p.at.getTime() - lo) / span) * n))
    if (c !== column) {
      if (column >= 0) close(i - 1)
      column = c
      first = min = max = i
    }
    if (p.remaining < (points[min]?.remaining ?? Infinity)) min = i
    if (p.remaining > (points[max]?.remaining ?? -Infinity)) max = i
    if (p.status === 429) keep[i] = 1
  })
  close(points.length - 1)
  return points.filter((_, i) => keep[i] === 1)
}

/**
 * The marks worth drawing at x positions `xs` (px): all of them up to `max`, beyond that one per `gap`-px
 * column (marks closer than that overlap anyway), so a million refills or 429s stay a few hundred SVG elements.
 * Linear; the positions keep their order.
 *
 * @param xs - the marks' x positions.
 * @param max - drawn as they are up to this many. @default 300
 * @param gap - the column width beyond `max`, in px. @default 4
 */
export function marksToDraw(xs: readonly number[], max = 300, gap = 4): number[] {
  if (xs.length <= max) return [...xs]
  const columns = new Set<number>()
  return xs.filter((at) => {
    const column = Math.round(at / gap)
    if (columns.has(column)) return false
    columns.add(column)
    return true
  })
}

/**
 * Which of the marks at `xs` (px, in order) carry a text label: the first, then each one at least `spacing` px
 * after the last labelled one, so labels never overlap.
 *
 * @param spacing - the least distance between labels, in px. @default 48
 */
export function labelledMarks(xs: readonly number[], spacing = 48): boolean[] {
  let last = -Infinity
  return xs.map((at) => {
    if (at - last < spacing) return false
    last = at
    return true
  })
}
