/** Stripe: the provider (built-in events, `Stripe-Signature` t=…,v1=… signing); events are built in stripe-fill.ts. */
import { hmacSha256, toHex } from '../crypto'
import { serializeStripe, stripeEventFromTemplate, stripeFill } from './stripe-fill'
import { unixSeconds } from '../time'
import type { WebhookProvider } from '../types'
import { data } from '../catalogue/generated/stripe-featured-data'

export { STRIPE_API_VERSION } from './stripe-fill'

const featured = data as { events: [string, string][]; objects: Record<string, unknown>; statuses: Record<string, string[]>; updates: Record<string, Record<string, unknown>> }

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
  // The built-in events' objects are generated from the `stripe` types like the catalogue's (a test checks).
  generate(eventType, ctx) {
    const objectName = featured.events.find((e) => e[0] === eventType)?.[1]
    if (!objectName) throw new Error(`stripe: no template for ${eventType}`)
    const template = { object: featured.objects[objectName], statuses: featured.statuses[objectName], update: featured.updates[objectName] }
    return stripeEventFromTemplate(eventType, objectName, template, ctx, stripeFill(ctx))
  },
  serialize: serializeStripe,
  async sign(body, secret, { now }) {
    const t = unixSeconds(now)
    const v1 = toHex(await hmacSha256(secret, `${t}.${body}`))
    return { 'Stripe-Signature': `t=${t},v1=${v1}` }
  },
}
