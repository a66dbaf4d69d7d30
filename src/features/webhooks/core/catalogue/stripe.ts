/**
 * Every Stripe event type of the pinned API version, generated from the table that
 * `scripts/webhook-catalogue.mjs` derives from the `stripe` package's types (type, description, object)
 * and Stripe's own example object per resource (fields and formats; every id, time and personal value is
 * a placeholder filled fresh here). Loaded on demand, never in the route's first load.
 *
 * Ids keep Stripe's prefixes (`pi_`, `ch_`, `cus_`, `in_` …). Within one {@link StripeIds} the first id of
 * each prefix is shared, so every object of a delivery (and of a sequence) names the same customer,
 * PaymentIntent, invoice …; further ids of a prefix are fresh. `*.updated` events carry
 * `previous_attributes` with the value the changed field had before.
 */
import { pick, randomInt, stripeId } from '../ids'
import { stripeRequest } from '../stripe'
import { addDays, unixSeconds } from '../time'
import type { GenerateContext, GeneratedRequest } from '../types'
import type { CatalogueEvent, ProviderCatalogue } from './types'
import { data } from './generated/stripe-data'

interface StripeData {
  apiVersion: string
  /** `[type, description, object name]`, sorted by type. */
  events: [string, string, string][]
  /** Example object per object name, with `$id:<prefix>:<length>:<n>`, `$t:<days>`, `$email`, `$name` placeholders. */
  objects: Record<string, unknown>
}

const catalogue = data as StripeData

/** The API version the catalogue was generated for (the pinned `stripe` package's). */
export const stripeCatalogueApiVersion = catalogue.apiVersion

/** Objects without an example in Stripe's fixtures: a minimal object with the prefix Stripe uses for them. */
const MINIMAL_PREFIX: Record<string, string> = { 'apps.install': 'appinst', 'three_d_secure.authentication': 'threeds' }

/** The status an object has after the event's action, where the action says it. */
const STATUS_AFTER: Record<string, Record<string, string>> = {
  payment_intent: { succeeded: 'succeeded', canceled: 'canceled', processing: 'processing', requires_action: 'requires_action', payment_failed: 'requires_payment_method', amount_capturable_updated: 'requires_capture', created: 'requires_payment_method', partially_funded: 'requires_payment_method' },
  charge: { succeeded: 'succeeded', failed: 'failed', pending: 'pending', captured: 'succeeded', refunded: 'succeeded', expired: 'failed' },
  invoice: { paid: 'paid', payment_succeeded: 'paid', payment_failed: 'open', finalized: 'open', voided: 'void', marked_uncollectible: 'uncollectible', created: 'draft', overdue: 'open', sent: 'open', payment_action_required: 'open' },
  'checkout.session': { completed: 'complete', expired: 'expired', async_payment_succeeded: 'complete', async_payment_failed: 'complete' },
  subscription: { created: 'active', deleted: 'canceled', paused: 'paused', resumed: 'active', trial_will_end: 'trialing', updated: 'active' },
  setup_intent: { succeeded: 'succeeded', canceled: 'canceled', requires_action: 'requires_action', setup_failed: 'requires_payment_method', created: 'requires_payment_method' },
  payout: { paid: 'paid', failed: 'failed', canceled: 'canceled', created: 'pending' },
  refund: { created: 'succeeded', failed: 'failed' },
  topup: { succeeded: 'succeeded', failed: 'failed', canceled: 'canceled', reversed: 'reversed', created: 'pending' },
  quote: { accepted: 'accepted', canceled: 'canceled', finalized: 'open', created: 'draft' },
  review: {},
}

/** A plausible earlier value of a status, for `previous_attributes`. */
const STATUS_BEFORE: Record<string, string> = {
  active: 'trialing', succeeded: 'processing', paid: 'open', open: 'draft', complete: 'open', canceled: 'active', trialing: 'incomplete', pending: 'in_transit',
}

/** Relation fields and the prefix of the object they name. */
const RELATED: Record<string, string> = { customer: 'cus', payment_intent: 'pi', latest_charge: 'ch', charge: 'ch', payment_method: 'pm', invoice: 'in', subscription: 'sub' }

function setId(f: StripeFill, prefix: string): string {
  const id = stripeId(f.ctx.random, prefix, prefix === 'cus' ? 14 : 24)
  f.ids.set(prefix, id)
  return id
}

/** Ids shared by every object generated with it: prefix → the id of the delivery's (or sequence's) object. */
export type StripeIds = Map<string, string>

/** Values one delivery shares. */
interface StripeFill {
  readonly ctx: GenerateContext
  readonly ids: StripeIds
  readonly name: string
  readonly email: string
  readonly currency: string
  readonly amount: number
}

const AMOUNT_KEYS = new Set(['amount', 'amount_due', 'amount_paid', 'amount_received', 'amount_total', 'amount_subtotal', 'amount_captured', 'total', 'subtotal', 'amount_remaining', 'amount_capturable'])

