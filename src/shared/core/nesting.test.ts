import { describe, expect, test } from 'vitest'
import { excessNestingMessage, findExcessNesting, MAX_NESTING, nestsDeeperThan } from './nesting'
import { growthRatio, LINEAR_RATIO_BOUND } from '@/shared/testing/scaling'

describe('findExcessNesting', () => {
  test('finds the bracket that opens the first level past the limit', () => {
    expect(findExcessNesting('{a{b{c}}}', 'graphql', 2)).toEqual({ offset: 4, limit: 2 })
    expect(findExcessNesting('{a{b{c}}}', 'graphql', 3)).toBeUndefined()
    expect(findExcessNesting('[[(', 'json', 2)).toEqual({ offset: 2, limit: 2 })
  })

  test('closing brackets bring the depth back down; stray closers do not go below zero', () => {
    expect(findExcessNesting('}}}{a}{b}{c}', 'graphql', 1)).toBeUndefined()
  })

  test('ignores brackets in strings, block strings and GraphQL comments', () => {
    expect(findExcessNesting('{"[[[[\\"[[["}', 'json', 1)).toBeUndefined()
    expect(findExcessNesting('{ a(b: """ {{{{ \\""" {{{ """) }', 'graphql', 2)).toBeUndefined()
    expect(findExcessNesting('# {{{{{{\n{ a }', 'graphql', 1)).toBeUndefined()
    // In JSON `#` is not a comment, so brackets after it count.
    expect(findExcessNesting('[#[[', 'json', 2)).toEqual({ offset: 3, limit: 2 })
  })

  test('the issue\'s 75-character link query: {a{a{a… nested 2,000+ levels', () => {
    const query = '{a'.repeat(2_500) + '}'.repeat(2_500)
    expect(findExcessNesting(query, 'graphql')).toEqual({ offset: 2 * MAX_NESTING, limit: MAX_NESTING })
  })

  test('is linear on unterminated strings and brackets', () => {
    expect(growthRatio(5_000, (n) => '"\\'.repeat(n), (text) => findExcessNesting(text, 'json'))).toBeLessThan(LINEAR_RATIO_BOUND)
    expect(growthRatio(3_300, (n) => '"""'.repeat(n), (text) => findExcessNesting(text, 'graphql'))).toBeLessThan(LINEAR_RATIO_BOUND)
    expect(growthRatio(10_000, (n) => '['.repeat(n), (text) => findExcessNesting(text, 'json', 200_000))).toBeLessThan(LINEAR_RATIO_BOUND)
  })

  test('says what was refused and why', () => {
    expect(excessNestingMessage('The document', { offset: 0, limit: 200 })).toBe(
      'The document nests deeper than 200 levels here; the page stops reading it so it stays responsive. Flatten it or check where it came from.',
    )
  })
})

describe('nestsDeeperThan', () => {
  test('measures parsed objects and arrays without recursion', () => {
    let deep: unknown = 1
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { a: deep }
    expect(nestsDeeperThan(deep)).toBe(true)
    expect(nestsDeeperThan({ a: [{ b: [1, 2] }] }, 4)).toBe(false)
    expect(nestsDeeperThan({ a: [{ b: [1, 2] }] }, 3)).toBe(true)
    expect(nestsDeeperThan('text')).toBe(false)
    expect(nestsDeeperThan(null)).toBe(false)
  })
})
