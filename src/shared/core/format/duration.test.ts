import { describe, expect, it } from 'vitest'
import { formatDuration, formatElapsed } from './duration'

describe('formatDuration (spans: countdowns, windows, skew)', () => {
  it.each([
    [872_400, '14 min 32 s'],
    [3_600_000, '1 h'],
    [3_605_000, '1 h'],
    [7_500_000, '2 h 5 min'],
    [273_600_000, '3 d 4 h'],
    [86_400_000, '1 d'],
    [60_000, '1 min'],
    [59_999, '59 s'],
    [1000, '1 s'],
    [999.6, '1000 ms'],
    [850, '850 ms'],
    [0.4, '0 ms'],
    [0, '0 s'],
    [-0, '0 s'],
    [-90_000, '1 min 30 s'],
    [Number.NaN, 'unknown'],
    [Number.POSITIVE_INFINITY, 'unknown'],
    [Number.NEGATIVE_INFINITY, 'unknown'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })

  it('honours maxUnits, at least one', () => {
    expect(formatDuration(93_784_000, { maxUnits: 4 })).toBe('1 d 2 h 3 min 4 s')
    expect(formatDuration(93_784_000, { maxUnits: 3 })).toBe('1 d 2 h 3 min')
    expect(formatDuration(93_784_000, { maxUnits: 1 })).toBe('1 d')
    expect(formatDuration(93_784_000, { maxUnits: 0 })).toBe('1 d')
    expect(formatDuration(93_784_000, { maxUnits: 2.7 })).toBe('1 d 2 h')
  })

  it('counts a skipped unit without printing it', () => {
    expect(formatDuration(3_605_000, { maxUnits: 3 })).toBe('1 h 5 s')
    expect(formatDuration(86_405_000, { maxUnits: 3 })).toBe('1 d')
  })

  it('truncates seconds, so a countdown never shows more than is left', () => {
    expect(formatDuration(1999)).toBe('1 s')
    expect(formatDuration(119_999)).toBe('1 min 59 s')
  })
})

describe('formatElapsed (measured times)', () => {
  it.each([
    [0, '0 ms'],
    [0.4, '0 ms'],
    [12.4, '12 ms'],
    [143.4, '143 ms'],
    [999.4, '999 ms'],
    [999.5, '1.00 s'],
    [1250, '1.25 s'],
    // The webhook delivery time used to print "1.8 s" here, the GraphQL tester "1.83 s"; one rule now.
    [1830, '1.83 s'],
    [9994, '9.99 s'],
    [9996, '10.0 s'],
    [12_500, '12.5 s'],
    [59_940, '59.9 s'],
    [59_950, '1 min'],
    [75_000, '1 min 15 s'],
    [3_725_000, '1 h 2 min'],
    [-5, '0 ms'],
    [Number.NaN, 'unknown'],
    [Number.POSITIVE_INFINITY, 'unknown'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatElapsed(ms)).toBe(text)
  })

  it('never prints a value that rounds to the next unit', () => {
    const shape = /^\d{1,3} ms$|^\d\.\d\d s$|^\d\d\.\d s$|^\d+ min(?: \d+ s)?$/
    const near = (edge: number) => Array.from({ length: 400 }, (_, i) => edge - 10 + i * 0.05)
    const samples = [...near(1000), ...near(10_000), ...near(60_000), ...Array.from({ length: 2000 }, (_, i) => i * 61.7)]
    const wrong = samples.map((ms) => [ms, formatElapsed(ms)] as const).filter(([, text]) => !shape.test(text) || /^10\.\d\d s$/.test(text))
    expect(wrong).toEqual([])
  })
})
