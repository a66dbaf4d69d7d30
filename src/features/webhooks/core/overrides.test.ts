import { describe, expect, it } from 'vitest'
import { applyOverrides, overridablePaths, parseFieldPath, parseOverrideValue } from './overrides'

const payload = { id: 'evt_1', data: { object: { id: 'pi_1', metadata: {}, items: [{ price: 1 }, { price: 2 }] } } }

describe('set-field overrides', () => {
  it('parses dotted paths with array items, and says what is wrong', () => {
    expect(parseFieldPath(' data.object.items[1].price ')).toEqual({ ok: true, path: ['data', 'object', 'items', 1, 'price'] })
    expect(parseFieldPath('')).toMatchObject({ ok: false, message: /Enter a field path/ })
    expect(parseFieldPath('a..b')).toMatchObject({ ok: false, message: /position 3/ })
    expect(parseFieldPath('[0].a')).toMatchObject({ ok: false, message: /starts with a field name/ })
  })

  it('values are JSON when they parse, text otherwise', () => {
    expect(parseOverrideValue('42')).toBe(42)
    expect(parseOverrideValue('null')).toBeNull()
    expect(parseOverrideValue('{"a":[1]}')).toEqual({ a: [1] })
    expect(parseOverrideValue('gold plan')).toBe('gold plan')
    expect(parseOverrideValue('"42"')).toBe('42')
  })

  it('sets, creates missing objects, removes; leaves the input untouched', () => {
    const { payload: out, problems } = applyOverrides(payload, [
      { path: 'data.object.metadata.order_id', op: 'set', value: '"1001"' },
      { path: 'data.object.shipping.city', op: 'set', value: 'Springfield' },
      { path: 'data.object.items[0].price', op: 'set', value: '99' },
      { path: 'data.object.items[1]', op: 'remove', value: '' },
      { path: 'id', op: 'remove', value: '' },
      { path: 'not.there', op: 'remove', value: '' },
    ])
    expect(problems).toEqual([])
    expect(out).toEqual({ data: { object: { id: 'pi_1', metadata: { order_id: '1001' }, shipping: { city: 'Springfield' }, items: [{ price: 99 }] } } })
    expect(payload.data.object.metadata).toEqual({})
    expect(payload.id).toBe('evt_1')
  })

  it('reports overrides that cannot apply and applies the rest', () => {
    const { payload: out, problems } = applyOverrides(payload, [
      { path: 'id.x', op: 'set', value: '1' },
      { path: 'data.object.items[5].price', op: 'set', value: '1' },
      { path: 'data.object.metadata.plan', op: 'set', value: 'gold' },
    ])
    expect(problems).toEqual([
      { index: 0, message: 'id is not an object.' },
      { index: 1, message: 'data.object.items[5] does not exist in this payload.' },
    ])
    expect((out['data'] as { object: { metadata: unknown } }).object.metadata).toEqual({ plan: 'gold' })
  })

  it('lists the payload\u2019s paths for completion', () => {
    expect(overridablePaths(payload)).toEqual(['id', 'data', 'data.object', 'data.object.id', 'data.object.metadata', 'data.object.items', 'data.object.items[0].price', 'data.object.items[1].price'])
  })
})
