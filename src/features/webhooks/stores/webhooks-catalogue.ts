import { ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import { loadCatalogue, providers, type CatalogueEvent } from '@/features/webhooks/core'
import type { ProviderEvents } from '@/features/webhooks/core/catalogue/search'

/**
 * The providers' full event catalogues, loaded on demand (each is its own chunk): what the event
 * picker lists. Until a catalogue is loaded the picker lists the provider's built-in events.
 */
export const useWebhookCatalogueStore = defineStore('webhooks-catalogue', () => {
  /** Loaded catalogues by provider id. @default {} */
  const events = shallowRef<Readonly<Record<string, readonly CatalogueEvent[]>>>({})
  /** The provider whose catalogue is loading, or null. @default null */
  const loading = ref<string | null>(null)
  /** Why the last load failed (offline after a deploy, …), or null. @default null */
  const error = ref<string | null>(null)

  /** The events to list for a provider: its catalogue when loaded, else its built-in events. */
  function eventsOf(providerId: string): readonly CatalogueEvent[] {
    return events.value[providerId] ?? providers.find((p) => p.id === providerId)?.events.map((e) => ({ ...e, category: 'common' })) ?? []
  }

  /** Loads a provider's catalogue once; a failure is kept in `error` for the picker's Retry. */
  async function load(providerId: string): Promise<void> {
    if (events.value[providerId]) return
    loading.value = providerId
    error.value = null
    try {
      const list = await loadCatalogue(providerId)
      events.value = { ...events.value, [providerId]: list }
    } catch (e) {
      error.value = `The full event list could not be loaded (${e instanceof Error ? e.message : String(e)}). The common events are listed.`
    } finally {
      if (loading.value === providerId) loading.value = null
    }
  }

  /** Whether the other providers' catalogues are loading ({@link loadAll}). @default false */
  const othersLoading = ref(false)
  /** Which providers' catalogues {@link loadAll} could not load, and why, or null. @default null */
  const othersError = ref<string | null>(null)

  /**
   * Loads every provider's catalogue not loaded yet, for a search that found nothing in the chosen
   * provider. A catalogue that fails to load is left out and named in `othersError`; the next call
   * tries it again.
   */
  async function loadAll(): Promise<void> {
    const missing = providers.filter((p) => !events.value[p.id]).map((p) => p.id)
    if (missing.length === 0 || othersLoading.value) return
    othersLoading.value = true
    try {
      const loaded = await Promise.allSettled(missing.map(async (id) => [id, await loadCatalogue(id)] as const))
      const next = { ...events.value }
      const failed: string[] = []
      let reason = ''
      loaded.forEach((result, i) => {
        if (result.status === 'fulfilled') next[result.value[0]] = result.value[1]
        else {
          failed.push(providers.find((p) => p.id === missing[i])?.name ?? missing[i]!)
          reason = result.reason instanceof Error ? result.reason.message : String(result.reason)
        }
      })
      events.value = next
      othersError.value = failed.length ? `The events of ${failed.join(', ')} could not be loaded (${reason}), so they were not searched.` : null
    } finally {
      othersLoading.value = false
    }
  }

  /** The loaded catalogues of every provider but `providerId`, in display order. */
  function othersOf(providerId: string): ProviderEvents[] {
    return providers.filter((p) => p.id !== providerId && events.value[p.id]).map((p) => ({ id: p.id, name: p.name, events: events.value[p.id]! }))
  }

  return { events, loading, error, othersLoading, othersError, eventsOf, load, loadAll, othersOf }
})
