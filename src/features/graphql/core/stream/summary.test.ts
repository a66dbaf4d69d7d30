import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { SUMMARY_MAX_LENGTH, summarizeStreamPayload } from './summary'

describe('summarizeStreamPayload', () => {
  it('says a result by its one field', () => {
    expect(summarizeStreamPayload({ data: { countdown: 3 } })).toEqual({ kind: 'result', summary: 'countdown: 3' })
    expect(summarizeStreamPayload({ data: { ticks: { n: 5, at: 25 } } })).toEqual({ kind: 'result', summary: 'ticks: { n: 5, at: 25 }' })
    expect(summarizeStreamPayload({ data: { a: 1, b: 'x' } }).summary).toBe('{ a: 1, b: "x" }')
    expect(summarizeStreamPayload({ data: null }).summary).toBe('data: null')
  })

  it('says errors first, with the first message', () => {
    const payload = { data: { failingCountdown: null }, errors: [{ message: 'The countdown failed at 2' }] }
    expect(summarizeStreamPayload(payload)).toEqual({ kind: 'error', summary: '1 error: "The countdown failed at 2" · failingCountdown: null' })
    expect(summarizeStreamPayload({ errors: [{ message: 'a' }, { message: 'b' }] }).summary).toBe('2 errors: "a"')
  })

  it('says where incremental payloads land, in the graphql 17 and the older format', () => {
    expect(summarizeStreamPayload({ incremental: [{ id: '0', data: { followers: 3 } }], completed: [{ id: '0' }], hasNext: true })).toEqual({
      kind: 'incremental',
      summary: 'deferred data at the root · 1 completed',
    })
    expect(summarizeStreamPayload({ incremental: [{ path: ['user', 'stats'], data: {} }], hasNext: false }).summary).toBe('deferred data at user.stats · last')
    expect(summarizeStreamPayload({ incremental: [{ id: '1', items: [{}, {}] }], hasNext: true }).summary).toBe('2 items at the root')
    expect(summarizeStreamPayload({ incremental: [{ path: ['feed', 1], items: [{}] }] }).summary).toBe('1 item at feed[1]')
    expect(summarizeStreamPayload({ hasNext: false }, true).summary).toBe('last')
  })

  it('bounds long content without walking it', () => {
    const big = { data: { products: Array.from({ length: 100_000 }, (_, i) => ({ id: i, name: 'x'.repeat(500) })) } }
    const { summary } = summarizeStreamPayload(big)
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX_LENGTH)
    expect(summary).toContain('products: [')
  })

  it('never throws and stays one bounded line, whatever arrives', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, incremental) => {
        const { summary, kind } = summarizeStreamPayload(value, incremental)
        expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX_LENGTH)
        expect(['result', 'incremental', 'error']).toContain(kind)
      }),
    )
  })
})
