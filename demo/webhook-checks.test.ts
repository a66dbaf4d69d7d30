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

  it('accepts the documented example values and reports what breaks the documented formats (webhook-formats.md)', async () => {
    await Promise.all(['shopify', 'slack', 'standard-webhooks'].map((p) => loadCatalogue(p)))
    // Shopify orders/create: `#1001`, prices as strings ("404.95") with money bags, times with offsets, Triggered-At with fractions.
    const order = generateWebhook('shopify', 'orders/create', { now, random: createSeededRandom(2) })
    const documented = order.body.replace(/"name":"[^"]*"/, '"name":"#1001"')
    expect(await check(order, { ...order.headers, 'X-Shopify-API-Version': '2026-07', 'X-Shopify-Triggered-At': '2026-03-01T12:34:56.789012345Z' }, documented)).toEqual([])
    const broken = JSON.parse(order.body) as Obj
    Object.assign(broken, { name: '1001', total_price: 404.95, processed_at: '2026-03-01T12:34:56' })
    delete broken['shipping_lines']
    const rawId = /^\{\s*"id"\s*:\s*(\d+)/.exec(order.body)?.[1] ?? ''
    const shopifyProblems = await check(order, { ...order.headers, 'X-Shopify-Triggered-At': '2026-03-01T12:34:56Z' }, JSON.stringify(broken).replace(/^\{"id":[^,]+/, `{"id":${rawId}`))
    expect(shopifyProblems).toEqual(
      expect.arrayContaining([
        'X-Shopify-Triggered-At is not an ISO 8601 time with fractional seconds.',
        'The orders/create body lacks shipping_lines.',
        'The order\'s name "1001" is not #<number>.',
        'The order\'s processed_at is not an ISO 8601 time with an offset.',
        'The order\'s total_price is not a decimal string ("404.95").',
        'The order\'s total_price_set.shop_money.amount is not its total_price.',
      ]),
    )

    // Slack: ids are a prefix letter and capitals/digits, 9–12 long; ts like 1525215129.000001; a user's message has a user.
    const message = generateWebhook('slack', 'message', { now, random: createSeededRandom(2) })
    const envelope = JSON.parse(message.body) as Obj & { event: Obj }
    Object.assign(envelope, { event_id: 'Ev08MFMKH6' })
    Object.assign(envelope.event, { ts: '1525215129.000001', event_ts: '1525215129.000001' })
    expect(await check(message, message.headers, JSON.stringify(envelope))).toEqual([])
    Object.assign(envelope, { team_id: 'T123', is_ext_shared_channel: 'false' })
    Object.assign(envelope.event, { ts: '1525215129', channel_type: 'dm' })
    delete envelope.event['user']
    expect(await check(message, message.headers, JSON.stringify(envelope))).toEqual(
      expect.arrayContaining(['team_id is not a Slack team id (T…).', 'is_ext_shared_channel is not a boolean.', 'The message event lacks user.', 'event.ts is not a Slack ts (seconds.micros).', 'event.channel_type dm is none of channel, group, im, mpim, app_home.']),
    )
    const reaction = generateWebhook('slack', 'reaction_added', { now, random: createSeededRandom(2) })
    const reacted = JSON.parse(reaction.body) as Obj & { event: Obj }
    reacted.event['item'] = { type: 'message', channel: 'general', ts: '1525215129.000001' }
    expect(await check(reaction, reaction.headers, JSON.stringify(reacted))).toContain('event.item is not {type: "message", channel, ts}.')

    // Standard Webhooks: the spec's example id and signature entry; anything else in webhook-signature is reported.
    const standard = generateWebhook('standard-webhooks', 'invoice.paid', { now, random: createSeededRandom(2) })
    const signed = { ...standard.headers, 'webhook-id': 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W', 'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE= v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' }
    expect(await check(standard, signed)).toEqual([])
    expect(await check(standard, { ...signed, 'webhook-signature': 'sha256=83ab' })).toEqual(['webhook-signature is not space-separated v1,<base64> entries.'])
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
