import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createSeededRandom } from '../random'
import { deliveryPlan, generateSequence } from './sequences'
import { StripeOracle, type StripePrefixes, type StripeTypeTable } from './stripe-oracle'

/**
 * For any seed, the Stripe sequences tell one story: every event is as Stripe sends it (the oracle of
 * stripe.oracle.test.ts), every event names the same customer, PaymentIntent, charge, invoice and
 * subscription, an object that appears again keeps what does not change (`created`, its items) and
 * changes only what the event says, and a redelivery repeats the event (same `evt_` id and bytes).
 */
type Obj = Record<string, unknown>
const read = (path: string): unknown => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'))
const { prefixes, fieldAliases } = read('../../../../../scripts/data/stripe/id-prefixes.json') as { prefixes: StripePrefixes; fieldAliases: Record<string, string> }
const oracle = new StripeOracle(read('./generated/stripe-types.json') as StripeTypeTable, prefixes, fieldAliases)
const now = new Date('2026-03-01T12:00:00Z')
const seeds = fc.integer({ min: 1, max: 2 ** 31 - 1 })
// Generating and checking a sequence takes a few ms, seconds for all runs on a busy machine: a wider timeout.
const o = (value: unknown): Obj => value as Obj
const object = (p: unknown): Obj => o(o(o(p)['data'])['object'])

/** Every string of a payload that is an id with one of `prefix_`. */
function idsOf(payloads: readonly unknown[], prefix: string): Set<string> {
  const out = new Set<string>()
  const walk = (v: unknown): void => {
    if (typeof v === 'string' && new RegExp(`^${prefix}_[A-Za-z0-9]{8,}$`).test(v)) out.add(v)
    else if (Array.isArray(v)) v.forEach(walk)
    else if (v && typeof v === 'object') Object.values(v).forEach(walk)
  }
  payloads.forEach((p) => walk(o(p)['data']))
  return out
}

/** Common checks: oracle-clean, one object per prefix across the flow, times in order. */
function oneStory(id: string, seed: number): unknown[] {
  const samples = generateSequence(id, { now, random: createSeededRandom(seed) })
  const payloads = samples.map((s) => s.payload)
  for (const p of payloads) expect(oracle.check(p), String(o(p)['type'])).toEqual([])
  for (const prefix of ['cus', 'pi', 'ch', 'in', 'sub', 'pm']) expect(idsOf(payloads, prefix).size, prefix).toBeLessThanOrEqual(1)
  expect(idsOf(payloads, 'cus').size).toBe(1)
  const times = payloads.map((p) => Number(o(p)['created']))
  expect([...times].sort((a, b) => a - b)).toEqual(times)
  expect(new Set(payloads.map((p) => o(p)['id'])).size).toBe(payloads.length)
  return payloads
}

describe('Stripe sequences (property)', () => {
  it('Checkout: the PaymentIntent is created, charged and succeeds; the session and its invoice name the same payment and customer', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const [customer, piCreated, charge, piSucceeded, session, invoice] = oneStory('stripe-checkout', seed).map(object)
        const cus = customer!['id']
        for (const x of [piCreated, charge, piSucceeded, session, invoice]) expect(x!['customer']).toBe(cus)
        expect(piSucceeded!['id']).toBe(piCreated!['id'])
        expect(piSucceeded!['created']).toBe(piCreated!['created'])
        expect(piSucceeded!['client_secret']).toBe(piCreated!['client_secret'])
        expect(piCreated).toMatchObject({ status: 'requires_payment_method', latest_charge: null, amount_received: 0 })
        expect(charge).toMatchObject({ status: 'succeeded', paid: true, payment_intent: piCreated!['id'], amount: piCreated!['amount'] })
        expect(piSucceeded).toMatchObject({ status: 'succeeded', latest_charge: charge!['id'], amount_received: piCreated!['amount'], payment_method: charge!['payment_method'] })
        expect(session).toMatchObject({ status: 'complete', payment_status: 'paid', mode: 'payment', payment_intent: piCreated!['id'], invoice: invoice!['id'], amount_total: piCreated!['amount'] })
        expect(invoice).toMatchObject({ status: 'paid', amount_paid: piCreated!['amount'], amount_remaining: 0, parent: null })
      }),
      { numRuns: 30 },
    )
  }, 30_000)

  it('subscription lifecycle: one subscription and invoice; the invoice moves draft → open → paid; the update says what changed; deleted is canceled', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const payloads = oneStory('stripe-subscription', seed)
        const [created, invCreated, invFinalized, invPaid, updated, deleted] = payloads.map(object)
        const sub = created!['id']
        for (const x of [updated, deleted]) {
          expect(x!['id']).toBe(sub)
          expect(x!['created']).toBe(created!['created'])
          expect(o(x!['items'])['data']).toHaveLength(1)
        }
        expect([invCreated, invFinalized, invPaid].map((i) => i!['status'])).toEqual(['draft', 'open', 'paid'])
        for (const inv of [invCreated, invFinalized, invPaid]) {
          expect(inv!['id']).toBe(created!['latest_invoice'])
          expect(inv!['created']).toBe(invCreated!['created'])
          expect(o(o(inv!['parent'])['subscription_details'])['subscription']).toBe(sub)
          expect(inv!['customer']).toBe(created!['customer'])
        }
        // The update names the earlier value of what changed, and nothing else changed.
        const previous = o(o(o(payloads[4])['data'])['previous_attributes'])
        expect(Object.keys(previous).length).toBeGreaterThan(0)
        expect({ ...updated, ...previous }).toEqual(created)
        expect(deleted).toMatchObject({ status: 'canceled', canceled_at: o(payloads[5])['created'] })
      }),
      { numRuns: 30 },
    )
  }, 30_000)

  it('Checkout in subscription mode: the session starts the story\u2019s subscription and pays its first invoice, with no PaymentIntent of its own', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const [customer, created, invCreated, invFinalized, invPaid, session] = oneStory('stripe-checkout-subscription', seed).map(object)
        const cus = customer!['id']
        const sub = created!['id']
        for (const x of [created, invCreated, invFinalized, invPaid, session]) expect(x!['customer']).toBe(cus)
        expect([invCreated, invFinalized, invPaid].map((i) => i!['status'])).toEqual(['draft', 'open', 'paid'])
        for (const inv of [invCreated, invFinalized, invPaid]) {
          expect(inv!['id']).toBe(created!['latest_invoice'])
          expect(inv!['billing_reason']).toBe('subscription_create')
          expect(o(o(inv!['parent'])['subscription_details'])['subscription']).toBe(sub)
        }
        expect(session).toMatchObject({ mode: 'subscription', status: 'complete', payment_status: 'paid', subscription: sub, invoice: invPaid!['id'], payment_intent: null, invoice_creation: null })
      }),
      { numRuns: 30 },
    )
  }, 30_000)

  it('a redelivery repeats the event: same evt_ id and the same bytes', () => {
    fc.assert(
      fc.property(seeds, fc.constantFrom('stripe-checkout', 'stripe-checkout-subscription', 'stripe-subscription'), (seed, id) => {
        const samples = generateSequence(id, { now, random: createSeededRandom(seed) })
        const plan = deliveryPlan(samples, { shuffle: true, duplicates: true, random: createSeededRandom(seed + 1) })
        for (const d of plan.filter((x) => x.duplicateOf !== null)) {
          const first = plan[(d.duplicateOf ?? 0) - 1]!
          expect(o(d.sample.payload)['id']).toBe(o(first.sample.payload)['id'])
          expect(d.sample.body).toBe(first.sample.body)
        }
      }),
      { numRuns: 30 },
    )
  }, 30_000)
})
