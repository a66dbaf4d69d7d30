import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createSeededRandom } from '../random'
import { stripe } from '../providers/stripe'
import { generateStripeEvent, stripeEvents } from './stripe'
import { StripeOracle, type StripePrefixes, type StripeTypeTable } from './stripe-oracle'

const read = (path: string): unknown => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'))
const table = read('./generated/stripe-types.json') as StripeTypeTable & { stripe: string }
const { prefixes, fieldAliases } = read('../../../../../scripts/data/stripe/id-prefixes.json') as { prefixes: StripePrefixes; fieldAliases: Record<string, string> }
const installed = (read('../../../../../node_modules/stripe/package.json') as { version: string }).version
const oracle = new StripeOracle(table, prefixes, fieldAliases)
const now = new Date('2026-03-01T12:34:56.789Z')

/** Problems per event type, over a few seeds (values differ per seed; the shape must not). */
function problemsOf(types: readonly string[], seeds: readonly number[], generate = generateStripeEvent): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const type of types) {
    const problems = new Set<string>()
    for (const seed of seeds) for (const p of oracle.check(generate(type, { now, random: createSeededRandom(seed) }).payload)) problems.add(p)
    if (problems.size) out.set(type, [...problems])
  }
  return out
}

describe('Stripe catalogue against the stripe package types', () => {
  it('the type table is of the installed stripe package and has every catalogue event', () => {
    expect(table.stripe).toBe(installed)
    expect(stripeEvents.map((e) => e.type).sort()).toEqual([...oracle.eventTypes].sort())
  })

  it('every object the events carry has an id prefix in the table', () => {
    const missing = Object.entries(table.types)
      .filter(([, fields]) => fields.some((f) => f[0] === 'id') && /^e:[a-z_.]+$/.test(fields.find((f) => f[0] === 'object')?.[2][0] ?? ''))
      .map(([, fields]) => (fields.find((f) => f[0] === 'object')?.[2][0] ?? '').slice(2))
      .filter((object) => oracle.prefixOf(object) === undefined)
    expect(missing).toEqual([])
  })

  it('every event: each always-present field there and typed, ids prefixed, references resolved, one customer, previous_attributes on the object', () => {
    const failing = problemsOf(oracle.eventTypes, [1, 2])
    const report = [...failing].map(([type, problems]) => `${type} (${problems.length}): ${problems.slice(0, 6).join('; ')}`)
    expect(report, `${failing.size} of ${oracle.eventTypes.length} events are not as Stripe sends them`).toEqual([])
    // ~1 s alone; several on a busy machine.
  }, 30_000)

  it('the built-in events (before the catalogue loads) are generated the same way and pass the same checks', () => {
    const types = stripe.events.map((e) => e.type)
    const failing = problemsOf(types, [1, 2, 3], (type, ctx) => stripe.generate(type, ctx))
    expect([...failing].map(([type, problems]) => `${type}: ${problems.join('; ')}`)).toEqual([])
    for (const type of types) {
      const builtIn = stripe.generate(type, { now, random: createSeededRandom(5) }).payload as { data: { object: object } }
      const catalogue = generateStripeEvent(type, { now, random: createSeededRandom(5) }).payload as { data: { object: object } }
      expect(Object.keys(builtIn.data.object), type).toEqual(Object.keys(catalogue.data.object))
    }
  })
})
