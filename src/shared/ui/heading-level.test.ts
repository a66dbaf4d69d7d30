import { describe, expect, it } from 'vitest'
import { headingTag, subLevel } from './heading-level'

describe('heading levels', () => {
  it('names the element and gives sections the next level, never past h6', () => {
    expect(headingTag(3)).toBe('h3')
    expect(subLevel(2)).toBe(3)
    expect(subLevel(5)).toBe(6)
    expect(subLevel(6)).toBe(6)
  })
})
