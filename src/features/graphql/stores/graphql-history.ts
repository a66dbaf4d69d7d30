import { computed, ref, shallowRef, watch } from 'vue'
import { defineStore } from 'pinia'
import { createHistory, type HistoryEntry, type HistoryInput, type HistoryStorage, type HistoryStore } from '@/features/graphql/core/history'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { usePersistedState } from '@/shared/composables/usePersistedState'
import { HISTORY_CLEARED, deletedFromHistory, openedFromHistory } from '../core/announcements'
import { useGraphQLInputStore } from './graphql-input'

/** localStorage key of the GraphQL request history (secret header values are never in it). */
export const GRAPHQL_HISTORY_KEY = 'awb-graphql-history'

/**
 * The GraphQL tester's request history: the last 100 sent requests, newest first, in localStorage
 * (so it survives reloads), searchable, without secret header values (the core drops them before
 * an entry exists). Another tab's changes are picked up through the `storage` event.
 */
export const useGraphQLHistoryStore = defineStore('graphql-history', () => {
  const { announce } = useAnnouncer()
  // The stored text; '' = nothing stored. usePersistedState follows other tabs' writes.
  const { state: stored, saveError } = usePersistedState(GRAPHQL_HISTORY_KEY, '', { what: 'the history' })
  let written: string | undefined
  const storage: HistoryStorage = {
    load: () => stored.value || null,
    save: (text) => {
      written = text
      stored.value = text
    },
  }
  let history: HistoryStore = createHistory(storage)

  /** All entries, newest first. */
  const entries = shallowRef<HistoryEntry[]>(history.list())
  /** The search box text. @default '' */
  const search = ref('')
  const readProblem = ref(history.problem)
  /** Why the history could not be saved (first), or why the stored one was (partly) unreadable; undefined when all is well. */
  const problem = computed(() => saveError.value?.message ?? readProblem.value)

  /** Entries matching `search` (every word, in endpoint, operation name or query). */
  const filtered = computed(() => {
    void entries.value // recompute when the list changes
    return history.search(search.value)
  })

  const refresh = (): void => {
    entries.value = history.list()
    readProblem.value = history.problem
  }

  // Another tab sent a request or cleared the history: reread it, so this tab does not overwrite it.
  watch(
    stored,
    (text) => {
      if (text === written) return
      history = createHistory(storage)
      refresh()
    },
    { flush: 'sync' },
  )

  /** Records a sent request; secret header values are removed by the core. */
  function record(input: HistoryInput): HistoryEntry {
    const entry = history.add(input)
    refresh()
    return entry
  }

  /** The entry with this id. */
  function get(id: string): HistoryEntry | undefined {
    return history.get(id)
  }

  /**
   * Fills the editors with an entry (nothing is sent) and says so. Secret values typed in this tab
   * stay for the same origin (the history never had them). Returns false when there is no such entry.
   */
  function open(id: string): boolean {
    const entry = history.get(id)
    if (!entry) return false
    useGraphQLInputStore().applyRequest(entry, { keepSecrets: true })
    void announce(openedFromHistory(entry.operationName))
    return true
  }

  /** Deletes one entry and says so. */
  function remove(id: string): void {
    const entry = history.get(id)
    history.remove(id)
    refresh()
    void announce(deletedFromHistory(entry?.operationName))
  }

  /** Deletes every entry and says so. */
  function clear(): void {
    history.clear()
    refresh()
    void announce(HISTORY_CLEARED)
  }

  return { entries, filtered, search, problem, saveError, record, get, open, remove, clear }
})
