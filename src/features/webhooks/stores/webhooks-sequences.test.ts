/**
 * Overrides and sequences in the stores, against the real demo receiver (in-process, free port):
 * overrides survive Regenerate; a shuffled sequence with duplicates is signed, verified and its repeats
 * reported by the handler.
 */
import type { Server } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { decodeFormPayload, loadCatalogue, type FieldOverride } from '@/features/webhooks/core'
import { readReceiverReport } from '@/features/webhooks/core/delivery-format'
import { useWebhookStore } from './webhooks'
import { useWebhookOverridesStore } from './webhooks-overrides'
import { summary, useWebhookSequencesStore } from './webhooks-sequences'
import { DEMO_SECRETS } from '../../../../demo/webhook-secrets'
import { startWebhookReceiver } from '../../../../demo/webhook-receiver'
import { installMemoryLocalStorage } from '../../../shared/testing/memory-storage'

const storage = installMemoryLocalStorage()
let receiver: { origin: string; server: Server }
beforeAll(async () => {
  receiver = await startWebhookReceiver(0)
})
afterAll(() => new Promise<void>((resolve) => receiver.server.close(() => resolve())))
beforeEach(() => {
  storage.clear()
  setActivePinia(createPinia())
})

/** Picks the event, adds the overrides (each accepted) and regenerates (fresh ids). */
async function regeneratedWith(provider: string, event: string, list: FieldOverride[]) {
  await loadCatalogue(provider)
  const store = useWebhookStore()
  const overrides = useWebhookOverridesStore()
  store.selectProvider(provider)
  store.selectEvent(event)
  for (const override of list) expect(store.addOverride(override)).toBeNull()
  const first = store.sample
  store.regenerate()
  expect(store.sample.deliveryId).not.toBe(first.deliveryId)
  return { store, overrides }
}

describe('overrides', () => {
  it('apply at once and survive Regenerate (fresh ids, the user\u2019s values kept); removing one restores the generated value', async () => {
    const { store, overrides } = await regeneratedWith('stripe', 'invoice.payment_failed', [
      { path: 'data.object.metadata.order_id', op: 'set', value: '"A-1001"' },
      { path: 'data.object.amount_due', op: 'set', value: '4200' },
      { path: 'data.object.customer_email', op: 'remove', value: '' },
    ])
    const object = (JSON.parse(store.bodyText) as { data: { object: Record<string, unknown> } }).data.object
    expect(object['metadata']).toEqual({ order_id: 'A-1001' })
    expect(object['amount_due']).toBe(4200)
    expect('customer_email' in object).toBe(false)
    expect(store.bodyText).toBe(store.sample.body)
    store.removeOverride(1)
    expect((JSON.parse(store.bodyText) as { data: { object: Record<string, unknown> } }).data.object['amount_due']).not.toBe(4200)
    expect(store.addOverride({ path: 'a..b', op: 'set', value: '1' })).toMatch(/position 3/)
    expect(overrides.overrides).toHaveLength(2)
  })

  it('on a form-encoded Slack block_actions payload: apply to the inner JSON, survive Regenerate, and the signed form verifies', async () => {
    const { store } = await regeneratedWith('slack', 'block_actions', [{ path: 'actions[0].value', op: 'set', value: 'reject' }])
    expect(store.bodyText).toMatch(/^payload=%7B/)
    expect(store.bodyProblem).toBeNull()
    const inner = JSON.parse(decodeFormPayload(store.bodyText) ?? '') as { actions: { value: string }[]; trigger_id: string }
    expect(inner.actions[0]?.value).toBe('reject')
    expect(inner.trigger_id).toBe(store.sample.deliveryId)
    store.handlerUrl = `${receiver.origin}/webhook`
    store.sign = true
    store.secret = DEMO_SECRETS['slack'] ?? ''
    expect(await store.send(1, { origin: 'http://127.0.0.1:4173', online: true })).toBe('sent')
    expect(readReceiverReport(store.results[0]?.body ?? '')).toMatchObject({ signatureValid: true, deliveryId: inner.trigger_id })
  })

  it('says what each change did: set, not applied, removed, all removed', async () => {
    const store = useWebhookStore()
    const { message } = useAnnouncer()
    const heard = async () => {
      await nextTick()
      await nextTick()
      return message.value
    }
    store.addOverride({ path: 'ref', op: 'set', value: '"refs/heads/x"' })
    expect(await heard()).toBe('Set ref; kept on Regenerate.')
    store.addOverride({ path: 'ref.x', op: 'set', value: '1' })
    expect(await heard()).toBe('Override not applied: ref is not an object.')
    store.removeOverride(0)
    expect(await heard()).toBe('Override of ref removed.')
    store.clearOverrides()
    expect(await heard()).toBe('All overrides removed.')
    expect(useWebhookOverridesStore().overrides).toEqual([])
  })

  it('an override the event cannot take is reported, the others still apply', () => {
    const store = useWebhookStore()
    const overrides = useWebhookOverridesStore()
    store.addOverride({ path: 'ref.x', op: 'set', value: '1' })
    store.addOverride({ path: 'head_commit.message', op: 'set', value: 'custom message' })
    expect(overrides.problems).toEqual([{ index: 0, message: 'ref is not an object.' }])
    expect(store.bodyText).toContain('"message":"custom message"')
  })
})

