import { describe, expect, it } from 'vitest'
import { createSeededRandom } from '../random'
import { deliveryPlan, generateSequence } from './sequences'
import { sequences } from '../sequence-info'

const now = new Date('2026-03-01T12:00:00Z')
const ctx = (seed: number) => ({ now, random: createSeededRandom(seed) })
type Obj = Record<string, unknown>
const obj = (p: Obj, key: string) => (p['data'] as { object: Obj }).object[key]

describe('sequences', () => {
  it('every sequence generates its events in order, times increasing to now, distinct delivery ids', () => {
    for (const info of sequences) {
      const samples = generateSequence(info.id, ctx(1))
      expect(samples.map((s) => s.event)).toEqual(info.events)
      expect(new Set(samples.map((s) => s.deliveryId)).size).toBe(samples.length)
      expect(samples.every((s) => s.provider === info.provider)).toBe(true)
      for (const s of samples) expect(JSON.parse(s.body)).toEqual(s.payload)
    }
  })

  it('Stripe checkout: one customer, PaymentIntent, charge and invoice across the events', () => {
    const [customer, piCreated, charge, piSucceeded, session, invoice] = generateSequence('stripe-checkout', ctx(2)).map((s) => s.payload)
    const cus = obj(customer!, 'id')
    expect(cus).toMatch(/^cus_/)
    expect(obj(piCreated!, 'id')).toBe(obj(piSucceeded!, 'id'))
    expect(obj(piCreated!, 'status')).toBe('requires_payment_method')
    expect(obj(piSucceeded!, 'status')).toBe('succeeded')
    expect(obj(charge!, 'payment_intent')).toBe(obj(piSucceeded!, 'id'))
    expect(obj(session!, 'payment_intent')).toBe(obj(piSucceeded!, 'id'))
    for (const p of [piCreated, charge, piSucceeded, session, invoice]) expect(obj(p!, 'customer')).toBe(cus)
    expect(obj(invoice!, 'status')).toBe('paid')
    expect(Number(piCreated!['created'])).toBeLessThan(Number(invoice!['created']))
  })

  it('Stripe subscription lifecycle: one subscription; the update says what changed; deleted is canceled', () => {
    const events = generateSequence('stripe-subscription', ctx(3)).map((s) => s.payload)
    const sub = obj(events[0]!, 'id')
    expect(sub).toMatch(/^sub_/)
    expect(obj(events[4]!, 'id')).toBe(sub)
    expect(obj(events[5]!, 'id')).toBe(sub)
    expect(obj(events[5]!, 'status')).toBe('canceled')
    expect((events[4]!['data'] as Obj)['previous_attributes']).toBeDefined()
    const parent = obj(events[3]!, 'parent') as { subscription_details: Obj }
    expect(parent.subscription_details['subscription']).toBe(sub)
  })

  it('GitHub PR lifecycle: one repository and pull request; merged, and the push brings the merge commit', () => {
    const [opened, sync, review, closed, push] = generateSequence('github-pull-request', ctx(4)).map((s) => s.payload as Obj)
    const pr = (p: Obj) => p['pull_request'] as Obj
    expect(pr(opened!)['id']).toBe(pr(closed!)['id'])
    expect(pr(sync!)['number']).toBe(pr(opened!)['number'])
    expect(pr(review!)['id']).toBe(pr(opened!)['id'])
    expect(opened!['number']).toBe(closed!['number'])
    expect((opened!['repository'] as Obj)['full_name']).toBe((push!['repository'] as Obj)['full_name'])
    expect(pr(closed!)).toMatchObject({ merged: true, state: 'closed' })
    expect(push!['after']).toBe(pr(closed!)['merge_commit_sha'])
    expect(push!['ref']).toBe('refs/heads/main')
  })

  it('GitLab MR: one project and merge request iid across the flow', () => {
    const events = generateSequence('gitlab-merge-request', ctx(5)).map((s) => s.payload as Obj)
    const attrs = (p: Obj) => p['object_attributes'] as Obj
    const iid = attrs(events[0]!)['iid']
    for (const p of events.slice(0, 4)) expect(attrs(p)['iid']).toBe(iid)
    expect(attrs(events[3]!)['state']).toBe('merged')
    expect(new Set(events.map((p) => (p['project'] as Obj)['id'])).size).toBe(1)
  })

  it('plans: in order; shuffled (never the original order); duplicates repeat an earlier delivery later', () => {
    const samples = generateSequence('stripe-checkout', ctx(6))
    expect(deliveryPlan(samples, { shuffle: false, duplicates: false, random: createSeededRandom(1) }).map((d) => d.step)).toEqual([0, 1, 2, 3, 4, 5])
    for (let seed = 1; seed <= 50; seed++) {
      const plan = deliveryPlan(samples, { shuffle: true, duplicates: true, random: createSeededRandom(seed) })
      const firsts = plan.filter((d) => d.duplicateOf === null)
      expect(firsts.map((d) => d.step).sort()).toEqual([0, 1, 2, 3, 4, 5])
      expect(firsts.map((d) => d.step)).not.toEqual([0, 1, 2, 3, 4, 5])
      const repeats = plan.map((d, i) => [d, i + 1] as const).filter(([d]) => d.duplicateOf !== null)
      expect(repeats.length).toBeGreaterThan(0)
      for (const [d, position] of repeats) {
        const original = plan[(d.duplicateOf ?? 0) - 1]!
        expect(original.duplicateOf).toBeNull()
        expect(original.sample).toBe(d.sample)
        expect(d.duplicateOf!).toBeLessThan(position)
      }
    }
  })
})
