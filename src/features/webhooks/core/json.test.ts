import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { serializeJson } from './json'

describe('serializeJson', () => {
  it('equals JSON.stringify for any JSON value (compact and indented), also on the raw-key code path', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2), (value, indent) => {
        expect(serializeJson(value, { indent })).toBe(JSON.stringify(value, null, indent))
        expect(serializeJson(value, { indent, rawIntegerKeys: new Set(['no-such-key']) })).toBe(JSON.stringify(value, null, indent))
      }),
    )
  })

  it('writes digit-only strings of raw keys as unquoted numbers, nowhere else', () => {
    const value = { id: '820982911946154508', name: '123', items: [{ id: '9007199254740993', sku: '42' }], note: { id: 'abc' }, neg: { id: '-12' } }
    const text = serializeJson(value, { rawIntegerKeys: new Set(['id']) })
    expect(text).toBe('{"id":820982911946154508,"name":"123","items":[{"id":9007199254740993,"sku":"42"}],"note":{"id":"abc"},"neg":{"id":-12}}')
    expect(serializeJson(value, { rawIntegerKeys: new Set(['id']), indent: 2 })).toContain('"id": 820982911946154508,')
  })

  it('skips undefined properties and writes undefined array items as null', () => {
    expect(serializeJson({ a: undefined, b: [undefined, 1] })).toBe('{"b":[null,1]}')
  })
})
