/**
 * The receiver's sequence checks: a GitHub pull request or GitLab merge request sequence, delivered in
 * any order with repeats, is consistent once all of it has arrived; a sequence whose story breaks (the
 * head moving without a push, a review off the head, the merge commit not pushed, a second MR id, a
 * last_commit change without an update, a redelivery with another body) is reported; while deliveries
 * are missing, what they could explain is only `unexplained`, never a problem.
 */
import { describe, expect, it } from 'vitest'
import { createSeededRandom, loadSequences, type WebhookSample } from '@/features/webhooks/core'
import { createStoryChecker } from './webhook-story'
import { parseDeliveryBody } from './webhook-checks'

const now = new Date('2026-03-01T12:00:00Z')
type Obj = Record<string, unknown>

async function verdict(samples: readonly WebhookSample[]): Promise<{ problems: string[]; unexplained: string[]; deliveries: number; redelivery: string[] }> {
  const checker = createStoryChecker()
  let last = { problems: [] as string[], unexplained: [] as string[], deliveries: 0 }
  const redelivery: string[] = []
  for (const s of samples) {
    const result = checker.add(s.provider, s.deliveryId, parseDeliveryBody(s.body), s.body)
    redelivery.push(...result.redelivery)
    if (result.story) last = result.story
  }
  return { ...last, redelivery }
}

function edit(sample: WebhookSample, change: (payload: Obj) => void): WebhookSample {
  const payload = JSON.parse(sample.body) as Obj
  change(payload)
  return { ...sample, payload, body: JSON.stringify(payload) }
}

