/**
 * Fills the Stripe object templates that `scripts/webhook-catalogue.mjs` generates from the `stripe`
 * package's types and Stripe's example objects, and wraps them in the event Stripe sends.
 *
 * Placeholders: `$ref:<prefix>` is the delivery's object of that prefix (one customer, PaymentIntent,
 * subscription … per {@link StripeIds}, so every reference and the object's own id agree, within a
 * delivery and across a sequence); `$id:<prefix>:<n>` a further fresh id; `$t:<days>` a Unix time that
 * many days from now; `$email`, `$name`, `$currency` the delivery's customer and currency; inside a
 * text, `${ref:<prefix>}` and `${id:<prefix>:<n>}`.
 */
import { ALPHANUMERIC, pick, randomInt, randomString, randomUuid, stripeId } from '../ids'
import { serializeJson } from '../json'
import { addDays, unixSeconds } from '../time'
import { settle, statusBefore } from './stripe-states'
import type { GenerateContext, GeneratedRequest } from '../types'

/** API version written into `api_version` of generated events: the pinned `stripe` package's (a test checks). */
export const STRIPE_API_VERSION = '2026-10-28.endive'

/** A Stripe event body as Stripe serialises it (two-space indent). */
export const serializeStripe = (payload: Record<string, unknown>): string => serializeJson(payload, { indent: 2 })

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
    body: serializeStripe(payload),
  }
}

/** One object's template, from the generated data. */
export interface StripeTemplate {
  /** The object with placeholders. */
  readonly object: unknown
  /** The statuses it can have, per the types (for a plausible earlier one). */
  readonly statuses?: readonly string[]
  /** `previous_attributes` for an update of an object without status or metadata. */
  readonly update?: Readonly<Record<string, unknown>>
}

/** Ids shared by every object generated with it: prefix → the id of the delivery's (or sequence's) object. */
export type StripeIds = Map<string, string>

/** Values one delivery (or every delivery of a sequence) shares. */
export interface StripeFill {
  readonly ctx: GenerateContext
  readonly ids: StripeIds
  readonly name: string
  readonly email: string
  readonly currency: string
  readonly amount: number
  /**
   * The story so far: each object as the last event left it, by id. A later event about the same object
   * starts from that state (same `created`, items, secrets …) and changes only what its action changes.
   */
  readonly story: Map<string, Record<string, unknown>>
}

/** Characters after the prefix, where Stripe's differ from the usual 24. */
const ID_LENGTH: Record<string, number> = { cus: 14, prod: 14, si: 14, cs_test: 58 }

/** Amount fields that carry the delivery's amount (the example objects' are arbitrary). */
const AMOUNT_KEYS = new Set(['amount', 'amount_due', 'amount_paid', 'amount_received', 'amount_total', 'amount_subtotal', 'amount_captured', 'total', 'subtotal', 'subtotal_excluding_tax', 'total_excluding_tax', 'amount_remaining', 'amount_capturable', 'unit_amount'])

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
    story: new Map(),
  }
}

/** The delivery's id for `prefix`, created on first use. */
function sharedId(f: StripeFill, prefix: string): string {
  let id = f.ids.get(prefix)
  if (!id) {
    id = stripeId(f.ctx.random, prefix, ID_LENGTH[prefix] ?? 24)
    f.ids.set(prefix, id)
  }
  return id
}

function fill(f: StripeFill, value: unknown, key: string, local: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => fill(f, v, key, local))
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(f, v, k, local)]))
  if (typeof value === 'string' && value.startsWith('$')) {
    const ref = /^\$ref:([a-z_]+)$/.exec(value)
    if (ref) return sharedId(f, ref[1] ?? 'obj')
    const id = /^\$id:([a-z_]+):\d+$/.exec(value)
    if (id) {
      let fresh = local.get(value)
      if (!fresh) {
        fresh = stripeId(f.ctx.random, id[1] ?? 'obj', ID_LENGTH[id[1] ?? ''] ?? 24)
        local.set(value, fresh)
      }
      return fresh
    }
    const t = /^\$t:(-?\d+)$/.exec(value)
    if (t) return unixSeconds(addDays(f.ctx.now, Number(t[1])))
    if (value === '$email') return f.email
    if (value === '$name') return f.name
    if (value === '$currency') return f.currency
    return value
  }
  if (typeof value === 'string' && value.includes('${')) return value.replace(/\$\{([a-z:_0-9]+)\}/g, (_, token: string) => String(fill(f, `$${token}`, key, local)))
  if (typeof value === 'number' && AMOUNT_KEYS.has(key) && value > 0) return f.amount
  // Test-mode events: every object in them is a test-mode object.
  if (key === 'livemode' && typeof value === 'boolean') return false
  return value
}

/**
 * Builds the event for `eventType` from a template; pass the same `shared` (from {@link stripeFill}) to
 * several calls for consistent ids and values across them (sequences). `ctx` may differ per call.
 * @param objectName - the `object` the event carries (`invoice`)
 * @param template - its template from the generated data
 */
export function stripeEventFromTemplate(eventType: string, objectName: string, template: StripeTemplate, ctx: GenerateContext, shared: StripeFill): GeneratedRequest {
  const f: StripeFill = { ...shared, ctx }
  const local = new Map<string, string>()
  const rootId = isRecord(template.object) ? fill(f, template.object['id'], 'id', local) : undefined
  const before = typeof rootId === 'string' ? f.story.get(rootId) : undefined
  const object = before ? structuredClone(before) : (fill(f, template.object, '', local) as Record<string, unknown>)
  const action = eventType.split('.').at(-1) ?? ''
  const seen = [...f.story.values()]
  const story = { checkout: seen.some((o) => o['object'] === 'checkout.session' && o['mode'] === 'payment'), subscription: seen.some((o) => o['object'] === 'subscription') }
  settle(objectName, object, action, { now: unixSeconds(ctx.now), amount: f.amount, currency: f.currency, email: f.email, name: f.name, id: (prefix) => sharedId(f, prefix), random: ctx.random, fresh: !before, ...story })
  let previous: Record<string, unknown> | undefined
  if (action === 'updated') {
    if (before) change(objectName, object)
    previous = before ? changed(before, object) : undefined
    if (!previous || Object.keys(previous).length === 0) previous = previousAttributes(object, f, template)
  }
  if (typeof object['id'] === 'string') f.story.set(object['id'], structuredClone(object))
  return stripeRequest(eventType, object, ctx, previous)
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The top-level fields whose value differs, with their earlier value. */
function changed(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(before).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(after[k])))
}

/** An update of an object the story has seen: a subscription is upgraded (one more seat). */
function change(objectName: string, object: Record<string, unknown>): void {
  const list = object['items']
  if (objectName !== 'subscription' || !isRecord(list) || !Array.isArray(list['data'])) return
  const item: unknown = list['data'][0]
  if (isRecord(item) && typeof item['quantity'] === 'number') item['quantity'] += 1
}

/** What changed in an update: the status where it has an earlier value, else the metadata, else the template's own. */
function previousAttributes(object: Record<string, unknown>, f: StripeFill, { statuses = [], update = {} }: StripeTemplate): Record<string, unknown> {
  const status = object['status']
  if (typeof status === 'string') {
    const before = statusBefore(status)
    if (before && statuses.includes(before)) return { status: before }
    const other = statuses.find((s) => s !== status)
    if (other && !('metadata' in object)) return { status: other }
  }
  if ('metadata' in object) {
    object['metadata'] = { order_id: String(randomInt(f.ctx.random, 1000, 9999)) }
    return { metadata: {} }
  }
  return fill(f, update, '', new Map()) as Record<string, unknown>
}
