/** Stripe: event envelopes around API objects, and `Stripe-Signature` (t=…,v1=…) signing. */
import { hmacSha256, toHex } from './crypto'
import { randomString, randomUuid, ALPHANUMERIC, stripeId } from './ids'
import { serializeJson } from './json'
import { checkoutSession, failedInvoice, paymentIntent, refundedCharge, stripeScene, subscription, type StripeScene } from './stripe-objects'
import { unixSeconds } from './time'
import type { GeneratedRequest, GenerateContext, WebhookProvider } from './types'

/** API version written into `api_version` of generated events: the pinned `stripe` package's (a test checks). */
export const STRIPE_API_VERSION = '2026-10-28.endive'

const objects: Record<string, (s: StripeScene, ctx: GenerateContext) => Record<string, unknown>> = {
  'payment_intent.succeeded': (s) => paymentIntent(s),
  'customer.subscription.created': subscription,
  'checkout.session.completed': checkoutSession,
  'invoice.payment_failed': failedInvoice,
  'charge.refunded': refundedCharge,
}

const serialize = (payload: Record<string, unknown>): string => serializeJson(payload, { indent: 2 })

/**
 * Wraps an API object in the event Stripe sends for `eventType` (fresh `evt_` id, request id and
 * idempotency key), with `previous_attributes` for update events.
 */
export function stripeRequest(eventType: string, object: Record<string, unknown>, ctx: GenerateContext, previousAttributes?: Record<string, unknown>): GeneratedRequest {
  const id = stripeId(ctx.random, 'evt', 24)
  const payload: Record<string, unknown> = {
    id,
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created: unixSeconds(ctx.now),
    data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: `req_${randomString(ctx.random, ALPHANUMERIC, 14)}`, idempotency_key: randomUuid(ctx.random) },
    type: eventType,
  }
  return {
    deliveryId: id,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'Cache-Control': 'no-cache',
      Accept: '*/*; q=0.5, application/xml',
    },
    payload,
    body: serialize(payload),
  }
}

/** Stripe: events with an `evt_` id; HMAC-SHA256 over `<t>.<body>` keyed with the whole `whsec_…` string. */
export const stripe: WebhookProvider = {
  id: 'stripe',
  name: 'Stripe',
  events: [
    { type: 'payment_intent.succeeded', label: 'PaymentIntent succeeded', description: 'Sent when a payment has been collected successfully.' },
    { type: 'customer.subscription.created', label: 'Subscription created', description: 'Sent when a customer starts a new subscription.' },
    { type: 'checkout.session.completed', label: 'Checkout Session completed', description: 'Sent when a customer finishes a Stripe Checkout payment page.' },
    { type: 'invoice.payment_failed', label: 'Invoice payment failed', description: 'Sent when the automatic payment of an invoice is declined.' },
    { type: 'charge.refunded', label: 'Charge refunded', description: 'Sent when a charge is refunded, fully or in part.' },
  ],
  signatureHeaders: ['Stripe-Signature'],
  signatureDescription: 'HMAC-SHA256 hex over "<t>.<raw body>" keyed with the whole whsec_ secret as UTF-8, sent as t=<unix>,v1=<hex>; 300 s tolerance.',
  secret: { label: 'Endpoint signing secret', example: 'whsec_sample0000000000000000000000', hint: 'The endpoint secret, usually whsec_…; it is used as-is (not base64-decoded).' },
  deliveryIdHeader: null,
  deliveryIdLocation: 'body.id (evt_…), unchanged on retries',
  timestampToleranceSeconds: 300,
  generate(eventType, ctx) {
    const build = objects[eventType]
    if (!build) throw new Error(`stripe: no template for ${eventType}`)
    return stripeRequest(eventType, build(stripeScene(ctx), ctx), ctx)
  },
  serialize,
  async sign(body, secret, { now }) {
    const t = unixSeconds(now)
    const v1 = toHex(await hmacSha256(secret, `${t}.${body}`))
    return { 'Stripe-Signature': `t=${t},v1=${v1}` }
  },
}