describe('receiver sequence checks', () => {
  it.each(['github-pull-request', 'gitlab-merge-request', 'stripe-checkout', 'stripe-checkout-subscription', 'stripe-subscription'])('%s: consistent in any order, with repeats', async (id) => {
    const { generateSequence, deliveryPlan } = await loadSequences()
    for (let seed = 1; seed <= 20; seed++) {
      const samples = generateSequence(id, { now, random: createSeededRandom(seed) })
      const plan = deliveryPlan(samples, { shuffle: seed % 2 === 0, duplicates: true, random: createSeededRandom(seed + 100) })
      const result = await verdict(plan.map((d) => d.sample))
      expect(result.problems, `seed ${seed}`).toEqual([])
      expect(result.unexplained, `seed ${seed}`).toEqual([])
      expect(result.redelivery).toEqual([])
      expect(result.deliveries).toBe(samples.length)
    }
  }, 30_000) // 20 sequences generated; seconds on a shared machine

  it('GitHub: reports a head moved without a push, a review off the head and a push that is not the merge commit', async () => {
    const { generateSequence } = await loadSequences()
    const [opened, sync, review, closed, push] = generateSequence('github-pull-request', { now, random: createSeededRandom(3) })
    const moved = edit(closed!, (p) => ((p['pull_request'] as { head: Obj }).head['sha'] = 'a'.repeat(40)))
    const offHead = edit(review!, (p) => ((p['review'] as Obj)['commit_id'] = 'b'.repeat(40)))
    const notMerge = edit(push!, (p) => (p['after'] = 'c'.repeat(40)))
    const { problems, unexplained } = await verdict([opened!, sync!, offHead, moved, notMerge])
    expect(unexplained.join('\n')).toMatch(/head moved from .* without a push/)
    expect(problems.join('\n')).toMatch(/the review is on b{40}/)
    expect(problems.join('\n')).toMatch(/brings c{40}, not the merge commit/)
  })

  it('GitLab: reports a second MR id, a last_commit change without an update and a push that is not the merge', async () => {
    const { generateSequence } = await loadSequences()
    const [open, update, approved, merge, push] = generateSequence('gitlab-merge-request', { now, random: createSeededRandom(4) })
    const otherId = edit(approved!, (p) => ((p['object_attributes'] as Obj)['id'] = 1))
    const moved = edit(merge!, (p) => (((p['object_attributes'] as Obj)['last_commit'] as Obj)['id'] = 'd'.repeat(40)))
    const notMerge = edit(push!, (p) => (p['after'] = 'e'.repeat(40)))
    const { problems, unexplained } = await verdict([open!, update!, otherId, moved, notMerge])
    expect(problems.join('\n')).toMatch(/object_attributes.id differs/)
    expect(unexplained.join('\n')).toMatch(/last_commit changed from .* \(approved\) to d{40} \(merge\) without an update/)
    expect(problems.join('\n')).toMatch(/brings e{40}, not the merge's/)
  })

  it('Stripe: reports another customer\u2019s PaymentIntent, a second invoice, an event under a second id, a status going back and a stale previous_attributes', async () => {
    const { generateSequence } = await loadSequences()
    const checkout = generateSequence('stripe-checkout', { now, random: createSeededRandom(7) })
    const other = generateSequence('stripe-checkout', { now, random: createSeededRandom(8) })
    const [customer, piCreated, charge, piSucceeded, session, invoice] = checkout
    const foreignPi = String((other[1]!.payload as { data: { object: Obj } }).data.object['id'])
    const stolen = edit(charge!, (p) => (((p['data'] as Obj)['object'] as Obj)['payment_intent'] = foreignPi))
    const secondInvoice = edit(session!, (p) => (((p['data'] as Obj)['object'] as Obj)['invoice'] = 'in_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2'))
    // A Stripe delivery's id is its event's.
    const renamed = { ...edit(invoice!, (p) => (p['id'] = 'evt_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2')), deliveryId: 'evt_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2' }
    const backwards = {
      ...edit(piSucceeded!, (p) => {
        p['id'] = 'evt_Aa1Bb2Cc3Dd4Ee5Ff6Gg7Hh8'
        p['created'] = Number(p['created']) + 1000
        ;((p['data'] as Obj)['object'] as Obj)['status'] = 'requires_payment_method'
      }),
      deliveryId: 'evt_Aa1Bb2Cc3Dd4Ee5Ff6Gg7Hh8',
    }
    const { problems } = await verdict([...other, customer!, piCreated!, stolen, piSucceeded!, secondInvoice, invoice!, renamed, backwards])
    const text = problems.join('\n')
    expect(text).toContain(`${foreignPi} is ${String((other[0]!.payload as { data: { object: Obj } }).data.object['id'])}\u2019s`)
    expect(text).toMatch(/name 2 PaymentIntents/)
    expect(text).toMatch(/name 2 invoices \(.*in_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2.*\)/)
    expect(text).toMatch(/and evt_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2 \(invoice.paid\) are the same event under two ids/)
    expect(text).toMatch(/is succeeded in .* and back to requires_payment_method/)

    const [created, , , , updated] = generateSequence('stripe-subscription', { now, random: createSeededRandom(9) })
    const stale = edit(updated!, (p) => {
      const previous = (p['data'] as Obj)['previous_attributes'] as Obj
      for (const key of Object.keys(previous)) previous[key] = key === 'items' ? previous[key] : 'not what it was'
      previous['cancel_at_period_end'] = !((created!.payload as { data: { object: Obj } }).data.object['cancel_at_period_end'] as boolean)
    })
    const result = await verdict([created!, stale])
    expect(result.problems).toEqual([])
    expect(result.unexplained).toEqual(expect.arrayContaining([expect.stringMatching(/previous_attributes.cancel_at_period_end is not sub_\w+\u2019s cancel_at_period_end in evt_\w+ \(customer.subscription.created\)/)]))
  })

  it('a delivery still on its way is no problem: the review before the synchronize is unexplained until it arrives', async () => {
    const { generateSequence } = await loadSequences()
    const [opened, sync, review] = generateSequence('github-pull-request', { now, random: createSeededRandom(6) })
    const early = await verdict([opened!, review!])
    expect(early.problems).toEqual([])
    expect(early.unexplained).toEqual([expect.stringMatching(/head moved .* without a push/)])
    expect(await verdict([opened!, review!, sync!])).toMatchObject({ problems: [], unexplained: [] })
  })

  it('reports a redelivery whose body differs from the first delivery', async () => {
    const { generateSequence } = await loadSequences()
    const [opened] = generateSequence('github-pull-request', { now, random: createSeededRandom(5) })
    const { redelivery } = await verdict([opened!, edit(opened!, (p) => (p['number'] = 1))])
    expect(redelivery).toEqual([expect.stringContaining('was received before with a different body')])
  })
})
