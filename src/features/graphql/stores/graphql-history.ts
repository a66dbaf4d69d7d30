import { computed, ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import { useEventListener } from '@vueuse/core'
import { createHistory, type HistoryEntry, type HistoryInput, type HistoryStorage, type HistoryStore } from '@/features/graphql/core/history'

/** localStorage key of the GraphQL request history (secret header values are never in it). */
export const GRAPHQL_HISTORY_KEY = 'awb-graphql-history'

/** localStorage as a {@link HistoryStorage}; a browser that forbids storage gives an in-memory history. */
function localHistoryStorage(key: string): HistoryStorage {
  let memory: string | null = null
  const local = (): Storage | undefined => {
    try {
      return typeof localStorage === 'undefined' ? undefined : localStorage
    } catch {
      return undefined // storage disabled (privacy settings): history lives for this page only
    }
  }
  return {
    load: () => local()?.getItem(key) ?? memory,
    save: (text) => {
      memory = text
      local()?.setItem(key, text)
    },
  }
}

/**
 * The GraphQL tester's request history: the last 100 sent requests, newest first, in localStorage
 * (so it survives reloads), searchable, without secret header values (the core drops them before
 * an entry exists). Another tab's changes are picked up through the `storage` event.
 */
export const useGraphqlHistoryStore = defineStore('graphqlHistory', () => {
  const storage = localHistoryStorage(GRAPHQL_HISTORY_KEY)
  let history: HistoryStore = createHistory(storage)

  /** All entries, newest first. */
  const entries = shallowRef<HistoryEntry[]>(history.list())
  /** The search box text. @default '' */
  const search = ref('')
  /** Why the stored history could not be read or saved; undefined when all is well. */
  const problem = ref(history.problem)

  /** Entries matching `search` (every word, in endpoint, operation name or query). */
  const filtered = computed(() => {
    void entries.value // recompute when the list changes
    return history.search(search.value)
  })

  const refresh = (): void => {
    entries.value = history.list()
    problem.value = history.problem
  }

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

  /** Deletes one entry. */
  function remove(id: string): void {
    history.remove(id)
    refresh()
  }

  /** Deletes every entry. */
  function clear(): void {
    history.clear()
    refresh()
  }

  // Another tab sent a request or cleared the history: reread it, so this tab does not overwrite it.
  if (typeof window !== 'undefined') {
    useEventListener(window, 'storage', (event: StorageEvent) => {
      if (event.key !== GRAPHQL_HISTORY_KEY && event.key !== null) return
      history = createHistory(storage)
      refresh()
    })
  }

  return { entries, filtered, search, problem, record, get, remove, clear }
})
