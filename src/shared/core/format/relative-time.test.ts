import { describe, expect, it } from 'vitest'
import { relativeTime } from './relative-time'

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0)
const MIN = 60_000

describe('relativeTime', () => {
  it.each([
    [NOW + 5 * MIN, 'just now'],
    [NOW, 'just now'],
    [NOW - 10_000, 'just now'],
    [NOW - 44_000, 'just now'],
    [NOW - 45_000, '1 min ago'],
    [NOW - 50_000, '1 min ago'],
    [NOW - 2 * MIN, '2 min ago'],
    [NOW - 59 * MIN, '59 min ago'],
    [NOW - 60 * MIN, '1 h ago'],
    [NOW - 3 * 60 * MIN, '3 h ago'],
    [NOW - 23 * 60 * MIN - 59 * MIN, '23 h ago'],
    [NOW - 25 * 60 * MIN, 'yesterday'],
    [NOW - 2 * 24 * 60 * MIN, '2 days ago'],
    [NOW - 6 * 24 * 60 * MIN, '6 days ago'],
    [Number.NaN, 'unknown time'],
  ])('%d → %s', (time, text) => {
    expect(relativeTime(time, NOW)).toBe(text)
  })

  it('gives the date past a week, in the zone asked for', () => {
    expect(relativeTime(NOW - 9 * 24 * 60 * MIN, NOW, 'UTC')).toBe('Jan 6, 2026')
    expect(relativeTime(Date.UTC(2026, 0, 1, 2, 0), NOW, 'America/Los_Angeles')).toBe('Dec 31, 2025')
  })
})
