/**
 * The complexity check itself: linear work measures under the bound and quadratic work over it, also
 * after the re-measurements a ratio over the bound gets.
 */
import { describe, expect, it } from 'vitest'
import { growthRatio, LINEAR_RATIO_BOUND } from './scaling'

const numbers = (size: number) => Array.from({ length: size }, (_, i) => (i * 7919) % 1000)

/** Sums the array: linear. */
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/** Counts equal pairs: quadratic. */
function equalPairs(values: number[]): number {
  let count = 0
  for (let i = 0; i < values.length; i++) for (let j = i + 1; j < values.length; j++) if (values[i] === values[j]) count++
  return count
}

describe('growthRatio', () => {
  it('measures linear work under the bound', () => {
    expect(growthRatio(2_000, numbers, sum)).toBeLessThan(LINEAR_RATIO_BOUND)
  })

  it('measures quadratic work over the bound', () => {
    expect(growthRatio(200, numbers, equalPairs)).toBeGreaterThan(LINEAR_RATIO_BOUND)
  })
})
