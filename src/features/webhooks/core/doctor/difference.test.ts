import { describe, expect, it } from 'vitest'
import { formatRawRequest, textDifference } from './difference'
import { readRequestText } from './request-text'

describe('textDifference', () => {
  it('marks the differing middle', () => {
    expect(textDifference('t=1,v1=abcdef', 't=1,v1=abXdef')).toEqual({ prefix: 't=1,v1=ab', first: 'c', second: 'X', suffix: 'def', from: 10 })
  })
  it('equal strings, and strings of different lengths', () => {
    expect(textDifference('abc', 'abc')).toEqual({ prefix: 'abc', first: '', second: '', suffix: '', from: null })
    expect(textDifference('aaa', 'aa')).toEqual({ prefix: 'aa', first: 'a', second: '', suffix: '', from: 3 })
    expect(textDifference('', 'x')).toEqual({ prefix: '', first: '', second: 'x', suffix: '', from: 1 })
  })
})

describe('formatRawRequest', () => {
  it('round-trips through readRequestText with the body unchanged', () => {
    const body = '{\n  "a": 1\n}'
    const text = formatRawRequest({ path: '/webhook', headers: { 'X-A': '1', 'Stripe-Signature': 't=1,v1=ab' }, body })
    expect(text).toBe('POST /webhook HTTP/1.1\nX-A: 1\nStripe-Signature: t=1,v1=ab\n\n{\n  "a": 1\n}')
    expect(readRequestText(text)).toMatchObject({ ok: true, headers: [['X-A', '1'], ['Stripe-Signature', 't=1,v1=ab']], body })
  })
})