describe('sequences', () => {
  it('sends a shuffled Stripe Checkout with duplicates: every delivery signed and verified, repeats reported as duplicates', async () => {
    const store = useWebhookStore()
    const sequences = useWebhookSequencesStore()
    store.selectProvider('stripe')
    store.handlerUrl = `${receiver.origin}/webhook`
    store.sign = true
    store.secret = DEMO_SECRETS.stripe ?? ''
    sequences.shuffle = true
    sequences.duplicates = true
    await sequences.send()
    const rows = sequences.deliveries
    expect(rows.length).toBeGreaterThan(6)
    expect(new Set(rows.filter((r) => r.duplicateOf === null).map((r) => r.event))).toEqual(
      new Set(['customer.created', 'payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded', 'checkout.session.completed', 'invoice.paid']),
    )
    for (const row of rows) {
      const report = readReceiverReport(row.result?.body ?? '')
      expect(row.result?.status, row.event).toBe(200)
      expect(report?.signatureValid, row.event).toBe(true)
      expect(report?.duplicate, `${row.event} #${row.position}`).toBe(row.duplicateOf !== null)
      if (row.duplicateOf !== null) expect(rows[row.duplicateOf - 1]?.deliveryId).toBe(row.deliveryId)
    }
    expect(summary(rows)).toMatch(/^Sequence sent: \d+ deliveries, \d+ answered 2xx; the handler reported \d+ as duplicates\.$/)
  })

  it('a handler that is not running: the first delivery says no server answered (not CORS), the rest are not sent', async () => {
    const closed = await startWebhookReceiver(0)
    const url = `${closed.origin}/webhook`
    await new Promise<void>((resolve) => closed.server.close(() => resolve()))
    const store = useWebhookStore()
    const sequences = useWebhookSequencesStore()
    store.selectProvider('stripe')
    store.handlerUrl = url
    store.sign = false
    await sequences.send()
    const [first, second] = sequences.deliveries
    expect(first?.error).toBe(`No response: No server answered at ${new URL(url).host}. Start the handler or check the host and port, then send again; the curl command below shows the exact cause.`)
    expect(second?.error).toBe('Not sent: an earlier delivery failed.')
  })

  it('is blocked without a handler URL or, when signing, a secret; providers without sequences say so', () => {
    const store = useWebhookStore()
    const sequences = useWebhookSequencesStore()
    store.selectProvider('github')
    expect(sequences.blocked).toBe('Enter a valid handler URL first.')
    store.handlerUrl = `${receiver.origin}/webhook`
    store.sign = true
    expect(sequences.blocked).toBe('Enter a secret to sign with, or turn signing off.')
    store.selectProvider('slack')
    expect(sequences.sequencesOf('slack')).toEqual([])
    expect(sequences.selectedOf('github')?.id).toBe('github-pull-request')
  })
})
