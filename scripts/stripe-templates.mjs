/**
 * Builds one template per Stripe object from the type table (scripts/stripe-types.mjs) and Stripe's
 * example object (fixtures3.json): every field the types mark as always present, with its type and
 * nullability, plus the optional fields the example has; the example's value where it fits the type and
 * is not a placeholder (`"currency": "currency"`, `obj_123`), otherwise one derived from the type.
 *
 * Values that the runtime fills fresh (core/providers/stripe-fill.ts):
 * - `$ref:<prefix>`: the delivery's (or sequence's) object of that prefix — the first id of a prefix in
 *   an object and every reference to that object (`customer`, `invoice` …), so one delivery names one
 *   customer, PaymentIntent, subscription …;
 * - `$id:<prefix>:<n>`: a further, fresh id of that prefix (a second line item);
 * - `$t:<days>`: a Unix time that many days from now; `$email`, `$name`, `$currency`;
 * - inside a text, `${ref:<prefix>}` and `${id:<prefix>:<n>}` (`/v1/invoices/${ref:in}/lines`).
 */

/** Relations a webhook names even where the type allows null: the objects a delivery is about. */
const CORE_REFERENCES = new Set(['customer', 'payment_intent', 'subscription', 'invoice', 'charge', 'latest_charge', 'payment_method', 'latest_invoice', 'default_payment_method'])

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v)
const ID = /^((?:[a-z]+_)*?[a-z]+)_(?=[A-Za-z0-9]*[0-9A-Z])([A-Za-z0-9]{8,})$/
/** Sample values of Stripe's examples that stand for "some value": the field's name, `obj_123`, `ch_1234`. */
const isDummy = (value, key) => value === key || /^[a-z]+_(?:\d{1,7}|123\w*)$/.test(value) || /^obj_/.test(value)

/**
 * @param {{ types: Record<string, [string, number, string[]][]> }} table
 * @param {Record<string, string | string[] | null>} prefixTable
 * @param {Record<string, unknown>} fixtures Stripe's example object per object name
 * @param {Record<string, string>} aliases field names that hold an id of an object of another name
 */
