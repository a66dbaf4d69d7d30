import { describe, expect, it } from 'vitest'
import { lossyNumbers } from './json-numbers'
import { growthRatio, LINEAR_RATIO_BOUND } from '@/shared/testing/scaling'

describe('lossyNumbers', () => {
  it('finds 1e999 (would be sent as null) and integers above 2^53 (would be rounded)', () => {
    expect(lossyNumbers('{"a": 1e999}')).toEqual([{ text: '1e999', offset: 6, reason: 'overflow' }])
    expect(lossyNumbers('{"id": 9007199254740993, "n": -1E400}')).toEqual([
      { text: '9007199254740993', offset: 7, reason: 'unsafe-integer' },
      { text: '-1E400', offset: 30, reason: 'overflow' },
    ])
  })

  it('leaves exact numbers and numbers inside strings alone', () => {
    expect(lossyNumbers('{"a": 9007199254740991, "b": 1.5e3, "c": "1e999", "d\\"9007199254740993": 0}')).toEqual([])
  })

  it('is linear on a long run of digits', () => {
    expect(lossyNumbers('1'.repeat(100_000))).toHaveLength(1)
    expect(growthRatio(10_000, (n) => '1'.repeat(n), lossyNumbers)).toBeLessThan(LINEAR_RATIO_BOUND)
  })
})
