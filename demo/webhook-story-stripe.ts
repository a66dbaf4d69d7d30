/**
 * The story of a Stripe customer's deliveries (a Checkout or a subscription lifecycle), taken in Stripe's
 * own time order (each event's `created`, so shuffled delivery does not matter):
 *
 * - one customer: a subscription, invoice, PaymentIntent or charge another customer's deliveries name is
 *   not this customer's too; and one of each across the story (a Checkout pays one PaymentIntent with
 *   one charge; a subscription's first cycle has one invoice);
 * - a redelivery repeats the event id: the same event (type, object, time) under a second `evt_` id is
 *   two events where Stripe sent one;
 * - an object keeps its `created`; its status only moves forward (an invoice draft → open → paid, a
 *   PaymentIntent to succeeded, a session to complete, a subscription to canceled); no event is older
 *   than its object;
 * - an update's `previous_attributes` hold what the object was in the delivery before it (unexplained
 *   when they differ: a delivery still on its way could be the change between).
 */
import type { StoryDelivery } from './webhook-story.ts'

type Obj = Record<string, unknown>

/** The resources a story names once, by id prefix. */
const KINDS: Record<string, string> = { sub: 'subscription', in: 'invoice', pi: 'PaymentIntent', ch: 'charge' }
const REFERENCE = /^(?:sub|in|pi|ch)_[A-Za-z0-9]{8,}$/

/** Status order per object (a later event never has an earlier rank); absent statuses are not ranked. */
const RANKS: Record<string, Record<string, number>> = {
  invoice: { draft: 0, open: 1, paid: 2, void: 2, uncollectible: 2 },
  payment_intent: { requires_payment_method: 0, requires_confirmation: 1, requires_action: 2, processing: 3, requires_capture: 4, succeeded: 5, canceled: 5 },
  'checkout.session': { open: 0, complete: 1, expired: 1 },
  subscription: { incomplete: 0, trialing: 1, active: 1, past_due: 1, unpaid: 1, paused: 1, canceled: 2, incomplete_expired: 2 },
}

function obj(value: unknown): Obj {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {}
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '')
const objectOf = (body: Obj): Obj => obj(obj(body['data'])['object'])
const label = (body: Obj): string => `${str(body['id'])} (${str(body['type'])})`

/** JSON with keys sorted, to compare values whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Obj)[k])}`).join(',')}}`
  return JSON.stringify(value) ?? 'undefined'
}

/** The customer a Stripe event is about (the object's `customer`, or the customer itself), or null. */
export function stripeCustomerOf(body: Obj): string | null {
  const object = objectOf(body)
  if (object['object'] === 'customer') return str(object['id']) || null
  return str(object['customer']) || null
}

/** Every subscription, invoice, PaymentIntent and charge id the event's object names. */
function referencesOf(body: Obj): Set<string> {
  const out = new Set<string>()
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (REFERENCE.test(v)) out.add(v)
    } else if (Array.isArray(v)) v.forEach(walk)
    else if (v && typeof v === 'object') Object.values(v).forEach(walk)
  }
  walk(objectOf(body))
  return out
}

/**
 * Contradictions and unexplained relations across one customer's deliveries.
 * @param others - the deliveries of the receiver's other Stripe customers
 */
export function stripeFindings(customer: string, deliveries: readonly StoryDelivery[], others: readonly StoryDelivery[]): { problems: string[]; unexplained: string[] } {
  const problems: string[] = []
  const unexplained: string[] = []
  const bodies = [...deliveries].sort((a, b) => Number(a.body['created']) - Number(b.body['created']) || a.arrival - b.arrival).map((d) => d.body)

  const owners = new Map<string, string>()
  for (const { body } of others) for (const ref of referencesOf(body)) owners.set(ref, stripeCustomerOf(body) ?? '')
  const named = new Map<string, Set<string>>()
  for (const body of bodies) {
    for (const ref of referencesOf(body)) {
      const owner = owners.get(ref)
      if (owner && owner !== customer) problems.push(`${ref} is ${owner}\u2019s, but ${label(body)} names it for ${customer}.`)
      const kind = ref.slice(0, ref.indexOf('_'))
      named.set(kind, (named.get(kind) ?? new Set()).add(ref))
    }
  }
  for (const [kind, ids] of named) if (ids.size > 1) problems.push(`${customer}\u2019s deliveries name ${ids.size} ${KINDS[kind] ?? kind}s (${[...ids].join(', ')}), where one Checkout or subscription has one.`)

  const events = new Map<string, string>()
  for (const body of bodies) {
    const key = `${str(body['type'])} ${String(body['created'])} ${canonical(obj(body['data']))}`
    const first = events.get(key)
    if (first !== undefined && first !== str(body['id'])) problems.push(`${first} and ${label(body)} are the same event under two ids: a redelivery repeats the event id.`)
    else events.set(key, str(body['id']))
  }

  const last = new Map<string, Obj>()
  const lastEvent = new Map<string, Obj>()
  for (const body of bodies) {
    const object = objectOf(body)
    const id = str(object['id'])
    if (!id) continue
    if (Number(object['created']) > Number(body['created'])) problems.push(`${label(body)} is older than its ${id} (created ${String(object['created'])}).`)
    const before = last.get(id)
    const then = lastEvent.get(id)
    if (before && then) {
      if (before['created'] !== object['created']) problems.push(`${id} was created at ${String(before['created'])} in ${label(then)} and at ${String(object['created'])} in ${label(body)}.`)
      const ranks = RANKS[str(object['object'])]
      const from = ranks?.[str(before['status'])]
      const to = ranks?.[str(object['status'])]
      if (from !== undefined && to !== undefined && to < from) problems.push(`${id} is ${str(before['status'])} in ${label(then)} and back to ${str(object['status'])} in the later ${label(body)}.`)
      const previous = obj(obj(body['data'])['previous_attributes'])
      for (const [key, value] of Object.entries(previous)) {
        if (canonical(before[key]) !== canonical(value)) unexplained.push(`${label(body)}: previous_attributes.${key} is not ${id}\u2019s ${key} in ${label(then)}.`)
      }
    }
    last.set(id, object)
    lastEvent.set(id, body)
  }
  return { problems, unexplained }
}