export function stripeTemplates(table, prefixTable, fixtures, aliases = {}) {
  const fields = new Map(Object.entries(table.types).map(([name, list]) => [name, list]))
  const objectOf = new Map()
  for (const [name, list] of fields) {
    const object = list.find((f) => f[0] === 'object')?.[2][0]
    if (object?.startsWith('e:') && !object.includes('|')) objectOf.set(name, object.slice(2))
  }
  const prefixesOf = (object) => {
    const p = prefixTable[object]
    return p === undefined || p === null ? [] : typeof p === 'string' ? [p] : p
  }
  /** The prefix of a fixture id, when it is one of the object's. */
  const prefixOfId = (id) => ID.exec(id)?.[1]

  /** Template of one root object; `ids` maps ids (and synthesized ones) to their placeholder. */
  function template(typeName) {
    const ids = new Map()
    const perPrefix = new Map()
    const placeholder = (prefix, key) => {
      if (key !== undefined && ids.has(key)) return ids.get(key)
      const n = perPrefix.get(prefix) ?? 0
      perPrefix.set(prefix, n + 1)
      const value = n === 0 ? `$ref:${prefix}` : `$id:${prefix}:${n}`
      if (key !== undefined) ids.set(key, value)
      return value
    }
    const ref = (prefix) => `$ref:${prefix}`
    const base = (fixture) => (typeof fixture?.created === 'number' ? fixture.created : 1_700_000_000)

    function build(typeName, fixture, depth, created) {
      const out = {}
      const own = objectOf.get(typeName)
      const ownPrefixes = own ? prefixesOf(own) : []
      for (const [name, optional, alternatives] of fields.get(typeName) ?? []) {
        const fx = isObject(fixture) ? fixture[name] : undefined
        if (optional && fx === undefined) continue
        if (name === 'id' && ownPrefixes.length) {
          const prefix = typeof fx === 'string' && ownPrefixes.includes(prefixOfId(fx)) ? prefixOfId(fx) : ownPrefixes[0]
          out.id = placeholder(prefix, typeof fx === 'string' && !isDummy(fx, name) ? fx : undefined)
          continue
        }
        out[name] = value(alternatives, fx, name, depth, created, typeName)
      }
      return out
    }

    function fits(v, alternatives) {
      return alternatives.some((a) => {
        switch (a[0]) {
          case 's':
            return typeof v === 'string'
          case 'n':
            return typeof v === 'number'
          case 'b':
            return typeof v === 'boolean'
          case 'z':
            return v === null
          case 'x':
            return true
          case 'm':
          case 'o':
            return isObject(v)
          case 'e':
            return a.slice(2).split('|').includes(v)
          case 'a':
            return Array.isArray(v)
          default:
            return false
        }
      })
    }

    function value(alternatives, fx, key, depth, created, typeName = '') {
      const literal = alternatives.find((a) => a.startsWith('e:'))
      if (key === 'object' && literal && !literal.includes('|')) return literal.slice(2)
      const objects = alternatives.filter((a) => a.startsWith('o:')).map((a) => a.slice(2))
      const targets = objects.filter((o) => objectOf.has(o) && prefixesOf(objectOf.get(o)).length)
      // A reference (`string | Customer`): the id of the delivery's object, never the expanded object.
      if (alternatives.includes('s') && targets.length) {
        const known = targets.flatMap((o) => prefixesOf(objectOf.get(o)))
        if (fx === null && alternatives.includes('z') && !CORE_REFERENCES.has(key)) return null
        const fromFixture = typeof fx === 'string' ? prefixOfId(fx) : isObject(fx) ? prefixesOf(String(fx.object))[0] : undefined
        return ref(known.includes(fromFixture) ? fromFixture : known[0])
      }
      // A plain string field named after an object (`"quote": "qt_…"`, `"invoice_item": "ii_…"`).
      const named = prefixesOf(aliases[key] ?? key)
      if (alternatives.includes('s') && !literal && named.length && (typeof fx === 'string' || !alternatives.includes('z'))) return ref(named[0])
      if (alternatives.some((a) => a === 'a:s') && named.length && Array.isArray(fx)) return fx.map(() => ref(named[0]))
      if (fx !== undefined && fits(fx, alternatives) && !(typeof fx === 'string' && isDummy(fx, key))) return keep(fx, alternatives, key, depth, created)
      const hint = HINTS[`${snake(typeName.split('.').at(-1) ?? '')}.${key}`]
      if (hint !== undefined && fits(hint.startsWith('$ref:') ? 'id' : hint, alternatives)) return hint
      return derive(alternatives, key, depth, created)
    }

    /** The example's value, with ids, times and personal data as placeholders, objects completed. */
    function keep(fx, alternatives, key, depth, created) {
      if (typeof fx === 'string') {
        const id = ID.exec(fx)
        if (id && key !== 'object' && !alternatives.some((a) => a.startsWith('e:') && a.slice(2).split('|').includes(fx))) return placeholder(id[1], fx)
        if (/@/.test(fx) && /email/.test(key)) return '$email'
        if (key === 'name' && /^[A-Z][a-z]+ [A-Z][a-z]+$/.test(fx)) return '$name'
        if (/currency$/.test(key) && /^[a-z]{3}$/.test(fx)) return '$currency'
        // Stripe's examples link to its own development hosts.
        if (/^https:\/\/[^/]+\.stripe\.me\b/.test(fx)) return fx.replace(/^https:\/\/[^/]+/, 'https://example.com')
        // Ids inside a text (`/v1/invoices/in_…/lines`) become `${ref:in}` tokens.
        return fx.replace(/\b((?:[a-z]+_)*?[a-z]+)_(?=[A-Za-z0-9]*[0-9A-Z])[A-Za-z0-9]{8,}\b/g, (id, prefix) => `\${${placeholder(prefix, id).slice(1)}}`)
      }
      if (typeof fx === 'number' && isTimeKey(key)) {
        // Examples use junk times (`released_at: 213824117`); a time far off becomes one near `created`.
        const days = Math.round((fx - created) / 86_400)
        return `$t:${Math.abs(days) > 400 ? 0 : Math.max(-60, Math.min(60, days))}`
      }
      // Examples' other numbers are often arbitrary (`day_of_month: 1361669285`): large ones are derived.
      if (typeof fx === 'number' && (Math.abs(fx) > 10_000_000 || (/^(hours?|minutes?|seconds?)$/.test(key) && fx > 59))) return numberFor(key)
      if (Array.isArray(fx)) {
        const inner = alternatives.find((a) => a.startsWith('a:'))?.slice(2).split(';') ?? ['x']
        return fx.filter((el) => fits(el, inner)).map((el) => value(inner, el, key, depth + 1, created))
      }
      if (isObject(fx)) {
        const objects = alternatives.filter((a) => a.startsWith('o:')).map((a) => a.slice(2))
        const own = objects.find((o) => objectOf.get(o) === fx.object) ?? objects[0]
        if (!own) return fx
        return build(own, fx, depth + 1, created)
      }
      return fx
    }

    /** A value from the type alone: null where allowed, else the first literal, else one fitting the name. */
    function derive(alternatives, key, depth, created) {
      if (alternatives.includes('z')) return null
      const literal = alternatives.find((a) => a.startsWith('e:'))
      if (literal) {
        // A status without an example: the settled state of the object, where the type has one.
        const literals = literal.slice(2).split('|')
        return (key === 'status' ? literals.find((l) => SETTLED.has(l)) : undefined) ?? literals[0]
      }
      const object = alternatives.find((a) => a.startsWith('o:'))
      if (object && depth < 12) return build(object.slice(2), undefined, depth + 1, created)
      if (alternatives.includes('m')) return {}
      if (alternatives.some((a) => a.startsWith('a:'))) return []
      if (alternatives.includes('s')) return stringFor(key)
      if (alternatives.includes('n')) return numberFor(key)
      if (alternatives.includes('b')) return false
      return null
    }

    const fixture = fixtures[objectOf.get(typeName)]
    return build(typeName, fixture, 0, base(fixture))
  }
  return template
}

