import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { prettyJsonAt } from './json-pretty'

describe('prettyJsonAt', () => {
  it('lays out like JSON.stringify(value, null, 2) for any JSON value (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ noUnicodeString: false }), (value) => {
        const compact = JSON.stringify(value)
        expect(prettyJsonAt(compact).text).toBe(JSON.stringify(value, null, 2))
        expect(prettyJsonAt(` \n${JSON.stringify(value, null, 3)}`).text).toBe(JSON.stringify(value, null, 2))
      }),
    )
  }, 30_000)

  it('keeps the digits of numbers JavaScript would round, and says where the value ends', () => {
    const text = '{"variables":{"id":9007199254740993,"big":1e999,"list":[ 0.1000000000000000055511151231257827 ]},"query":"{ a }"}'
    const at = text.indexOf('{', 1)
    const pretty = prettyJsonAt(text, at)
    expect(pretty.text).toBe('{\n  "id": 9007199254740993,\n  "big": 1e999,\n  "list": [\n    0.1000000000000000055511151231257827\n  ]\n}')
    expect(text.slice(pretty.end)).toBe(',"query":"{ a }"}')
  })

  it('copies strings as written, escapes and all', () => {
    expect(prettyJsonAt('{"a":"x\\"}\\u00e9"}').text).toBe('{\n  "a": "x\\"}\\u00e9"\n}')
  })
})
