import { describe, expect, it } from 'vitest'
import { locateJsonPath } from './json-path'

const TEXT = `{
  "a": 1,
  "input": {
    "tags": ["x", {"deep": [true, null]}, "z\\"]"],
    "name": "n"
  },
  "a": 2
}`

describe('locateJsonPath', () => {
  it('finds values at any depth, with ranges', () => {
    const name = locateJsonPath(TEXT, ['input', 'name'])
    expect(name).toMatchObject({ exact: true, line: 5, column: 13 })
    expect(TEXT.slice(name.offset, name.end)).toBe('"n"')
    expect(TEXT.slice(name.keyOffset, name.offset)).toBe('"name": ')
    const deep = locateJsonPath(TEXT, ['input', 'tags', 1, 'deep', 1])
    expect(TEXT.slice(deep.offset, deep.end)).toBe('null')
    const escaped = locateJsonPath(TEXT, ['input', 'tags', 2])
    expect(TEXT.slice(escaped.offset, escaped.end)).toBe('"z\\"]"')
  })
  it('resolves duplicate keys to the last, as JSON.parse does', () => {
    expect(locateJsonPath(TEXT, ['a'])).toMatchObject({ line: 7, column: 8 })
  })
  it('falls back to the deepest existing container', () => {
    const missing = locateJsonPath(TEXT, ['input', 'nope', 3])
    expect(missing.exact).toBe(false)
    expect([missing.line, missing.column]).toEqual([3, 12])
    expect(locateJsonPath(TEXT, ['input', 'tags', 9])).toMatchObject({ exact: false, line: 4, column: 13 })
    expect(locateJsonPath(TEXT, [])).toMatchObject({ exact: true, offset: 0, end: TEXT.length })
  })
  it('survives very deep nesting', () => {
    const deep = `${'['.repeat(20_000)}1${']'.repeat(20_000)}`
    expect(locateJsonPath(`{"x": ${deep}, "y": 2}`, ['y'])).toMatchObject({ exact: true })
  })
})
