import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createSeededRandom } from '../random'
import { STRIPE_API_VERSION } from '../providers/stripe'
import { generateStripeEvent, stripeCatalogueApiVersion, stripeEvents, stripeFill, stripeObjectOf } from './stripe'

const eventsDts = readFileSync(new URL('../../../../../node_modules/stripe/esm/resources/Events.d.ts', import.meta.url), 'utf8')
/** `Stripe.Event.Type`, straight from the pinned package. */
const declaredTypes = (/type Type = ([^;]+);/.exec(eventsDts)?.[1] ?? '').split('|').map((t) => t.trim().replace(/'/g, ''))
const now = new Date('2026-03-01T12:34:56.789Z')

describe('Stripe catalogue', () => {
  it('has every event type of the pinned API version, once, and that version', () => {
    const types = stripeEvents.map((e) => e.type)
    expect(declaredTypes.length).toBeGreaterThan(250)
    expect([...types].sort()).toEqual([...declaredTypes].sort())
    expect(new Set(types).size).toBe(types.length)
    expect(STRIPE_API_VERSION).toBe(stripeCatalogueApiVersion)
    expect(eventsDts).toContain('Occurs whenever')
  })

  it('every event carries an object of the right type; updates carry previous_attributes of a changed field', () => {
    const problems: string[] = []
    for (const { type, description } of stripeEvents) {
      const sample = generateStripeEvent(type, { now, random: createSeededRandom(1) })
      const p = sample.payload as { id: string; type: string; object: string; data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> } }
      const expected = stripeObjectOf(type) ?? ''
      const object = p.data.object
      if (p.type !== type || p.object !== 'event' || !/^evt_[A-Za-z0-9]{24}$/.test(p.id)) problems.push(`${type}: envelope`)
      if (object['object'] !== expected) problems.push(`${type}: object ${String(object['object'])} ≠ ${expected}`)
      // Ids, fields and references: stripe.oracle.test.ts, against the stripe package's types and the one prefix table.
      if (type.endsWith('.updated') !== ('previous_attributes' in p.data)) problems.push(`${type}: previous_attributes`)
      if (p.data.previous_attributes) {
        for (const [k, before] of Object.entries(p.data.previous_attributes)) if (JSON.stringify(object[k]) === JSON.stringify(before)) problems.push(`${type}: ${k} unchanged`)
      }
      if (!sample.body.includes('"created"') || description.length < 10) problems.push(`${type}: created/description`)
      if (/\$(?:id|t|email|name)[:"]/.test(sample.body)) problems.push(`${type}: placeholder left`)
    }
    expect(problems).toEqual([])
  })

  it('states follow the event (invoice.payment_failed is open and attempted; payment_intent.succeeded succeeded)', () => {
    const failed = generateStripeEvent('invoice.payment_failed', { now, random: createSeededRandom(2) }).payload as { data: { object: Record<string, unknown> } }
    expect(failed.data.object).toMatchObject({ object: 'invoice', status: 'open', attempted: true, attempt_count: 1 })
    const pi = generateStripeEvent('payment_intent.succeeded', { now, random: createSeededRandom(2) }).payload as { data: { object: Record<string, unknown> } }
    expect(pi.data.object).toMatchObject({ object: 'payment_intent', status: 'succeeded' })
    expect(String(pi.data.object['customer'])).toMatch(/^cus_/)
  })

  it('one shared fill gives the same customer and PaymentIntent across events', () => {
    const ctx = { now, random: createSeededRandom(3) }
    const shared = stripeFill(ctx)
    const pi = generateStripeEvent('payment_intent.succeeded', ctx, shared).payload as { data: { object: Record<string, unknown> } }
    const charge = generateStripeEvent('charge.succeeded', ctx, shared).payload as { data: { object: Record<string, unknown> } }
    expect(charge.data.object['payment_intent']).toBe(pi.data.object['id'])
    expect(charge.data.object['customer']).toBe(pi.data.object['customer'])
  })

  it('fresh values: no sample id of Stripe fixtures survives', () => {
    const body = stripeEvents.map((e) => generateStripeEvent(e.type, { now, random: createSeededRandom(4) }).body).join('\n')
    expect(body).not.toMatch(/ch_3MmlLrLkdIwHu7ix0snN0B15|cus_NffrFeUfNV2Hib|pi_3MtwBwLkdIwHu7ix28a3tqPa/)
  })
})
