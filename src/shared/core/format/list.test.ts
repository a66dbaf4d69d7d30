import { describe, expect, it } from 'vitest'
import { countOf, formatCount, joinNames } from './list'

describe('joinNames', () => {
  it.each([
    [[], ''],
    [['A'], 'A'],
    [['A', 'B'], 'A and B'],
    [['A', 'B', 'C'], 'A, B and C'],
    [['a', 'b', 'c', 'd'], 'a, b, c and d'],
    [['', 'b'], ' and b'],
  ])('%j → %s', (names, text) => {
    expect(joinNames(names)).toBe(text)
  })
})

describe('countOf', () => {
  it.each([
    [0, 'line', undefined, '0 lines'],
    [1, 'line', undefined, '1 line'],
    [2, 'request', undefined, '2 requests'],
    [1204, 'line', undefined, '1,204 lines'],
    [1, 'entry', 'entries', '1 entry'],
    [3, 'entry', 'entries', '3 entries'],
    [1.5, 'token', undefined, '1.5 tokens'],
  ])('%d %s → %s', (n, singular, plural, text) => {
    expect(countOf(n, singular, plural)).toBe(text)
  })
})

describe('formatCount', () => {
  it('groups digits the en-US way, as toLocaleString does', () => {
    for (const n of [0, 7, 999, 1000, 1204, 1_234_567, -4200, 1.5]) expect(formatCount(n)).toBe(n.toLocaleString('en-US'))
    expect(formatCount(1_234_567)).toBe('1,234,567')
  })
})
