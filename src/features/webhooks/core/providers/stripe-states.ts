/**
 * What a Stripe object looks like after an event's action: its status, and the fields that follow from it
 * (a succeeded PaymentIntent received its amount, a refunded charge lists its refund, a paid invoice owes
 * nothing). The generated templates give every field its type; this gives the values a story.
 */
import { randomString, ALPHANUMERIC } from '../ids'
import type { RandomSource } from '../random'

/** What settling needs of the delivery. */
export interface SettleContext {
  /** The event's time, Unix seconds. */
  readonly now: number
  readonly amount: number
  readonly currency: string
  readonly email: string
  readonly name: string
  /** The delivery's id for a prefix (`sub` → its subscription). */
  id(prefix: string): string
  readonly random: RandomSource
  /** Whether the object is new to the story (else it is the state an earlier event left). */
  readonly fresh: boolean
  /** Whether the story has a payment-mode Checkout Session (its invoice is the session's, not a subscription's). */
  readonly checkout: boolean
  /** Whether the story has a subscription (its Checkout Session, if any, is in subscription mode). */
  readonly subscription: boolean
}

type Obj = Record<string, unknown>

/** The status an object has after the event's action, where the action says it. */
const STATUS_AFTER: Record<string, Record<string, string>> = {
  payment_intent: { succeeded: 'succeeded', canceled: 'canceled', processing: 'processing', requires_action: 'requires_action', payment_failed: 'requires_payment_method', amount_capturable_updated: 'requires_capture', created: 'requires_payment_method', partially_funded: 'requires_payment_method' },
  charge: { succeeded: 'succeeded', failed: 'failed', pending: 'pending', captured: 'succeeded', refunded: 'succeeded', expired: 'failed' },
  invoice: { paid: 'paid', payment_succeeded: 'paid', payment_failed: 'open', finalized: 'open', voided: 'void', marked_uncollectible: 'uncollectible', created: 'draft', overdue: 'open', sent: 'open', payment_action_required: 'open', finalization_failed: 'draft', upcoming: 'draft', will_be_due: 'open' },
  'checkout.session': { completed: 'complete', expired: 'expired', async_payment_succeeded: 'complete', async_payment_failed: 'complete' },
  subscription: { created: 'active', deleted: 'canceled', paused: 'paused', resumed: 'active', trial_will_end: 'trialing', updated: 'active' },
  setup_intent: { succeeded: 'succeeded', canceled: 'canceled', requires_action: 'requires_action', setup_failed: 'requires_payment_method', created: 'requires_payment_method' },
  payout: { paid: 'paid', failed: 'failed', canceled: 'canceled', created: 'pending' },
  refund: { created: 'succeeded', failed: 'failed' },
  topup: { succeeded: 'succeeded', failed: 'failed', canceled: 'canceled', reversed: 'reversed', created: 'pending' },
  quote: { accepted: 'accepted', canceled: 'canceled', finalized: 'open', created: 'draft' },
}

/** A plausible earlier value of a status, for `previous_attributes`. */
const STATUS_BEFORE: Record<string, string> = {
  active: 'trialing', succeeded: 'processing', paid: 'open', open: 'draft', complete: 'open', canceled: 'active', trialing: 'incomplete', pending: 'in_transit',
}

