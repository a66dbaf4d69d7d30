import { computed, shallowRef, watch } from 'vue'
import { defineStore } from 'pinia'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { usePersistedState } from '@/shared/composables/usePersistedState'
import {
  closeTab,
  insertTab,
  moveTab,
  nextTabId,
  persistableTabs,
  restorePersistedTabs,
  renameTab,
  tabTitle,
  updateTabRequest,
  type TabRequest,
  type TabsState,
  type TabsRestoreFailure,
} from '../core/request-tabs'
import { useGraphQLStore, type ResponseSnapshot } from './graphql'
import { tabClosed, tabOpened } from '../core/announcements'
import { useGraphQLInputStore } from './graphql-input'

/** localStorage key of the request tabs (never secret header values, never responses). */
export const GRAPHQL_TABS_STORAGE_KEY = 'awb-graphql-tabs'

/**
 * The request tabs. The shown tab's request lives in the input store (the editors edit it there);
 * the others are kept here, with their secret values in memory only. Switching tabs stores the
 * shown one and loads the other, with its last response (kept in memory per tab, dropped on reload:
 * a response is never saved, whatever its size). A request in flight is cancelled when its tab is
 * left, so its answer can never land in another tab. Saved under {@link GRAPHQL_TABS_STORAGE_KEY};
 * saved tabs a reload could not open are named, not dropped silently, and kept until the user acts.
 */
export const useGraphQLTabsStore = defineStore('graphql-tabs', () => {
  const { announce } = useAnnouncer()
  const input = useGraphQLInputStore()
  // Saved with the request (same words, so a failure to save both is said once, not twice).
  const { state: stored } = usePersistedState<string>(GRAPHQL_TABS_STORAGE_KEY, '', {
    what: 'your request',
    listenToStorageChanges: false,
  })
  const restored = restorePersistedTabs(stored.value || null, input.snapshot())
  const initial = restored.state
  /**
   * Saved tabs that were left out at load. While set, nothing is saved (the saved text stays as it
   * was, for the user to copy) until the user chooses {@link saveFromNow}.
   */
  const restoreFailure = shallowRef<TabsRestoreFailure | undefined>(restored.failure)
  if (restored.failure) void announce(restored.failure.message)
  const state = shallowRef<TabsState>(
    initial ? updateTabRequest(initial, initial.activeId, input.snapshot()) : { tabs: [{ id: 't1', name: '', request: input.snapshot() }], activeId: 't1' },
  )
  /** Each tab's last response, in memory only. */
  const responses = new Map<string, ResponseSnapshot>()

  // The shown tab follows the editors; everything is saved without secrets.
  watch(
    () => input.snapshot(),
    (request) => (state.value = updateTabRequest(state.value, state.value.activeId, request)),
    { deep: true },
  )
  const save = (value: TabsState) => (stored.value = JSON.stringify(persistableTabs(value)))
  watch(state, (value) => {
    if (!restoreFailure.value) save(value)
  })

  /** Saves the tabs as they are now, and every change after (replacing the saved text that was left out). */
  function saveFromNow(): void {
    restoreFailure.value = undefined
    save(state.value)
  }

  /** The tabs with their titles, in order. */
  const tabs = computed(() => state.value.tabs.map((tab) => ({ id: tab.id, title: tabTitle(tab) })))
  /** Each tab's id, title and request (the shown one's as in the editors), in order. */
  const requests = computed(() => state.value.tabs.map((tab) => ({ id: tab.id, title: tabTitle(tab), request: tab.request })))
  /** The id of the shown tab. */
  const activeId = computed(() => state.value.activeId)

  /** Keeps the shown tab's response and shows `id` (its request and last response). */
  function show(next: TabsState): void {
    const graphql = useGraphQLStore()
    const leaving = state.value.activeId
    if (graphql.sending && next.activeId !== leaving) graphql.cancel()
    if (state.value.tabs.some((t) => t.id === leaving)) {
      responses.set(leaving, graphql.responseSnapshot())
      // The last keystrokes before the switch, which the watcher above has not stored yet.
      if (next.tabs.some((t) => t.id === leaving)) next = updateTabRequest(next, leaving, input.snapshot())
    }
    state.value = next
    const tab = next.tabs.find((t) => t.id === next.activeId)
    if (tab && next.activeId !== leaving) {
      input.load(tab.request)
      graphql.restoreResponse(responses.get(tab.id))
    }
  }

  /** Shows the tab `id`. */
  function select(id: string): void {
    if (id === state.value.activeId || !state.value.tabs.some((t) => t.id === id)) return
    show({ ...state.value, activeId: id })
  }

  /**
   * Opens a new tab after the shown one and shows it: with `request` (history, share links), or
   * blank on the same endpoint. Says so.
   */
  function open(request?: TabRequest, name = ''): string {
    const id = nextTabId(state.value.tabs)
    const blank: TabRequest = { endpoint: input.endpoint, query: '', variables: '', headers: [{ name: 'Authorization', value: '', secret: true }], timeout: '', operationName: '' }
    show(insertTab(state.value, { id, name, request: request ?? blank }))
    void announce(tabOpened(tabTitle({ name, request: request ?? blank })))
    return id
  }

  /**
   * Opens a tab for a request arriving from the history or a share link, as a copy of the shown one
   * (so `applyRequest` can keep its secret values for the same origin) that the caller then fills.
   */
  function openIncoming(): void {
    open(structuredClone(input.snapshot()))
  }

  /** Opens a copy of the tab `id` (its secret values too: they stay in memory) after it. */
  function duplicate(id = state.value.activeId): void {
    const tab = state.value.tabs.find((t) => t.id === id)
    if (!tab) return
    const request = id === state.value.activeId ? input.snapshot() : tab.request
    open(structuredClone(request), tab.name ? `${tab.name} (copy)` : '')
  }

  /** Closes the tab `id` (not the last one) and says which tab is shown now. */
  function close(id: string): void {
    const tab = state.value.tabs.find((t) => t.id === id)
    const next = closeTab(state.value, id)
    if (!tab || next === state.value) return
    const wasShown = state.value.activeId === id
    if (wasShown) {
      const graphql = useGraphQLStore()
      if (graphql.sending) graphql.cancel()
      state.value = { ...state.value, activeId: '' }
    }
    responses.delete(id)
    if (wasShown) show(next)
    else state.value = next
    const shown = state.value.tabs.find((t) => t.id === state.value.activeId)!
    void announce(tabClosed(tabTitle(tab), tabTitle(shown)))
  }

  /** Renames the tab `id` ('' gives it back its operation's name). */
  function rename(id: string, name: string): void {
    state.value = renameTab(state.value, id, name)
  }

  /** Moves the tab `id` by `delta` places and says where it is. */
  function move(id: string, delta: number): void {
    const next = moveTab(state.value, id, delta)
    if (next === state.value) return
    state.value = next
    const at = next.tabs.findIndex((t) => t.id === id)
    void announce(`Moved to position ${at + 1} of ${next.tabs.length}`)
  }

  return { tabs, requests, activeId, restoreFailure, saveFromNow, select, open, openIncoming, duplicate, close, rename, move }
})
