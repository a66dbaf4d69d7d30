import { describe, expect, it } from 'vitest'
import { createSeededRandom, generateWebhook, robustnessVariants, serializePayload, UNKNOWN_FIELD_VALUE } from './index'

const { fieldPaths, objectPaths, removeField, setFieldToNull, addUnknownField, formatPath } = robustnessVariants
const payload = () => ({ action: 'opened', number: 3, pull_request: { user: { login: 'sample-dev' }, labels: [{ name: 'bug' }], merged_at: null } })

describe('robustness variants', () => {
  it('lists field paths depth-first, through arrays', () => {
    expect(fieldPaths(payload()).map(formatPath)).toEqual([
      'action', 'number', 'pull_request', 'pull_request.user', 'pull_request.user.login', 'pull_request.labels', 'pull_request.labels[0].name', 'pull_request.merged_at',
    ])
    expect(objectPaths(payload()).map(formatPath)).toEqual(['(root)', 'pull_request', 'pull_request.user'])
  })

  it('removes a field chosen by path or index, without touching the input', () => {
    const input = payload()
    const snapshot = structuredClone(input)
    const v = removeField(input, ['pull_request', 'user', 'login'])
    expect(v).toEqual({ kind: 'remove-field', path: ['pull_request', 'user', 'login'], payload: { ...snapshot, pull_request: { ...snapshot.pull_request, user: {} } }, description: 'Removed `pull_request.user.login`.' })
    expect(input).toEqual(snapshot)
    expect(removeField(input, 1).payload).not.toHaveProperty('number')
    expect(removeField(input, 1 + fieldPaths(input).length)).toEqual(removeField(input, 1))
    expect(removeField(input, -1).description).toBe('Removed `pull_request.merged_at`.')
  })

  it('sets a non-null field to null and says what it was', () => {
    const v = setFieldToNull(payload(), 2)
    expect(v.description).toBe('Set `pull_request` to null (was an object).')
    expect(v.payload['pull_request']).toBeNull()
    // merged_at is already null, so it is not a candidate
    const candidates = fieldPaths(payload()).length - 1
    const all = Array.from({ length: candidates }, (_, i) => formatPath(setFieldToNull(payload(), i).path))
    expect(all).not.toContain('pull_request.merged_at')
    expect(setFieldToNull(payload(), ['number']).description).toBe('Set `number` to null (was a number).')
  })

  it('adds an unknown field with a fresh name', () => {
    const v = addUnknownField(payload())
    expect(v.payload).toEqual({ ...payload(), unexpected_field: UNKNOWN_FIELD_VALUE })
    expect(v.description).toBe('Added unknown field `unexpected_field`.')
    const twice = addUnknownField(v.payload)
    expect(twice.path).toEqual(['unexpected_field_2'])
    const nested = addUnknownField(payload(), ['pull_request', 'user'])
    expect(nested.description).toBe('Added unknown field `pull_request.user.unexpected_field`.')
    expect(addUnknownField(payload(), 2).path).toEqual(['pull_request', 'user', 'unexpected_field'])
  })

  it('is deterministic for a given payload and choice', () => {
    const sample = generateWebhook('stripe', 'charge.refunded', { random: createSeededRandom(1) })
    for (const choice of [0, 7, 42]) {
      expect(removeField(sample.payload, choice)).toEqual(removeField(sample.payload, choice))
      expect(setFieldToNull(sample.payload, choice)).toEqual(setFieldToNull(sample.payload, choice))
      expect(addUnknownField(sample.payload, choice)).toEqual(addUnknownField(sample.payload, choice))
    }
  })

  it('rejects paths that do not exist', () => {
    expect(() => removeField(payload(), ['nope'])).toThrow(RangeError)
    expect(() => addUnknownField(payload(), ['action'])).toThrow(/No object at action/)
    expect(() => removeField({})).toThrow(/no fields to remove/)
  })

  it('keeps Shopify 64-bit ids as raw numbers when a variant is re-serialised', () => {
    const sample = generateWebhook('shopify', 'orders/create')
    const v = setFieldToNull(sample.payload, ['email'])
    const body = serializePayload('shopify', v.payload)
    expect(body).toContain(`"id":${String(sample.payload['id'])},`)
    expect(body).toContain('"email":null')
  })
})
