import fc from 'fast-check'
import { buildSchema } from 'graphql'
import { describe, expect, it } from 'vitest'
import { mergeVariableSkeleton } from './merge-skeleton'
import { variableSkeleton } from './skeleton'

const merge = (skeleton: unknown, current: string) => mergeVariableSkeleton(JSON.stringify(skeleton, null, 2), current)
const textOf = (result: ReturnType<typeof mergeVariableSkeleton>): string => {
  if (!result.ok) throw new Error(`expected ok, got: ${result.message}`)
  return result.text
}

describe('mergeVariableSkeleton', () => {
  it('gives the skeleton for blank text', () => {
    expect(textOf(merge({ id: '', first: 10 }, ''))).toBe('{\n  "id": "",\n  "first": 10\n}')
    expect(textOf(merge({ id: '' }, ' \n\t'))).toBe('{\n  "id": ""\n}')
    expect(textOf(mergeVariableSkeleton('{}', ''))).toBe('{}')
  })

  it('keeps existing values and appends missing variables in the skeleton’s order', () => {
    const out = textOf(merge({ id: '', first: 10, after: null }, '{"first": 50, "id": "u_1"}'))
    expect(out).toBe('{\n  "first": 50,\n  "id": "u_1",\n  "after": null\n}')
  })

  it('keeps undeclared keys (the validator warns about them)', () => {
    expect(JSON.parse(textOf(merge({ id: '' }, '{"stale": true}')))).toEqual({ stale: true, id: '' })
  })

  it('fills missing input-object fields one level down, no deeper', () => {
    const skeleton = { input: { name: '', role: 'USER', address: { city: '' } } }
    const out = JSON.parse(textOf(merge(skeleton, '{"input": {"name": "Ada", "address": {"street": "x"}}}'))) as unknown
    expect(out).toEqual({ input: { name: 'Ada', address: { street: 'x' }, role: 'USER' } })
  })

  it('leaves an existing non-object value alone where the skeleton has an object', () => {
    expect(JSON.parse(textOf(merge({ input: { name: '' } }, '{"input": null}')))).toEqual({ input: null })
    expect(JSON.parse(textOf(merge({ ids: [] }, '{"ids": ["1", "2"]}')))).toEqual({ ids: ['1', '2'] })
  })

  it('keeps values exactly as written: big numbers, number spelling, escapes, nested layout becomes 2-space', () => {
    const current = '{"id": 12345678901234567890123, "price": 1.50, "e": 1E+3, "s": "caf\\u00e9 \\"q\\"", "deep": {"a": [1, {"b": []}]}}'
    const out = textOf(merge({ id: '', more: false }, current))
    expect(out).toBe(
      [
        '{',
        '  "id": 12345678901234567890123,',
        '  "price": 1.50,',
        '  "e": 1E+3,',
        '  "s": "caf\\u00e9 \\"q\\"",',
        '  "deep": {',
        '    "a": [',
        '      1,',
        '      {',
        '        "b": []',
        '      }',
        '    ]',
        '  },',
        '  "more": false',
        '}',
      ].join('\n'),
    )
  })

  it('keeps duplicate keys as typed and judges presence by the one JSON.parse uses', () => {
    const out = textOf(merge({ input: { a: 1, b: 2 } }, '{"input": {"a": 5}, "input": {"b": 9}}'))
    expect(out).toBe('{\n  "input": {\n    "a": 5\n  },\n  "input": {\n    "b": 9,\n    "a": 1\n  }\n}')
  })

  it('handles "__proto__" and other awkward keys as plain data', () => {
    const out = textOf(merge({ __proto__x: 1, constructor: '' }, '{"__proto__": {"polluted": true}}'))
    expect(JSON.parse(out)).toEqual(JSON.parse('{"__proto__": {"polluted": true}, "__proto__x": 1, "constructor": ""}'))
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('refuses invalid JSON with a located message, replacing nothing', () => {
    const result = merge({ id: '' }, '{\n  "id": "1",\n}')
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/not valid JSON.*Trailing comma/), line: 3, column: 1 })
    expect(merge({ id: '' }, "{'id': 1}")).toMatchObject({ ok: false, line: 1, column: 2, message: expect.stringMatching(/double quotes/) })
  })

  it('refuses a JSON value that is not an object, at the value', () => {
    expect(merge({ id: '' }, '\n  [1, 2]')).toEqual({ ok: false, message: expect.stringMatching(/must be a JSON object.*not an array/), line: 2, column: 3 })
    expect(merge({ id: '' }, 'null')).toMatchObject({ ok: false, line: 1, column: 1, message: expect.stringMatching(/not null/) })
    expect(merge({ id: '' }, '"x"')).toMatchObject({ ok: false, message: expect.stringMatching(/not a string/) })
  })

  it('treats a skeleton that is not a JSON object as {}', () => {
    expect(textOf(mergeVariableSkeleton('not json', '{"a":1}'))).toBe('{\n  "a": 1\n}')
    expect(textOf(mergeVariableSkeleton('[1]', ''))).toBe('{}')
  })

  it('works end to end with variableSkeleton', () => {
    const schema = buildSchema('input In { name: String!, tags: [String!]! } type Query { f(id: ID!, in: In!, n: Int = 5): Int }')
    const skeleton = variableSkeleton('query ($id: ID!, $in: In!, $n: Int = 5) { f(id: $id, in: $in, n: $n) }', undefined, schema)
    const out = textOf(mergeVariableSkeleton(skeleton, '{"in": {"name": "x"}}'))
    expect(JSON.parse(out)).toEqual({ in: { name: 'x', tags: [] }, id: '', n: 5 })
  })

  it('property: every key and value of a valid current object survives, and skeleton keys are all present', () => {
    const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
    // Integer-like keys (at any depth) would be reordered by JSON.parse, which the layout check
    // below relies on; so values are JSON built from keys without them.
    const key = fc.string().filter((k) => !/^(?:0|[1-9]\d*)$/.test(k))
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constant(null),
        fc.boolean(),
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
        fc.string(),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(key, tie('value'), { maxKeys: 4 }),
      ),
    }))
    const object = fc.dictionary(key, value)
    fc.assert(
      fc.property(object, object, fc.boolean(), (current, skeleton, pretty) => {
        const currentText = JSON.stringify(current, null, pretty ? 2 : undefined)
        const out = textOf(mergeVariableSkeleton(JSON.stringify(skeleton), currentText))
        const merged = JSON.parse(out) as Record<string, unknown>
        const before = JSON.parse(currentText) as Record<string, unknown>
        for (const [key, value] of Object.entries(before)) {
          const now = merged[key]
          // An input object may have gained the skeleton's missing fields; what was there stays.
          if (isObject(value) && isObject(now)) for (const inner of Object.keys(value)) expect(now[inner]).toEqual(value[inner])
          else expect(now).toEqual(value)
        }
        for (const key of Object.keys(skeleton)) expect(Object.hasOwn(merged, key)).toBe(true)
        // Layout: what JSON.stringify(…, null, 2) of the same value gives (keys are unique here).
        expect(out).toBe(JSON.stringify(merged, null, 2))
      }),
    )
  })

  it('property: merging the same skeleton twice changes nothing the second time', () => {
    const object = fc.dictionary(fc.string(), fc.jsonValue())
    fc.assert(
      fc.property(object, object, (current, skeleton) => {
        const once = textOf(mergeVariableSkeleton(JSON.stringify(skeleton), JSON.stringify(current)))
        expect(textOf(mergeVariableSkeleton(JSON.stringify(skeleton), once))).toBe(once)
      }),
    )
  })
})
