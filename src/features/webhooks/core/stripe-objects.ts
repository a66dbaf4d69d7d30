/**
 * Stripe API objects (`data.object` of events), written from Stripe's documented object shapes.
 * All amounts are integers in minor units; the same customer, price and product ids are reused
 * everywhere a sample mentions them.
 */
import { pick, randomInt, stripeId } from './ids'
import { addDays, unixSeconds } from './time'
import type { GenerateContext } from './types'

/** Ids and values shared by every object of one sample. */
export interface StripeScene {
  readonly created: number
  readonly currency: string
  readonly amount: number
  readonly customerId: string
  readonly customerName: string
  readonly customerEmail: string
  readonly paymentMethodId: string
  readonly paymentIntentId: string
  readonly chargeId: string
  readonly priceId: string
  readonly productId: string
  readonly subscriptionId: string
  readonly invoiceId: string
}

/** Fresh, consistent ids for one Stripe sample. */
export function stripeScene(ctx: GenerateContext): StripeScene {
  const { random } = ctx
  const name = pick(random, ['Jenny Rosen', 'Sample Customer', 'Test Buyer'])
  return {
    created: unixSeconds(ctx.now),
    currency: pick(random, ['usd', 'eur', 'gbp']),
    amount: randomInt(random, 5, 500) * 100 - pick(random, [0, 1, 5]),
    customerId: stripeId(random, 'cus', 14),
    customerName: name,
    customerEmail: `${name.toLowerCase().replace(/ /g, '.')}@example.com`,
    paymentMethodId: stripeId(random, 'pm', 24),
    paymentIntentId: stripeId(random, 'pi', 24),
    chargeId: stripeId(random, 'ch', 24),
    priceId: stripeId(random, 'price', 24),
    productId: stripeId(random, 'prod', 14),
    subscriptionId: stripeId(random, 'sub', 24),
    invoiceId: stripeId(random, 'in', 24),
  }
}

function billingDetails(s: StripeScene): Record<string, unknown> {
  return {
    address: { city: 'Springfield', country: 'US', line1: '123 Example Street', line2: null, postal_code: '12345', state: 'CA' },
    email: s.customerEmail,
    name: s.customerName,
    phone: null,
  }
}

/** A succeeded PaymentIntent. */
export function paymentIntent(s: StripeScene): Record<string, unknown> {
  return {
    id: s.paymentIntentId,
    object: 'payment_intent',
    amount: s.amount,
    amount_capturable: 0,
    amount_received: s.amount,
    capture_method: 'automatic_async',
    confirmation_method: 'automatic',
    created: s.created,
    currency: s.currency,
    customer: s.customerId,
    description: 'Sample order #1001',
    latest_charge: s.chargeId,
    livemode: false,
    metadata: { order_id: '1001' },
    payment_method: s.paymentMethodId,
    payment_method_types: ['card'],
    receipt_email: s.customerEmail,
    status: 'succeeded',
  }
}