/** A plausible earlier value of a status, for `previous_attributes`. */
export function statusBefore(status: string): string | undefined {
  return STATUS_BEFORE[status]
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Sets `key` only where the object has it (the API version decides which fields exist). */
function set(object: unknown, key: string, value: unknown): void {
  if (isObj(object) && key in object) object[key] = value
}

/** The items of a list field (`{ object: 'list', data: [...] }`), or an empty array. */
function items(object: Obj, key: string): Obj[] {
  const list = object[key]
  return isObj(list) && Array.isArray(list['data']) ? (list['data'] as Obj[]) : []
}

/** Keeps the first `n` items of a list field. */
function keepItems(object: Obj, key: string, n: number): void {
  const list = object[key]
  if (isObj(list) && Array.isArray(list['data'])) list['data'] = list['data'].slice(0, n)
}

function paymentIntent(o: Obj, action: string, c: SettleContext): void {
  const succeeded = o['status'] === 'succeeded'
  set(o, 'amount_received', succeeded ? o['amount'] : 0)
  set(o, 'amount_capturable', o['status'] === 'requires_capture' ? o['amount'] : 0)
  set(o, 'canceled_at', action === 'canceled' ? c.now : null)
  set(o, 'cancellation_reason', action === 'canceled' ? 'requested_by_customer' : null)
  set(o, 'latest_charge', action === 'created' ? null : c.id('ch'))
  set(o, 'payment_method', action === 'created' ? null : c.id('pm'))
  if (action !== 'payment_failed') set(o, 'last_payment_error', null)
  if (action !== 'requires_action') set(o, 'next_action', null)
  set(o, 'receipt_email', c.email)
  // A direct payment: no Connect transfer.
  set(o, 'transfer_data', null)
  if (c.fresh) set(o, 'client_secret', `${String(o['id'])}_secret_${randomString(c.random, ALPHANUMERIC, 25)}`)
}

function charge(o: Obj, action: string, c: SettleContext): void {
  const status = o['status']
  const refunded = action === 'refunded'
  set(o, 'paid', status === 'succeeded')
  set(o, 'captured', status === 'succeeded')
  set(o, 'amount_captured', status === 'succeeded' ? o['amount'] : 0)
  set(o, 'refunded', refunded)
  set(o, 'amount_refunded', refunded ? o['amount'] : 0)
  set(o, 'failure_code', status === 'failed' ? 'card_declined' : null)
  set(o, 'failure_message', status === 'failed' ? 'Your card was declined.' : null)
  set(o, 'receipt_email', c.email)
  // A card payment of a PaymentIntent: no legacy Source, no Connect transfer.
  set(o, 'source', null)
  set(o, 'transfer_data', null)
  set(o, 'billing_details', { ...(isObj(o['billing_details']) ? o['billing_details'] : {}), email: c.email, name: c.name })
  if (!c.fresh && !refunded) return
  keepItems(o, 'refunds', refunded ? 1 : 0)
  for (const refund of items(o, 'refunds')) {
    set(refund, 'amount', o['amount'])
    set(refund, 'status', 'succeeded')
    set(refund, 'reason', 'requested_by_customer')
    set(refund, 'created', c.now)
    set(refund, 'balance_transaction', c.id('txn'))
  }
}

/**
 * A one-time payment's session pays a PaymentIntent and (invoice creation on) gets its own invoice; a
 * subscription's session starts the story's subscription, whose first invoice it pays (no PaymentIntent
 * of its own, no invoice creation).
 */
function checkoutSession(o: Obj, action: string, c: SettleContext): void {
  const paid = action === 'completed' || action === 'async_payment_succeeded'
  set(o, 'payment_status', paid ? 'paid' : 'unpaid')
  set(o, 'mode', c.subscription ? 'subscription' : 'payment')
  set(o, 'payment_intent', c.subscription ? null : c.id('pi'))
  set(o, 'invoice', c.id('in'))
  if (c.subscription) set(o, 'invoice_creation', null)
  else if (isObj(o['invoice_creation'])) o['invoice_creation']['enabled'] = true
  set(o, 'subscription', c.subscription ? c.id('sub') : null)
  set(o, 'amount_total', c.amount)
  set(o, 'amount_subtotal', c.amount)
  set(o, 'currency', c.currency)
  set(o, 'currency_conversion', null)
  if (isObj(o['customer_details'])) Object.assign(o['customer_details'], { email: c.email, name: c.name })
  set(o, 'customer_email', c.email)
}

/** Makes an invoice's fields agree with its status after the event; one line of the flow's subscription. */
function invoice(o: Obj, action: string, c: SettleContext): void {
  const paid = o['status'] === 'paid'
  set(o, 'attempted', paid || action === 'payment_failed' || action === 'payment_action_required')
  set(o, 'attempt_count', o['attempted'] ? 1 : 0)
  set(o, 'amount_paid', paid ? o['amount_due'] : 0)
  set(o, 'amount_remaining', paid ? 0 : o['amount_due'])
  set(o, 'amount_overpaid', 0)
  if (action !== 'finalization_failed') set(o, 'last_finalization_error', null)
  set(o, 'from_invoice', null)
  set(o, 'customer_email', c.email)
  set(o, 'customer_name', c.name)
  if (!c.fresh) return
  // A Checkout payment's invoice has no parent; otherwise it is the flow's subscription's (its first,
  // when the subscription is in the story).
  set(o, 'billing_reason', c.checkout ? 'manual' : c.subscription ? 'subscription_create' : 'subscription_cycle')
  set(o, 'parent', c.checkout ? null : { quote_details: null, subscription_details: { metadata: {}, subscription: c.id('sub') }, type: 'subscription_details' })
  keepItems(o, 'lines', 1)
  for (const line of items(o, 'lines')) {
    set(line, 'amount', o['total'])
    set(line, 'subscription', c.checkout ? null : c.id('sub'))
    if (c.checkout) set(line, 'parent', null)
  }
}

/** Makes a subscription's cancellation fields agree with its status after the event. */
function subscription(o: Obj, action: string, c: SettleContext): void {
  const canceled = action === 'deleted'
  set(o, 'canceled_at', canceled ? c.now : null)
  set(o, 'ended_at', canceled ? c.now : null)
  set(o, 'cancel_at', null)
  set(o, 'cancel_at_period_end', false)
  set(o, 'pause_collection', null)
  set(o, 'pending_update', null)
  set(o, 'latest_invoice', c.id('in'))
  if (!c.fresh) return
  keepItems(o, 'items', 1)
  for (const item of items(o, 'items')) {
    set(item, 'current_period_start', c.now)
    set(item, 'current_period_end', c.now + 30 * 86_400)
  }
}

const SETTLE: Record<string, (o: Obj, action: string, c: SettleContext) => void> = { payment_intent: paymentIntent, charge, 'checkout.session': checkoutSession, invoice, subscription }

/**
 * Sets the status the event's action leaves `object` in and the fields that follow from it.
 * @param objectName - the object's `object` (`invoice`)
 * @param action - the event type's last part (`payment_failed`)
 */
export function settle(objectName: string, object: Obj, action: string, c: SettleContext): void {
  const status = STATUS_AFTER[objectName]?.[action]
  if (status !== undefined && typeof object['status'] === 'string') object['status'] = status
  SETTLE[objectName]?.(object, action, c)
  set(object, 'livemode', false)
}