/** Fills one example object's placeholders; `local` maps the fixture's own id numbers to fresh ids. */
function fill(f: StripeFill, value: unknown, key: string, local: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => fill(f, v, key, local))
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(f, v, k, local)]))
  if (typeof value === 'string') {
    const id = /^\$id:([a-z_]+):(\d+):(\d+)$/.exec(value)
    if (id) {
      const [, prefix = 'obj', length, n] = id
      const localKey = `${prefix}:${n}`
      let fresh = local.get(localKey)
      if (!fresh) {
        const firstOfPrefix = ![...local.keys()].some((k) => k.startsWith(`${prefix}:`))
        fresh = (firstOfPrefix ? f.ids.get(prefix) : undefined) ?? stripeId(f.ctx.random, prefix, Math.min(Number(length), 24))
        if (firstOfPrefix && !f.ids.has(prefix)) f.ids.set(prefix, fresh)
        local.set(localKey, fresh)
      }
      return fresh
    }
    const t = /^\$t:(-?\d+)$/.exec(value)
    if (t) return unixSeconds(addDays(f.ctx.now, Number(t[1])))
    if (value === '$email') return f.email
    if (value === '$name') return f.name
    if (key === 'currency' && /^[a-z]{3}$/.test(value)) return f.currency
    return value
  }
  if (typeof value === 'number' && AMOUNT_KEYS.has(key) && value > 0) return f.amount
  return value
}

/** The events, grouped by the resource they are about (`invoice`, `customer.subscription` …). */
export const stripeEvents: readonly CatalogueEvent[] = catalogue.events.map(([type, description]) => {
  const parts = type.split('.')
  const category = parts.slice(0, -1).join('.')
  const label = `${category.replace(/[._]/g, ' ')} ${(parts.at(-1) ?? '').replace(/_/g, ' ')}`
  return { type, label: label.charAt(0).toUpperCase() + label.slice(1), description, category }
})

/** The object name `eventType` carries (`invoice.paid` → `invoice`), or undefined for an unknown type. */
export function stripeObjectOf(eventType: string): string | undefined {
  return catalogue.events.find((e) => e[0] === eventType)?.[2]
}

/** Fresh shared values (customer name, currency, amount) for a delivery or sequence. */
export function stripeFill(ctx: GenerateContext, ids: StripeIds = new Map()): StripeFill {
  const name = pick(ctx.random, ['Jenny Rosen', 'Sample Customer', 'Test Buyer'])
  return {
    ctx,
    ids,
    name,
    email: `${name.toLowerCase().replace(/ /g, '.')}@example.com`,
    currency: pick(ctx.random, ['usd', 'eur', 'gbp']),
    amount: randomInt(ctx.random, 5, 500) * 100 - pick(ctx.random, [0, 1, 5]),
  }
}

/**
 * Generates any catalogue event type; pass the same `shared` (from {@link stripeFill}) to several calls
 * for consistent ids and values across them (sequences). `ctx` may differ per call (later times).
 */
export function generateStripeEvent(eventType: string, ctx: GenerateContext, shared: StripeFill = stripeFill(ctx)): GeneratedRequest {
  const objectName = stripeObjectOf(eventType)
  if (!objectName) throw new Error(`stripe: no such event ${eventType}`)
  const f: StripeFill = { ...shared, ctx }
  const template = catalogue.objects[objectName] ?? { id: `$id:${MINIMAL_PREFIX[objectName] ?? 'obj'}:24:0`, object: objectName, created: '$t:0', livemode: false }
  const object = fill(f, template, '', new Map()) as Record<string, unknown>
  const action = eventType.split('.').at(-1) ?? ''
  const resource = eventType.startsWith('customer.subscription.') ? 'subscription' : objectName
  const status = STATUS_AFTER[resource]?.[action]
  if (status !== undefined && typeof object['status'] === 'string') object['status'] = status
  if (resource === 'invoice' && (status === 'paid' || status === 'open')) {
    object['paid'] = status === 'paid'
    object['attempted'] = action !== 'finalized'
    object['attempt_count'] = action === 'payment_failed' ? 1 : object['attempted'] ? 1 : 0
    if (status === 'paid') object['amount_paid'] = object['amount_due']
  }
  if ('livemode' in object) object['livemode'] = false
  // Stripe's examples leave most relations null; a delivery names the customer, PaymentIntent … of its flow.
  for (const [key, prefix] of Object.entries(RELATED)) {
    if (key in object && object[key] === null && key !== objectName) object[key] = f.ids.get(prefix) ?? setId(f, prefix)
  }
  return stripeRequest(eventType, object, ctx, action === 'updated' ? previousAttributes(object, f) : undefined)
}

/** What changed in an update: the status where it has an earlier value, otherwise the metadata. */
function previousAttributes(object: Record<string, unknown>, f: StripeFill): Record<string, unknown> {
  const status = object['status']
  if (typeof status === 'string' && STATUS_BEFORE[status]) return { status: STATUS_BEFORE[status] }
  object['metadata'] = { order_id: String(randomInt(f.ctx.random, 1000, 9999)) }
  return { metadata: {} }
}

/** The Stripe catalogue: every event type of the pinned API version. */
export const stripeCatalogue: ProviderCatalogue = { events: stripeEvents, generate: (eventType, ctx) => generateStripeEvent(eventType, ctx) }
