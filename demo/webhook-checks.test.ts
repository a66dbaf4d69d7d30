/**
 * Every catalogue event of Stripe, GitLab, Shopify, Slack and Standard Webhooks matches what the provider
 * documents (the receiver's checks, demo/webhook-checks.ts; Stripe's against the `stripe` package's
 * types), and names the event it is: Stripe's `type`, GitLab's `object_kind`/action, Shopify's topic,
 * Slack's event or payload type, Standard Webhooks' `type`. The checks themselves are live: a delivery
 * that breaks a documented rule is reported.
 */
import { describe, expect, it } from 'vitest'
import { createSeededRandom, generateWebhook, loadCatalogue, type WebhookSample } from '@/features/webhooks/core'
import { checkDelivery, parseDeliveryBody } from './webhook-checks'

const now = new Date('2026-03-01T12:34:56.789Z')
type Obj = Record<string, unknown>

function check(sample: WebhookSample, headers: Record<string, string> = sample.headers, body = sample.body): Promise<string[]> {
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
  return checkDelivery(sample.provider, (name) => lower.get(name), parseDeliveryBody(body), body)
}

/** The event a delivery says it is, read from the body and headers as the provider documents. */
const NAMED: Record<string, (s: WebhookSample, body: Obj) => string> = {
  stripe: (_s, body) => String(body['type']),
  gitlab: (s, body) => {
    const action = (body['object_attributes'] as Obj | undefined)?.['action'] ?? body['action']
    const kind = String(body['object_kind'])
    return s.event.includes('.') ? `${kind}.${String(action)}` : kind
  },
  shopify: (s) => s.headers['X-Shopify-Topic'] ?? '',
  slack: (_s, body) => String((body['event'] as Obj | undefined)?.['type'] ?? body['type']),
  'standard-webhooks': (_s, body) => String(body['type']),
}

describe('catalogues against the providers\u2019 documented formats', () => {
  it.each(Object.keys(NAMED))('%s: every event matches the documented shape and names itself', async (provider) => {
    const events = await loadCatalogue(provider)
    const failures: string[] = []
    for (const { type } of events) {
      for (let seed = 1; seed <= 3; seed++) {
        const sample = generateWebhook(provider, type, { now, random: createSeededRandom(seed) })
        const problems = await check(sample)
        if (problems.length) failures.push(`${type} seed ${seed}: ${problems.join(' ')}`)
        const named = NAMED[provider]!(sample, parseDeliveryBody(sample.body) ?? {})
        if (named !== type) failures.push(`${type} seed ${seed}: the delivery names itself ${named}`)
      }
    }
    expect(failures).toEqual([])
    expect(events.length).toBeGreaterThan(9)
  }, 30_000) // Stripe: 275 events × 3 seeds, seconds on a shared machine

  it('reports a delivery that breaks a documented rule', async () => {
    await Promise.all(['gitlab', 'shopify', 'slack'].map((p) => loadCatalogue(p)))
    const pipeline = generateWebhook('gitlab', 'pipeline', { now, random: createSeededRandom(1) })
    expect(await check(pipeline, { ...pipeline.headers, 'X-Gitlab-Event': 'Job Hook' })).toContainEqual(expect.stringContaining('does not match object_kind pipeline'))
    const order = generateWebhook('shopify', 'orders/create', { now, random: createSeededRandom(1) })
    expect((await check(order, { ...order.headers, 'X-Shopify-Topic': 'products/create' })).join(' ')).toMatch(/not the topic's resource|lacks/)
    const message = generateWebhook('slack', 'message', { now, random: createSeededRandom(1) })
    const envelope = JSON.parse(message.body) as Obj
    delete envelope['authorizations']
    expect(await check(message, message.headers, JSON.stringify({ ...envelope, event_id: 'E123' }))).toEqual(expect.arrayContaining([expect.stringContaining('authorizations'), 'event_id is not an Ev… id.']))
    const standard = generateWebhook('standard-webhooks', 'invoice.paid', { now, random: createSeededRandom(1) })
    expect(await check(standard, { ...standard.headers, 'webhook-timestamp': '1' })).toContain('timestamp is more than 5 minutes from webhook-timestamp.')
  })

  it('Stripe: reports a placeholder id, a missing always-present field, a wrong prefix and a previous_attributes key the object lacks', async () => {
    await loadCatalogue('stripe')
    const paid = generateWebhook('stripe', 'payment_intent.succeeded', { now, random: createSeededRandom(1) })
    const event = JSON.parse(paid.body) as { data: { object: Obj; previous_attributes?: Obj } }
    event.data.object['customer'] = 'customer'
    delete event.data.object['amount_received']
    event.data.object['latest_charge'] = 'py_1234'
    event.data.previous_attributes = { colour: 'blue' }
    const problems = await check(paid, paid.headers, JSON.stringify(event))
    expect(problems).toEqual(
      expect.arrayContaining([
        "payment_intent.succeeded: data.object.customer: the field's own name as value.",
        'payment_intent.succeeded: data.object.amount_received: missing.',
        'payment_intent.succeeded: data.object.latest_charge: dummy id py_1234.',
        'payment_intent.succeeded: data.previous_attributes.colour: not a field of PaymentIntent.',
      ]),
    )
    expect(await check(paid, { ...paid.headers, 'Content-Type': 'text/plain' })).toEqual(['Content-Type is not application/json.'])
  })
})
