/**
 * The catalogue store's search in the other providers: every other catalogue loaded once, a catalogue
 * that fails to load named (not silently left out) and tried again on the next search.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type * as Core from '@/features/webhooks/core'

/** Providers whose catalogue chunk "fails to download" (offline before the service worker stored it). */
const unreachable = new Set<string>()

vi.mock('@/features/webhooks/core', async (importOriginal) => {
  const core = await importOriginal<typeof Core>()
  return {
    ...core,
    loadCatalogue: (id: string) => (unreachable.has(id) ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : core.loadCatalogue(id)),
  }
})

// Unit files share a worker's modules (vitest.config.ts, isolate: false): import afresh, so the store gets the mock.
vi.resetModules()
const { useWebhookCatalogueStore } = await import('./webhooks-catalogue')

beforeEach(() => {
  setActivePinia(createPinia())
  unreachable.clear()
})

describe('webhook catalogue store: the other providers', () => {
  it('loads every other catalogue, in display order', async () => {
    const catalogue = useWebhookCatalogueStore()
    await catalogue.loadAll()
    const others = catalogue.othersOf('github')
    expect(others.map((p) => p.id)).toEqual(['stripe', 'slack', 'shopify', 'standard-webhooks', 'gitlab'])
    expect(others.find((p) => p.id === 'stripe')?.events.some((e) => e.type === 'payment_intent.succeeded')).toBe(true)
    expect(catalogue.othersError).toBeNull()
  })

  it('names the catalogues that could not be loaded, and loads them on the next search', async () => {
    const catalogue = useWebhookCatalogueStore()
    unreachable.add('stripe').add('slack')
    await catalogue.loadAll()
    expect(catalogue.othersOf('github').map((p) => p.id)).toEqual(['shopify', 'standard-webhooks', 'gitlab'])
    expect(catalogue.othersError).toBe('The events of Stripe, Slack could not be loaded (Failed to fetch dynamically imported module), so they were not searched.')
    unreachable.clear()
    await catalogue.loadAll()
    expect(catalogue.othersOf('github').map((p) => p.id)).toEqual(['stripe', 'slack', 'shopify', 'standard-webhooks', 'gitlab'])
    expect(catalogue.othersError).toBeNull()
  })
})
