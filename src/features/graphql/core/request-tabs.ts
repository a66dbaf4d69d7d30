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

/** The id of a saved tab (`t<number>`), or undefined when it is not a tab. */
function tabIdOf(item: unknown): string | undefined {
  const id = typeof item === 'object' && item !== null ? (item as Record<string, unknown>).id : undefined
  return typeof id === 'string' && /^t\d+$/.test(id) ? id : undefined
}

/**
 * One saved tab read back defensively: its request through `readPersistedState` (so a secret row
 * never brings a value back); undefined when it is not a tab (no `t<number>` id).
 */
export function readPersistedTab(item: unknown, fallback: TabRequest): RequestTab | undefined {
  const id = tabIdOf(item)
  if (id === undefined) return undefined
  const t = item as Record<string, unknown>
  const saved = typeof t.request === 'object' && t.request !== null ? (t.request as Record<string, unknown>) : {}
  const request = readPersistedState(JSON.stringify(saved))
  const transport = saved.transport
  const knownTransport: Pick<TabRequest, 'transport'> = transport === 'sse' || transport === 'ws' ? { transport } : {}
  return {
    id,
    name: typeof t.name === 'string' ? t.name.slice(0, 200) : '',
    request: {
      endpoint: request.endpoint ?? fallback.endpoint,
      query: request.query ?? '',
      variables: request.variables ?? '',
      headers: request.headers ?? [],
      timeout: request.timeout ?? '',
      operationName: typeof saved.operationName === 'string' ? saved.operationName : '',
      ...knownTransport,
    },
  }
}

/** How many saved tabs a reload opens at most; the strip stays quick to render and to tab through. */
export const MAX_RESTORED_TABS = 100

/** Saved tabs that were left out at a reload, and the saved text to copy. */
export interface TabsRestoreFailure {
  /** The sentence to show and announce. */
  message: string
  /** The saved text exactly as stored. */
  text: string
}

/** What {@link restorePersistedTabs} gives. */
export interface RestoredTabs {
  /** The tabs to start from; undefined when none could be read (start with one tab). */
  state?: TabsState
  /** Set when saved tabs were left out. @default undefined */
  failure?: TabsRestoreFailure
}

const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`

/**
 * Saved tabs read back defensively ({@link readPersistedTab}): tabs that cannot be read and
 * repeated ids are left out, and at most `limit` tabs are opened; the failure says how many of
 * each, so nothing is dropped silently. An unknown active id falls back to the first tab (and so
 * does an active tab beyond the limit).
 *
 * @param raw - the stored text (null or '': nothing saved).
 * @param fallback - the request whose endpoint fills a tab saved without one.
 * @param limit - the most tabs to open. @default MAX_RESTORED_TABS
 */
export function restorePersistedTabs(raw: string | null, fallback: TabRequest, limit = MAX_RESTORED_TABS): RestoredTabs {
  if (!raw) return {}
  const failure = (what: string): TabsRestoreFailure => ({
    message: `${what} Your tabs are not saved until you choose to, so the saved text stays as it was; it is below to copy.`,
    text: raw,
  })
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return { failure: failure('Your saved tabs could not be restored (they are not valid JSON), so the tester started with one tab.') }
  }
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { tabs?: unknown }).tabs)) {
    return { failure: failure('Your saved tabs could not be restored (they are not a list of tabs), so the tester started with one tab.') }
  }
  const v = value as { tabs: unknown[]; activeId?: unknown }
  const seen = new Set<string>()
  const tabs: RequestTab[] = []
  let unreadable = 0
  let beyond = 0
  for (const item of v.tabs) {
    // Beyond the limit a tab is only counted: its id is checked, its request is not read.
    const id = tabs.length >= limit ? tabIdOf(item) : undefined
    const tab = tabs.length >= limit ? undefined : readPersistedTab(item, fallback)
    const key = tab?.id ?? id
    if (key === undefined || seen.has(key)) unreadable++
    else {
      seen.add(key)
      if (tab) tabs.push(tab)
      else beyond++
    }
  }
  const problems = [
    ...(unreadable ? [`${plural(unreadable, 'saved tab')} could not be restored (not a tab, or a repeated id) and ${unreadable === 1 ? 'was' : 'were'} left out.`] : []),
    ...(beyond ? [`Only the first ${plural(limit, 'tab')} of ${plural(tabs.length + beyond, 'saved tab')} were opened.`] : []),
  ]
  if (!tabs.length) {
    return v.tabs.length ? { failure: failure(`Your saved tabs could not be restored (none of them is a tab), so the tester started with one tab.`) } : {}
  }
  const activeId = typeof v.activeId === 'string' && tabs.some((tab) => tab.id === v.activeId) ? v.activeId : tabs[0]!.id
  return { state: { tabs, activeId }, ...(problems.length ? { failure: failure(problems.join(' ')) } : {}) }
}

/** The tabs {@link restorePersistedTabs} gives without a limit, or undefined. */
export function readPersistedTabs(raw: string | null, fallback: TabRequest): TabsState | undefined {
  return restorePersistedTabs(raw, fallback, Infinity).state
}
