import { describe, expect, it } from 'vitest'
import { searchEvents } from './search'
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
    expect(searchEvents(events, 'failed').flatMap((g) => g.events.map((e) => e.type))).toEqual(['invoice.payment_failed', 'charge.failed'])
  })
  it('descriptions are searched; no match gives no groups', () => {
    expect(searchEvents(events, 'places').map((g) => g.category)).toEqual(['orders'])
    expect(searchEvents(events, 'zzz')).toEqual([])
  })
})
