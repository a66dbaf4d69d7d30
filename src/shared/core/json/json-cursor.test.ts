import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonCursorAt, jsonKeyAt, jsonTokenEnd } from './json-cursor'

/** The cursor at the `|` in `marked` (the bar removed). */
function at(marked: string) {
  const offset = marked.indexOf('|')
  return jsonCursorAt(marked.replace('|', ''), offset)
}

describe('jsonCursorAt', () => {
  it('sees a key being written in the root object', () => {
    expect(at('{|}')).toEqual({ kind: 'key', path: [], from: 1 })
    expect(at('{ "ab|')).toEqual({ kind: 'key', path: [], from: 2 })
    expect(at('{"a": 1, |')).toEqual({ kind: 'key', path: [], from: 9 })
    expect(at('{"a": 1, na|')).toEqual({ kind: 'key', path: [], from: 9 })
  })

  it('sees a key inside nested objects and array items', () => {
    expect(at('{"input": {"ro|": 1}}')).toEqual({ kind: 'key', path: ['input'], from: 11 })
    expect(at('{"input": {"list": [{"x": 1}, {|')).toEqual({ kind: 'key', path: ['input', 'list', 1], from: 31 })
  })

  it('sees a value after a colon, typed or not', () => {
    expect(at('{"order": |')).toEqual({ kind: 'value', path: ['order'], from: 10 })
    expect(at('{"order": "AS|"}')).toEqual({ kind: 'value', path: ['order'], from: 10 })
    expect(at('{"ok": tr|')).toEqual({ kind: 'value', path: ['ok'], from: 7 })
    expect(at('{"a": {"b": [1, "x", |')).toEqual({ kind: 'value', path: ['a', 'b', 2], from: 21 })
  })

  it('keeps keys with escapes and commas inside strings apart', () => {
    expect(at('{"a,\\"b": {"c": "}, {", |')).toEqual({ kind: 'key', path: ['a,"b'], from: 24 })
  })

  it('gives nothing where neither a key nor a value can start', () => {
    expect(at('{"a"| : 1}')).toBeUndefined()
    expect(at('{"a": 1 |}')).toBeUndefined()
    expect(at('{"a": [1 |]}')).toBeUndefined()
    expect(at('{}|')).toBeUndefined()
  })

  it('offers the root value in empty text', () => {
    expect(at('|')).toEqual({ kind: 'value', path: [], from: 0 })
    expect(jsonCursorAt('{}', 99)).toBeUndefined()
    expect(jsonCursorAt('{', -3)).toEqual({ kind: 'value', path: [], from: 0 })
  })

  it('never throws on any text and any offset, and from is never past the cursor', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', ':', ',', ' ', 'a', '1', '\\', '\n') }), fc.nat(40), (text, offset) => {
        const cursor = jsonCursorAt(text, offset)
        if (cursor) expect(cursor.from).toBeLessThanOrEqual(Math.min(offset, text.length))
      }),
    )
  })
})

describe('jsonTokenEnd', () => {
  it('ends strings after their closing quote, literals at a delimiter', () => {
    expect(jsonTokenEnd('{"abc": 1}', 1)).toBe(6)
    expect(jsonTokenEnd('{"a\\"c": 1}', 1)).toBe(7)
    expect(jsonTokenEnd('{"ok": true}', 7)).toBe(11)
    expect(jsonTokenEnd('{"ab\n}', 1)).toBe(4)
    expect(jsonTokenEnd('{"ab', 1)).toBe(4)
    expect(jsonTokenEnd('{ }', 1)).toBe(1)
  })
})

describe('jsonKeyAt', () => {
  const text = '{"input": {"tags": ["x"], "role": "ADMIN"}}'
  it('finds the key under the offset, quotes included', () => {
    const role = { path: ['input', 'role'], from: text.indexOf('"role"'), to: text.indexOf('"role"') + 6 }
    expect(jsonKeyAt(text, text.indexOf('"role"'))).toEqual(role)
    expect(jsonKeyAt(text, text.indexOf('role') + 2)).toEqual(role)
    expect(jsonKeyAt(text, text.indexOf('role') + 4)).toEqual(role)
    expect(jsonKeyAt(text, 3)).toEqual({ path: ['input'], from: 1, to: 8 })
  })

  it('gives nothing off keys', () => {
    expect(jsonKeyAt(text, text.indexOf('ADMIN'))).toBeUndefined()
    expect(jsonKeyAt(text, text.indexOf(':'))).toBeUndefined()
    expect(jsonKeyAt(text, 0)).toBeUndefined()
    expect(jsonKeyAt('{"open', 3)).toBeUndefined()
  })
})
