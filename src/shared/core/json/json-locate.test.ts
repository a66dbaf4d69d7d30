import { describe, expect, it } from 'vitest'
import { lineColumn, parseJsonLocated } from './json-locate'

function errorAt(text: string) {
  const result = parseJsonLocated(text)
  if (result.ok) throw new Error('expected a failure')
  return { line: result.line, column: result.column, message: result.message }
}

describe('lineColumn', () => {
  it('counts LF, CRLF and CR as one line break each', () => {
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 })
    expect(lineColumn('ab\r\ncd', 5)).toEqual({ line: 2, column: 2 })
    expect(lineColumn('a\rb', 2)).toEqual({ line: 2, column: 1 })
    expect(lineColumn('abc', 0)).toEqual({ line: 1, column: 1 })
  })
})

describe('parseJsonLocated', () => {
  it('returns the value and top-level member positions', () => {
    const text = '{\n  "a": 1,\n  "b": {"c": 2}\n}'
    expect(parseJsonLocated(text)).toEqual({
      ok: true,
      value: { a: 1, b: { c: 2 } },
      members: [
        { key: 'a', keyOffset: 4, valueOffset: 9 },
        { key: 'b', keyOffset: 14, valueOffset: 19 },
      ],
    })
    expect(parseJsonLocated('[1]')).toEqual({ ok: true, value: [1], members: [] })
  })

  it('locates errors the same way in every engine', () => {
    expect(errorAt('{\n  "id": 1,\n}')).toMatchObject({ line: 3, column: 1, message: 'Trailing comma before "}".' })
    expect(errorAt('{"id": 1 "b": 2}')).toMatchObject({ line: 1, column: 10, message: expect.stringContaining('Expected "," or "}"') })
    expect(errorAt("{'id': 1}")).toMatchObject({ line: 1, column: 2 })
    expect(errorAt('{"id": \'x\'}')).toMatchObject({ line: 1, column: 8, message: expect.stringContaining('double quotes') })
    expect(errorAt('{id: 1}')).toMatchObject({ line: 1, column: 2, message: expect.stringContaining('property name') })
    expect(errorAt('{"a": tru}')).toMatchObject({ line: 1, column: 7 })
    expect(errorAt('{"a": "x\ny"}')).toMatchObject({ line: 1, column: 9, message: expect.stringContaining('Unterminated') })
    expect(errorAt('{"a": "\\q"}')).toMatchObject({ line: 1, column: 8, message: expect.stringContaining('escape') })
    expect(errorAt('{"a": 01}')).toMatchObject({ line: 1, column: 8 })
    expect(errorAt('{"a": [1,]}')).toMatchObject({ line: 1, column: 10 })
    expect(errorAt('{"a": 1} x')).toMatchObject({ line: 1, column: 10, message: expect.stringContaining('after the JSON value') })
    expect(errorAt('{"a": "open')).toMatchObject({ line: 1, column: 7, message: 'Unterminated string.' })
    expect(errorAt('   ')).toMatchObject({ line: 1, column: 4, message: expect.stringContaining('empty') })
  })
})
