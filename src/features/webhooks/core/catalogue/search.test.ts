import { describe, expect, it } from 'vitest'
import { loadCatalogue, providers } from '../index'
import { matchTier, searchEvents, searchOtherProviders, type ProviderEvents, type ProviderMatches } from './search'
import type { CatalogueEvent } from './types'

const events: CatalogueEvent[] = [
  { type: 'invoice.paid', label: 'Invoice paid', description: 'Occurs whenever an invoice payment attempt succeeds.', category: 'invoice' },
  { type: 'invoice.payment_failed', label: 'Invoice payment failed', description: 'Occurs whenever an invoice payment attempt fails.', category: 'invoice' },
  { type: 'charge.failed', label: 'Charge failed', description: 'Occurs whenever a failed charge attempt occurs.', category: 'charge' },
  { type: 'orders/create', label: 'Order created', description: 'Sent when a customer places an order.', category: 'orders' },
]

describe('searchEvents', () => {
  it('blank matches all, grouped by category in order', () => {
    expect(searchEvents(events, '  ').map((g) => [g.category, g.events.length])).toEqual([['invoice', 2], ['charge', 1], ['orders', 1]])
  })
  it('every word must match; separators match spaces; case-insensitive', () => {
    expect(searchEvents(events, 'Payment Failed').flatMap((g) => g.events.map((e) => e.type))).toEqual(['invoice.payment_failed'])
    expect(searchEvents(events, 'invoice.payment_failed').flatMap((g) => g.events.map((e) => e.type))).toEqual(['invoice.payment_failed'])
    expect(searchEvents(events, 'orders/create').flatMap((g) => g.events.map((e) => e.type))).toEqual(['orders/create'])
    expect(searchEvents(events, 'failed').flatMap((g) => g.events.map((e) => e.type))).toEqual(['charge.failed', 'invoice.payment_failed'])
  })
  it('descriptions are searched; no match gives no groups', () => {
    expect(searchEvents(events, 'places').map((g) => g.category)).toEqual(['orders'])
    expect(searchEvents(events, 'zzz')).toEqual([])
  })
})

const ranked = (list: readonly CatalogueEvent[], query: string): string[] => searchEvents(list, query).flatMap((g) => g.events.map((e) => e.type))

describe('searchEvents ranking: exact, prefix, segment prefix, words in order, substring', () => {
  it('each tier, on hand-picked events', () => {
    const invoice = events[1]!
    expect(matchTier(invoice, 'INVOICE.PAYMENT_FAILED')).toBe('exact')
    expect(matchTier(invoice, 'invoice.payment_f')).toBe('prefix')
    expect(matchTier(invoice, 'payment_f')).toBe('segment')
    expect(matchTier(invoice, 'payment failed')).toBe('words')
    expect(matchTier(invoice, 'attempt')).toBe('substring')
    expect(matchTier(invoice, 'failed payment')).toBe('substring')
    expect(matchTier(invoice, 'refund')).toBeUndefined()
  })

  it('the full Stripe list: the exact prefix first, the short event before the long one', async () => {
    const stripe = await loadCatalogue('stripe')
    expect(ranked(stripe, 'invoice.payment_f')[0]).toBe('invoice.payment_failed')
    const words = ranked(stripe, 'payment failed')
    expect(words.slice(0, 2).sort()).toEqual(['invoice.payment_failed', 'payment_intent.payment_failed'])
    expect(words.indexOf('checkout.session.async_payment_failed')).toBeGreaterThan(words.indexOf('payment_intent.payment_failed'))
    // Every prefix match before the first segment match.
    const prefix = ranked(stripe, 'invoice.p')
    expect(prefix.slice(0, prefix.filter((t) => t.startsWith('invoice.p')).length).every((t) => t.startsWith('invoice.p'))).toBe(true)
    expect(prefix.some((t) => !t.startsWith('invoice.p'))).toBe(true)
  }, 30_000)

  it.each(['stripe', 'github'])('the full %s list: every event id typed exactly comes first', async (provider) => {
    const list = await loadCatalogue(provider)
    const wrong = list.filter((e) => ranked(list, e.type)[0] !== e.type).map((e) => `${e.type} → ${ranked(list, e.type)[0]}`)
    expect(wrong).toEqual([])
  }, 60_000)
})

describe('searchOtherProviders: an event typed with another provider chosen', () => {
  /** Every provider's loaded catalogue except `chosen`'s, in display order. */
  async function othersThan(chosen: string): Promise<ProviderEvents[]> {
    const others = providers.filter((p) => p.id !== chosen)
    return Promise.all(others.map(async (p) => ({ id: p.id, name: p.name, events: await loadCatalogue(p.id) })))
  }
  const firstOf = (found: ProviderMatches[]): string[] => [found[0]?.name ?? '', found[0]?.events[0]?.type ?? '']

  it('finds the provider whose catalogue has it, with the exact event first', async () => {
    expect(firstOf(searchOtherProviders(await othersThan('github'), 'payment_intent.succeeded'))).toEqual(['Stripe', 'payment_intent.succeeded'])
    expect(firstOf(searchOtherProviders(await othersThan('stripe'), 'pull_request.opened'))).toEqual(['GitHub', 'pull_request.opened'])
    expect(firstOf(searchOtherProviders(await othersThan('github'), 'orders/create'))).toEqual(['Shopify', 'orders/create'])
  })
  it('ranks providers by their best match, and lists at most `limit` events each', async () => {
    const found = searchOtherProviders(await othersThan('github'), 'invoice.paid', 3)
    expect(firstOf(found)).toEqual(['Stripe', 'invoice.paid'])
    expect(found.every((p) => p.events.length <= 3)).toBe(true)
  })
  it('finds nothing for a blank query or one no provider has', async () => {
    const others = await othersThan('github')
    expect(searchOtherProviders(others, '   ')).toEqual([])
    expect(searchOtherProviders(others, 'zzz no such event')).toEqual([])
  })
})
