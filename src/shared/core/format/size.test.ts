import { describe, expect, it } from 'vitest'
import { formatBytes } from './size'

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [532, '532 B'],
    [999, '999 B'],
    [1000, '1.0 kB'],
    [1450, '1.4 kB'],
    [9949, '9.9 kB'],
    [9950, '10 kB'],
    [12_345, '12 kB'],
    [999_499, '999 kB'],
    [999_500, '1.0 MB'],
    [1_450_000, '1.4 MB'],
    [250_000_000, '250 MB'],
    [3_200_000_000, '3.2 GB'],
    [5e15, '5000 TB'],
    [-1, 'unknown'],
    [Number.NaN, 'unknown'],
    [Number.POSITIVE_INFINITY, 'unknown'],
  ])('%d → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text)
  })
})
