/**
 * Checks a Stripe delivery against the `stripe` package's own types, with the same oracle the unit tests
 * use (src/features/webhooks/core/catalogue/stripe-oracle.ts): every field the types mark as always
 * present is there with its type and nullability, ids carry their object's prefix, no placeholder or
 * dummy ids, references hold ids of the object they name, one customer per delivery, and the keys of
 * `previous_attributes` are fields of the object; and the JSON Content-Type Stripe sends (not its
 * User-Agent: a browser sends its own).
 */
import { readFileSync } from 'node:fs'
import { StripeOracle, type StripePrefixes, type StripeTypeTable } from '../src/features/webhooks/core/catalogue/stripe-oracle.ts'

const read = (path: string): unknown => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'))

let oracle: StripeOracle | null = null

/** The oracle, built on first use from the type table and the id-prefix table. */
function stripeOracle(): StripeOracle {
  if (!oracle) {
    const table = read('../src/features/webhooks/core/catalogue/generated/stripe-types.json') as StripeTypeTable
    const { prefixes, fieldAliases } = read('../scripts/data/stripe/id-prefixes.json') as { prefixes: StripePrefixes; fieldAliases: Record<string, string> }
    oracle = new StripeOracle(table, prefixes, fieldAliases)
  }
  return oracle
}

/** How many of the oracle's findings one answer lists (the rest are counted). */
const LISTED = 6

/**
 * What in a Stripe delivery is not as Stripe sends it, in words (empty when nothing).
 * @param header - the request's header value by lower-case name
 */
export function checkStripe(header: (name: string) => string | undefined, payload: Record<string, unknown>): string[] {
  const problems: string[] = []
  if (!/^application\/json\b/.test(header('content-type') ?? '')) problems.push('Content-Type is not application/json.')
  const type = typeof payload['type'] === 'string' ? payload['type'] : '(no type)'
  const found = stripeOracle().check(payload)
  for (const p of found.slice(0, LISTED)) problems.push(`${type}: ${p}.`)
  if (found.length > LISTED) problems.push(`${type}: and ${found.length - LISTED} more.`)
  return problems
}