/** An active Subscription with one item referencing the scene's price and product. */
export function subscription(s: StripeScene, ctx: GenerateContext): Record<string, unknown> {
  const periodEnd = unixSeconds(addDays(ctx.now, 30))
  const itemId = stripeId(ctx.random, 'si', 14)
  return {
    id: s.subscriptionId,
    object: 'subscription',
    billing_cycle_anchor: s.created,
    cancel_at_period_end: false,
    collection_method: 'charge_automatically',
    created: s.created,
    currency: s.currency,
    customer: s.customerId,
    default_payment_method: s.paymentMethodId,
    items: {
      object: 'list',
      data: [
        {
          id: itemId,
          object: 'subscription_item',
          created: s.created,
          current_period_end: periodEnd,
          current_period_start: s.created,
          metadata: {},
          price: {
            id: s.priceId,
            object: 'price',
            active: true,
            billing_scheme: 'per_unit',
            created: unixSeconds(addDays(ctx.now, -90)),
            currency: s.currency,
            livemode: false,
            product: s.productId,
            recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
            type: 'recurring',
            unit_amount: s.amount,
          },
          quantity: 1,
          subscription: s.subscriptionId,
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${s.subscriptionId}`,
    },
    latest_invoice: s.invoiceId,
    livemode: false,
    metadata: {},
    start_date: s.created,
    status: 'active',
  }
}

/** A completed Checkout Session in payment mode. */
export function checkoutSession(s: StripeScene, ctx: GenerateContext): Record<string, unknown> {
  return {
    id: stripeId(ctx.random, 'cs_test', 58),
    object: 'checkout.session',
    amount_subtotal: s.amount,
    amount_total: s.amount,
    cancel_url: 'https://example.com/checkout/cancel',
    client_reference_id: null,
    created: s.created,
    currency: s.currency,
    customer: s.customerId,
    customer_details: { address: billingDetails(s)['address'], email: s.customerEmail, name: s.customerName, phone: null, tax_exempt: 'none' },
    expires_at: unixSeconds(addDays(ctx.now, 1)),
    livemode: false,
    metadata: {},
    mode: 'payment',
    payment_intent: s.paymentIntentId,
    payment_method_types: ['card'],
    payment_status: 'paid',
    status: 'complete',
    success_url: 'https://example.com/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    url: null,
  }
}

/** An open Invoice whose automatic payment attempt failed. */
export function failedInvoice(s: StripeScene, ctx: GenerateContext): Record<string, unknown> {
  const periodStart = unixSeconds(addDays(ctx.now, -30))
  return {
    id: s.invoiceId,
    object: 'invoice',
    amount_due: s.amount,
    amount_paid: 0,
    amount_remaining: s.amount,
    attempt_count: 1,
    attempted: true,
    billing_reason: 'subscription_cycle',
    collection_method: 'charge_automatically',
    created: s.created,
    currency: s.currency,
    customer: s.customerId,
    customer_email: s.customerEmail,
    customer_name: s.customerName,
    hosted_invoice_url: null,
    lines: {
      object: 'list',
      data: [
        {
          id: stripeId(ctx.random, 'il', 24),
          object: 'line_item',
          amount: s.amount,
          currency: s.currency,
          description: '1 × Sample Plan (at per month)',
          period: { start: periodStart, end: s.created },
          pricing: { type: 'price_details', price_details: { price: s.priceId, product: s.productId }, unit_amount_decimal: String(s.amount) },
          quantity: 1,
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/invoices/${s.invoiceId}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: unixSeconds(addDays(ctx.now, 3)),
    parent: { type: 'subscription_details', subscription_details: { metadata: {}, subscription: s.subscriptionId } },
    period_end: s.created,
    period_start: periodStart,
    status: 'open',
    subtotal: s.amount,
    total: s.amount,
  }
}

/** A Charge refunded in full, with its Refund in `refunds`. */
export function refundedCharge(s: StripeScene, ctx: GenerateContext): Record<string, unknown> {
  const refundId = stripeId(ctx.random, 're', 24)
  return {
    id: s.chargeId,
    object: 'charge',
    amount: s.amount,
    amount_captured: s.amount,
    amount_refunded: s.amount,
    balance_transaction: stripeId(ctx.random, 'txn', 24),
    billing_details: billingDetails(s),
    captured: true,
    created: unixSeconds(addDays(ctx.now, -2)),
    currency: s.currency,
    customer: s.customerId,
    description: 'Sample order #1001',
    livemode: false,
    metadata: {},
    paid: true,
    payment_intent: s.paymentIntentId,
    payment_method: s.paymentMethodId,
    receipt_email: s.customerEmail,
    refunded: true,
    refunds: {
      object: 'list',
      data: [
        {
          id: refundId,
          object: 'refund',
          amount: s.amount,
          balance_transaction: stripeId(ctx.random, 'txn', 24),
          charge: s.chargeId,
          created: s.created,
          currency: s.currency,
          payment_intent: s.paymentIntentId,
          reason: 'requested_by_customer',
          status: 'succeeded',
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/charges/${s.chargeId}/refunds`,
    },
    status: 'succeeded',
  }
}
