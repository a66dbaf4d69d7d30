import { describe, expect, test } from 'vitest'
import { trimCharacters } from './text'
import { growthRatio, LINEAR_RATIO_BOUND } from '@/shared/testing/scaling'

describe('trimCharacters', () => {
  test('strips only the given characters, at the chosen ends', () => {
    expect(trimCharacters(' \t a b \t ', ' \t')).toBe('a b')
    expect(trimCharacters('==ab==', '=', 'end')).toBe('==ab')
    expect(trimCharacters('==ab==', '=', 'start')).toBe('ab==')
    expect(trimCharacters('\u00a0x\n', ' \t')).toBe('\u00a0x\n')
    expect(trimCharacters('    ', ' ')).toBe('')
    expect(trimCharacters('', ' ')).toBe('')
  })

  test('is linear on a 100 KB run that does not reach the end (/^[ \\t]+|[ \\t]+$/g took 2.2 s)', () => {
    const hostile = `a${' '.repeat(100_000)}b`
    expect(trimCharacters(hostile, ' \t')).toBe(hostile)
    expect(growthRatio(10_000, (n) => `a${' '.repeat(n)}b`, (text) => trimCharacters(text, ' \t'))).toBeLessThan(LINEAR_RATIO_BOUND)
  })
})
