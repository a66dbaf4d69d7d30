import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { applyIncremental, startIncremental } from '@/features/graphql/core/stream/incremental'
import { applyOverrides } from '@/features/webhooks/core/overrides'
import { addUnknownField, removeField, setFieldToNull } from '@/features/webhooks/core/robustness'

/** Every built-in prototype a path could reach, with a snapshot of its own properties. */
const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype]
const snapshot = () => PROTOTYPES.map((proto) => Object.getOwnPropertyNames(proto).map((name) => [name, Object.getOwnPropertyDescriptor(proto, name)?.value] as const))
const before = snapshot()

/** Whether any built-in prototype gained, lost or changed a property since the test file loaded. */
const untouched = (): boolean => {
  const now = snapshot()
  return now.every((props, i) => {
    const was = before[i] ?? []
    return props.length === was.length && props.every(([name, value], j) => was[j]?.[0] === name && Object.is(was[j]?.[1], value))
  })
}

afterEach(() => {
  // A failing case must not poison the next ones (or other test files in the same worker).
  for (const key of Object.getOwnPropertyNames(Object.prototype)) if (!before[0]?.some(([name]) => name === key)) delete (Object.prototype as Record<string, unknown>)[key]
})

const FORBIDDEN = ['__proto__', 'prototype', 'constructor']
const segment = fc.oneof(
  fc.constantFrom(...FORBIDDEN, 'toString', 'valueOf', 'hasOwnProperty', 'innerHTML', 'polluted', 'data', 'object', 'items'),
  fc.nat(3),
  fc.stringMatching(/^[a-z_]{1,6}$/),
)
const path = fc.array(segment, { minLength: 1, maxLength: 5 }).map((segments) => (typeof segments[0] === 'number' ? ['data', ...segments] : segments))
const value = fc.constantFrom('"yes"', '<img src=x>', '{"a":1}', '[1]', 'null')
/** Payloads as handlers and servers send them, including JSON's own `__proto__` keys. */
const payload = fc.constantFrom(
  '{"data":{"object":{"items":[{"a":1},{"b":2}]}}}',
  '{"__proto__":{"polluted":"no"},"data":{"constructor":{"prototype":{}}}}',
  '{"data":[{"__proto__":[]}],"items":[]}',
).map((text) => JSON.parse(text) as Record<string, unknown>)

const asText = (segments: readonly (string | number)[]) => segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('')
const hasForbidden = (segments: readonly (string | number)[]) => segments.some((s) => typeof s === 'string' && FORBIDDEN.includes(s))

/** Runs every path walker on one path; returns the messages of the ones that refused it. */
function walkAll(segments: readonly (string | number)[], text: string, json: Record<string, unknown>): string[] {
  const refused: string[] = []
  for (const op of ['set', 'remove'] as const) {
    const { problems } = applyOverrides(json, [{ path: asText(segments), op, value: text }])
    refused.push(...problems.map((p) => p.message))
  }
  for (const variant of [removeField, setFieldToNull, addUnknownField]) {
    try {
      variant(json, segments)
    } catch (error) {
      refused.push(String(error))
    }
  }
  // The path-based format, the id-based format (pending path + subPath), and streamed items.
  const old = startIncremental({ data: structuredClone(json), hasNext: true })
  applyIncremental(old, { incremental: [{ path: segments, data: JSON.parse(`{"x":${text.startsWith('<') ? '"x"' : text}}`) }, { path: [...segments, 0], items: [1] }], hasNext: true })
  const current = startIncremental({ data: structuredClone(json), pending: [{ id: '1', path: segments.slice(0, 1) }], hasNext: true })
  applyIncremental(current, { incremental: [{ id: '1', subPath: segments.slice(1), data: { polluted: 'yes', innerHTML: '<b>x</b>' } }], hasNext: true })
  refused.push(...old.problems, ...current.problems)
  return refused
}

describe('no path walker reaches a built-in prototype', () => {
  it('for any path, value and payload (property)', () => {
    fc.assert(
      fc.property(path, value, payload, (segments, text, json) => {
        const refused = walkAll(segments, text, json)
        expect(untouched()).toBe(true)
        expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
        if (hasForbidden(segments)) expect(refused.join('\n')).toMatch(/is not allowed in a path/)
      }),
      { numRuns: 400 },
    )
  })

  it('the cases from the attack: __proto__.polluted, __proto__.innerHTML, removing __proto__.toString', () => {
    const json = { data: { object: {} } }
    const { problems } = applyOverrides(json, [
      { path: '__proto__.polluted', op: 'set', value: 'yes' },
      { path: 'data.__proto__.innerHTML', op: 'set', value: '<img src=x>' },
      { path: '__proto__.toString', op: 'remove', value: '' },
      { path: 'constructor.prototype.polluted', op: 'set', value: 'yes' },
    ])
    expect(untouched()).toBe(true)
    expect(typeof Object.prototype.toString).toBe('function')
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^"__proto__" at position 1 is not allowed in a path/),
      expect.stringMatching(/^"__proto__" at position 6 is not allowed in a path/),
      expect.stringMatching(/^"__proto__" at position 1 is not allowed in a path/),
      expect.stringMatching(/^"constructor" at position 1 is not allowed in a path/),
    ])
    expect(() => removeField(json, ['__proto__', 'toString'])).toThrow(/"__proto__" \(segment 1 of __proto__.toString\) is not allowed/)
  })
})
