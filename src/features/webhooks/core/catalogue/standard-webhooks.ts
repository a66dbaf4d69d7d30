/**
 * Typical Standard Webhooks message types (`invoice.*`, `payment.*`, `subscription.*`, `user.*`,
 * `order.*`), loaded on demand: a sample billing and shop system's events in the `{ type, timestamp, data }`
 * envelope of the specification.
 */
import { ALPHANUMERIC, pick, randomInt, randomString } from '../ids'
import { standardRequest, standardWebhooks } from '../providers/standard-webhooks'
import { addDays, isoMillis } from '../time'
import type { GenerateContext, GeneratedRequest } from '../types'
import type { CatalogueEvent, ProviderCatalogue } from './types'

const id = (ctx: GenerateContext, prefix: string, n = 20): string => `${prefix}_${randomString(ctx.random, ALPHANUMERIC, n)}`

function invoice(ctx: GenerateContext, status: string): Record<string, unknown> {
  const amount = randomInt(ctx.random, 10, 900) * 100
  return { id: id(ctx, 'inv'), customer_id: id(ctx, 'cust', 16), customer_email: 'billing@example.com', amount, currency: 'USD', status, due_at: isoMillis(addDays(ctx.now, 14)), lines: [{ description: 'Sample plan, monthly', quantity: 1, amount }] }
}

function payment(ctx: GenerateContext, status: 'succeeded' | 'failed'): Record<string, unknown> {
  return {
    id: id(ctx, 'pay'),
    invoice_id: id(ctx, 'inv'),
    amount: randomInt(ctx.random, 10, 900) * 100,
    currency: 'USD',
    status,
    method: { type: 'card', brand: pick(ctx.random, ['visa', 'mastercard']), last4: '4242' },
    ...(status === 'failed' ? { failure_code: 'card_declined', failure_message: 'The card was declined.' } : { paid_at: isoMillis(ctx.now) }),
  }
}

function subscription(ctx: GenerateContext, status: string): Record<string, unknown> {
  return { id: id(ctx, 'sub'), customer_id: id(ctx, 'cust', 16), plan: 'sample-monthly', status, current_period_start: isoMillis(ctx.now), current_period_end: isoMillis(addDays(ctx.now, 30)), ...(status === 'canceled' ? { canceled_at: isoMillis(ctx.now) } : {}) }
}

function user(ctx: GenerateContext, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: id(ctx, 'user', 16), email: 'sample.user@example.com', name: 'Sample User', created_at: isoMillis(ctx.now), ...extra }
}

function order(ctx: GenerateContext, status: string): Record<string, unknown> {
  const total = randomInt(ctx.random, 10, 500) * 100
  return { id: id(ctx, 'ord'), customer_id: id(ctx, 'cust', 16), status, total, currency: 'USD', items: [{ sku: 'SAMPLE-TEE-M', quantity: 1, price: total }], ...(status === 'shipped' ? { tracking: { carrier: 'Sample Post', number: randomString(ctx.random, ALPHANUMERIC, 12).toUpperCase() } } : {}) }
}

const builders: Record<string, (ctx: GenerateContext) => Record<string, unknown>> = {
  'invoice.created': (ctx) => invoice(ctx, 'open'),
  'invoice.payment_failed': (ctx) => invoice(ctx, 'past_due'),
  'payment.succeeded': (ctx) => payment(ctx, 'succeeded'),
  'payment.failed': (ctx) => payment(ctx, 'failed'),
  'subscription.created': (ctx) => subscription(ctx, 'active'),
  'subscription.canceled': (ctx) => subscription(ctx, 'canceled'),
  'user.created': (ctx) => user(ctx),
  'user.updated': (ctx) => user(ctx, { name: 'Sample User (renamed)', previous: { name: 'Sample User' } }),
  'user.deleted': (ctx) => ({ id: id(ctx, 'user', 16), deleted: true }),
  'order.created': (ctx) => order(ctx, 'pending'),
  'order.shipped': (ctx) => order(ctx, 'shipped'),
}

const more: CatalogueEvent[] = [
  { type: 'invoice.created', label: 'Invoice created', description: 'A sample billing system created an invoice.', category: 'invoice' },
  { type: 'invoice.payment_failed', label: 'Invoice payment failed', description: 'Collecting an invoice failed; it is past due.', category: 'invoice' },
  { type: 'payment.succeeded', label: 'Payment succeeded', description: 'A card payment was collected.', category: 'payment' },
  { type: 'payment.failed', label: 'Payment failed', description: 'A card payment was declined.', category: 'payment' },
  { type: 'subscription.created', label: 'Subscription created', description: 'A customer started a subscription.', category: 'subscription' },
  { type: 'subscription.canceled', label: 'Subscription canceled', description: 'A subscription was canceled.', category: 'subscription' },
  { type: 'user.created', label: 'User created', description: 'A user signed up.', category: 'user' },
  { type: 'user.updated', label: 'User updated', description: 'A user changed their profile.', category: 'user' },
  { type: 'user.deleted', label: 'User deleted', description: 'A user account was deleted.', category: 'user' },
  { type: 'order.created', label: 'Order created', description: 'A shop order was placed.', category: 'order' },
  { type: 'order.shipped', label: 'Order shipped', description: 'A shop order was handed to the carrier.', category: 'order' },
]

/** Standard Webhooks: the built-in `invoice.paid` plus typical billing, user and order types. */
export const standardWebhooksCatalogue: ProviderCatalogue = {
  events: [...standardWebhooks.events.map((e) => ({ ...e, category: 'invoice' })), ...more],
  generate(eventType: string, ctx: GenerateContext): GeneratedRequest {
    const build = builders[eventType]
    return build ? standardRequest(eventType, build(ctx), ctx) : standardWebhooks.generate(eventType, ctx)
  },
}