/** A plausible string for a field known only by its name and type. */
function stringFor(key) {
  if (/currency$/.test(key)) return '$currency'
  if (/email/.test(key)) return '$email'
  if (key === 'name' || /_name$/.test(key)) return '$name'
  if (/url$/.test(key)) return `https://example.com/${key.replace(/_url$/, '').replace(/_/g, '-')}`
  if (/country$/.test(key)) return 'US'
  if (/timezone$/.test(key)) return 'Etc/UTC'
  if (/decimal$/.test(key)) return '1000'
  if (key === 'description') return 'Sample description'
  return `sample_${key}`
}

/**
 * Values for string fields that the types only call `string` and whose example value is a placeholder,
 * by `<type in snake case>.<field>`: what Stripe's API reference documents for them.
 */
const HINTS = {
  'outcome.type': 'authorized',
  'next_action.type': 'use_stripe_sdk',
  'payment_method_configuration_details.id': '$ref:pmc',
  'transaction_refresh.id': '$ref:fctxnref',
  'invoice_payment.status': 'paid',
  'review.reason': 'rule',
  'trace_id.status': 'supported',
  'source.status': 'chargeable',
  'source.flow': 'none',
  'source.client_secret': 'src_client_secret_Q1w2E3r4T5y6U7i8O9p0A1s2',
  'install.app': 'com.example.sample-app',
  'coupon_offer.coupon': 'SUMMER25',
  'alert.title': 'Usage over 1,000 API calls',
  'after_submit.message': 'We will email your receipt.',
  'shipping_address.message': 'We ship within 2 business days.',
  'submit.message': 'You can cancel at any time.',
  'terms_of_service_acceptance.message': 'I agree to the Terms of Service.',
  'generated_from.payment_method_details.type': 'card_present',
  'payment_method_details.type': 'card_present',
  'active_entitlement.lookup_key': 'premium-support',
  'billing_schedule.key': 'schedule-1',
  'billing_schedules.key': 'schedule-1',
  'from_invoice.action': 'revision',
  'payment_record_refund.refund_group': 'refgrp_sample',
}

/** Statuses of an object at rest, preferred over a type's first (often failed) one. */
const SETTLED = new Set(['active', 'installed', 'succeeded', 'complete', 'available', 'enabled', 'ready', 'open'])

const snake = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()

/** Whether a number field holds a Unix time. */
function isTimeKey(key) {
  return /^(created|updated|date|start|end|as_of|next_payment_attempt|billing_cycle_anchor)$|_at$|_date$|_on$|_until$|^period_|_start$|_end$|^trial_/.test(key)
}

/** A plausible number for a field known only by its name: a time, an amount, a count. */
function numberFor(key) {
  if (isTimeKey(key)) return '$t:0'
  if (/amount|total|balance/.test(key)) return 1000
  if (/quantity|interval_count|day|month/.test(key)) return 1
  return 0
}
