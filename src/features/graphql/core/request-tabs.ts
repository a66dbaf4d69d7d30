/**
 * The request tabs' model: several requests open at once, each with its own endpoint, query,
 * variables, headers and settings. Pure functions over an immutable list, so every rule (which tab
 * becomes active when one closes, how a move is clamped, what is saved) is tested in node. Secret
 * header values live only in memory: {@link persistableTabs} drops them, {@link readPersistedTabs}
 * never reads one back. Responses are not part of the model (kept in memory by the store, dropped
 * on reload).
 */
import { persistableState, readPersistedState } from './tester'
import type { SubscriptionTransportPreference } from './stream'

/** The request of one tab. Header values of secret rows are kept in memory only. */
export interface TabRequest {
  endpoint: string
  query: string
  variables: string
  headers: { name: string; value: string; secret: boolean }[]
  timeout: string
  /** The operation to run when the document has several. @default '' */
  operationName: string
  /** How subscriptions travel (the tab's settings). @default 'auto' */
  transport?: SubscriptionTransportPreference
}

/** One tab. */
export interface RequestTab {
  /** Stable id, e.g. `t3`. */
  id: string
  /** The name the user gave it; '' = named after its operation ({@link tabTitle}). */
  name: string
  request: TabRequest
}

/** The open tabs and which one is shown. */
export interface TabsState {
  tabs: RequestTab[]
  activeId: string
}

/** The first named operation of a document (by its text: cheap enough for every render), if any. */
export function operationNameOf(query: string): string | undefined {
  const withoutComments = query.replace(/#[^\n\r]*/g, '')
  return /\b(?:query|mutation|subscription)\s+([_A-Za-z]\w*)/.exec(withoutComments)?.[1]
}

/** What a tab is called: its name, else its operation's name, else "Untitled request". */
export function tabTitle(tab: Pick<RequestTab, 'name' | 'request'>): string {
  return tab.name.trim() || operationNameOf(tab.request.query) || 'Untitled request'
}

/**
 * The name for a new tab whose title would be `title`: '' (keep the title it derives) when none of
 * the open tabs' `titles` is that, else the title numbered as the first free "Title (2)",
 * "Title (3)"…, so no two tabs read the same in the strip or to a screen reader.
 */
export function distinctTabName(titles: readonly string[], title: string): string {
  const taken = new Set(titles)
  if (!taken.has(title)) return ''
  let n = 2
  while (taken.has(`${title} (${n})`)) n++
  return `${title} (${n})`
}

/** An id not used by any of `tabs`: `t` and one more than the highest number in use. */
export function nextTabId(tabs: readonly Pick<RequestTab, 'id'>[]): string {
  const numbers = tabs.map((t) => Number(/^t(\d+)$/.exec(t.id)?.[1] ?? 0))
  return `t${Math.max(0, ...numbers) + 1}`
}

/** Adds `tab` right after the tab `afterId` (at the end when not found) and makes it active. */
export function insertTab(state: TabsState, tab: RequestTab, afterId = state.activeId): TabsState {
  const at = state.tabs.findIndex((t) => t.id === afterId)
  const tabs = [...state.tabs]
  tabs.splice(at < 0 ? tabs.length : at + 1, 0, tab)
  return { tabs, activeId: tab.id }
}

/**
 * Closes a tab. The last tab cannot be closed (returns the state unchanged). When the active tab
 * closes, its right neighbour becomes active, or its left one at the end (as browsers do).
 */
export function closeTab(state: TabsState, id: string): TabsState {
  const at = state.tabs.findIndex((t) => t.id === id)
  if (at < 0 || state.tabs.length <= 1) return state
  const tabs = state.tabs.filter((t) => t.id !== id)
  if (state.activeId !== id) return { tabs, activeId: state.activeId }
  return { tabs, activeId: (tabs[at] ?? tabs[at - 1])!.id }
}

/** Moves a tab by `delta` places (negative: left), clamped to the ends. */
export function moveTab(state: TabsState, id: string, delta: number): TabsState {
  const at = state.tabs.findIndex((t) => t.id === id)
  if (at < 0) return state
  const to = Math.min(Math.max(at + delta, 0), state.tabs.length - 1)
  if (to === at) return state
  const tabs = [...state.tabs]
  const [tab] = tabs.splice(at, 1)
  tabs.splice(to, 0, tab!)
  return { tabs, activeId: state.activeId }
}

/** Gives a tab a name ('' or blanks: back to its operation's name). */
export function renameTab(state: TabsState, id: string, name: string): TabsState {
  return { ...state, tabs: state.tabs.map((t) => (t.id === id ? { ...t, name: name.trim() } : t)) }
}

/** Replaces one tab's request. */
export function updateTabRequest(state: TabsState, id: string, request: TabRequest): TabsState {
  return { ...state, tabs: state.tabs.map((t) => (t.id === id ? { ...t, request } : t)) }
}

/** The tabs as saved: secret header values dropped (through `persistableState`). */
export function persistableTabs(state: TabsState): TabsState {
  return {
    activeId: state.activeId,
    tabs: state.tabs.map((tab) => ({
      id: tab.id,
      name: tab.name,
      request: {
        ...persistableState({ ...tab.request, headers: tab.request.headers.map((h, i) => ({ ...h, id: String(i) })) }),
        operationName: tab.request.operationName,
        ...(tab.request.transport && tab.request.transport !== 'auto' ? { transport: tab.request.transport } : {}),
      },
    })),
  }
}

/**
 * Saved tabs read back defensively: each tab's request through `readPersistedState` (so a secret
 * row never brings a value back), malformed tabs and repeated ids skipped; undefined when nothing
 * usable is left. An unknown active id falls back to the first tab.
 */
export function readPersistedTabs(raw: string | null, fallback: TabRequest): TabsState | undefined {
  if (!raw) return undefined
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { tabs?: unknown }).tabs)) return undefined
  const v = value as { tabs: unknown[]; activeId?: unknown }
  const seen = new Set<string>()
  const tabs: RequestTab[] = []
  for (const item of v.tabs) {
    if (typeof item !== 'object' || item === null) continue
    const t = item as Record<string, unknown>
    if (typeof t.id !== 'string' || !/^t\d+$/.test(t.id) || seen.has(t.id)) continue
    seen.add(t.id)
    const request = readPersistedState(JSON.stringify(t.request ?? {}))
    const operationName = typeof (t.request as Record<string, unknown> | undefined)?.operationName === 'string' ? String((t.request as Record<string, unknown>).operationName) : ''
    const transport = (t.request as Record<string, unknown> | undefined)?.transport
    const knownTransport: Pick<TabRequest, 'transport'> = transport === 'sse' || transport === 'ws' ? { transport } : {}
    tabs.push({
      id: t.id,
      name: typeof t.name === 'string' ? t.name.slice(0, 200) : '',
      request: {
        endpoint: request.endpoint ?? fallback.endpoint,
        query: request.query ?? '',
        variables: request.variables ?? '',
        headers: request.headers ?? [],
        timeout: request.timeout ?? '',
        operationName,
        ...knownTransport,
      },
    })
  }
  if (!tabs.length) return undefined
  const activeId = typeof v.activeId === 'string' && seen.has(v.activeId) ? v.activeId : tabs[0]!.id
  return { tabs, activeId }
}
