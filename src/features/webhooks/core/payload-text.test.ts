import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { generateWebhook, providers, robustnessVariants, serializePayload } from './index'
import { parsePayloadText } from './payload-text'

describe('parsePayloadText', () => {
  it('round-trips every generated body through serializePayload byte for byte', () => {
    for (const provider of providers) {
      for (const event of provider.events) {
        const sample = generateWebhook(provider.id, event.type)
        const parsed = parsePayloadText(provider.id, sample.body)
        expect(parsed.ok).toBe(true)
        if (!parsed.ok) continue
        expect(parsed.payload).toEqual(sample.payload)
        expect(serializePayload(provider.id, parsed.payload)).toBe(sample.body)
      }
    }
  })

  it('keeps Shopify ids above 2^53 exact through a variant', () => {
    const body = '{"id":820982911946154508,"note":"id: 1","line_items":[{"id":9007199254740993,"quantity":2}],"total":12.5}'
    const parsed = parsePayloadText('shopify', body)
    if (!parsed.ok) throw new Error(parsed.message)
    const variant = robustnessVariants.addUnknownField(parsed.payload, 0)
    expect(serializePayload('shopify', variant.payload)).toBe(
      '{"id":820982911946154508,"note":"id: 1","line_items":[{"id":9007199254740993,"quantity":2}],"total":12.5,"unexpected_field":"sample value of a field this handler does not know"}',
    )
  })

  it('leaves strings, escapes, array items and other keys alone', () => {
    const body = '{"name":"say \\"id\\":123456789012345678901","ids":[123456789012345678901],"count":5,"id":-12,"customer_id":1.5}'
    const parsed = parsePayloadText('shopify', body)
    if (!parsed.ok) throw new Error(parsed.message)
    // Array items are not id members: they stay numbers, exactly as JSON.parse reads them.
    expect(parsed.payload).toEqual({ name: 'say "id":123456789012345678901', ids: JSON.parse('[123456789012345678901]'), count: 5, id: '-12', customer_id: 1.5 })
  })

  it('equals JSON.parse for other providers and for any JSON object', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        const text = JSON.stringify(value)
        const parsed = parsePayloadText('github', text)
        expect(parsed).toEqual({ ok: true, payload: JSON.parse(text) })
      }),
    )
  })

  it('reports text that is not a JSON object', () => {
    expect(parsePayloadText('github', '[1]')).toEqual({ ok: false, message: 'The body must be a JSON object to make a variant of it.' })
    expect(parsePayloadText('shopify', '{"id": 1,}').ok).toBe(false)
  })
})
