/**
 * Request history: the last N requests sent, newest first, kept through a storage the caller
 * passes in (localStorage, IndexedDB mirror, memory in tests) as one JSON text. Secret header
 * values are dropped before an entry is even created, so they can reach neither storage nor the
 * in-memory list. Stored text is untrusted (another version, another tab, a user editing it): it
 * is validated entry by entry, and anything unreadable is dropped and reported, never thrown.
 */
import type { HeaderList } from '../../../../shared/core/http/headers'
import { redactHeaders, type RedactedHeader } from '../../../../shared/core/redact'

/** One sent request. */
export interface HistoryEntry {
  /** Unique id (`crypto.randomUUID()`). */
  id: string
  endpoint: string
  /** The operation sent; absent for a one-operation document sent without a name. @default undefined */
  operationName?: string
  query: string
  /** The variables editor's text, as sent. */
  variables: string
  /** Headers in order; secret ones with an empty value and `secret: true`. */
  headers: RedactedHeader[]
  /** HTTP status, or `null` when no response arrived (network error, CORS, stopped). */
  status: number | null
  /** Time from send to the end of the response, in milliseconds. */
  durationMs: number
  /** When it was sent, in milliseconds since the epoch (`Date.now()`). */
  time: number
}

/** What the caller gives to {@link HistoryStore.add}; header values may still be secret here. */
export interface HistoryInput {
  endpoint: string
  operationName?: string
  query: string
  variables?: string
  headers?: HeaderList
  /** Names the user marked secret (added to the built-in credential names). @default [] */
  secretHeaderNames?: readonly string[]
  status: number | null
  durationMs: number
  /** @default Date.now() (or the `now` option) */
  time?: number
}

/** Where the history lives: one text value. Both methods may throw (quota, private mode). */
export interface HistoryStorage {
  load(): string | null
  save(text: string): void
}

/** Options of {@link createHistory}. */
export interface HistoryOptions {
  /** Maximum number of entries; adding more evicts the oldest. @default 100 */
  limit?: number
  /**
   * Maximum length of the stored JSON text, in UTF-16 units; oldest entries are evicted to stay
   * under it, because localStorage allows about 5 MB per origin and other tools share it.
   * @default 2_000_000
   */
  maxStoredChars?: number
  /** Clock, for tests. @default Date.now */
  now?: () => number
  /** Id source, for tests. @default () => crypto.randomUUID() */
  newId?: () => string
}

/** The history of one tool. */
export interface HistoryStore {
  /** Records a sent request (secret header values removed) and saves; returns the stored entry. */
  add(input: HistoryInput): HistoryEntry
  /** All entries, newest first (a copy). */
  list(): HistoryEntry[]
  /**
   * Entries whose endpoint, operation name or query contain every word of `text`
   * (case-insensitive), newest first. Blank text lists everything.
   */
  search(text: string): HistoryEntry[]
  /** The entry with this id. */
  get(id: string): HistoryEntry | undefined
  /** Deletes one entry; returns whether it existed. */
  remove(id: string): boolean
  /** Deletes all entries. */
  clear(): void
  /**
   * Why stored data was (partly) discarded on load, or why the last save failed; `undefined`
   * when all is well. For a quiet notice in the UI ("History could not be read and was reset").
   */
  readonly problem: string | undefined
}

/** Version of the stored format, so a future change can migrate instead of misreading. */
const FORMAT = 1

/**
 * Opens the history kept in `storage`. Corrupt or foreign stored data never throws: the
 * history starts with whatever entries are valid (possibly none) and `problem` says what happened.
 *
 * @param storage - load/save of one text value.
 * @param options - see {@link HistoryOptions}. @default {}
 */
export function createHistory(storage: HistoryStorage, options: HistoryOptions = {}): HistoryStore {
  const limit = Math.max(1, Math.floor(options.limit ?? 100))
  const maxStoredChars = options.maxStoredChars ?? 2_000_000
  const now = options.now ?? (() => Date.now())
  const newId = options.newId ?? (() => crypto.randomUUID())
  let problem: string | undefined
  let entries: HistoryEntry[] = [] // newest first

  try {
    const loaded = readStored(storage.load())
    entries = loaded.entries.slice(0, limit)
    problem = loaded.problem
  } catch (error) {
    problem = `History could not be read: ${error instanceof Error ? error.message : String(error)}`
  }

  const persist = (): void => {
    let text = serialise(entries)
    // Evict oldest until the text fits; one entry alone may be kept even if large, else nothing could be stored.
    while (text.length > maxStoredChars && entries.length > 1) {
      entries = entries.slice(0, Math.max(1, Math.floor(entries.length * 0.9)))
      text = serialise(entries)
    }
    try {
      storage.save(text)
      problem = undefined
    } catch (error) {
      problem = `History could not be saved: ${error instanceof Error ? error.message : String(error)}`
    }
  }

  return {
    add(input) {
      const entry: HistoryEntry = {
        id: newId(),
        endpoint: input.endpoint,
        query: input.query,
        variables: input.variables ?? '',
        headers: redactHeaders(input.headers ?? [], input.secretHeaderNames ?? []),
        status: input.status,
        durationMs: input.durationMs,
        time: input.time ?? now(),
      }
      if (input.operationName) entry.operationName = input.operationName
      entries = [entry, ...entries].slice(0, limit)
      persist()
      return structuredClone(entry)
    },
    list: () => structuredClone(entries),
    search(text) {
      const words = text.toLowerCase().split(/\s+/).filter(Boolean)
      if (words.length === 0) return structuredClone(entries)
      return structuredClone(
        entries.filter((e) => {
          const haystack = `${e.endpoint}\n${e.operationName ?? ''}\n${e.query}`.toLowerCase()
          return words.every((w) => haystack.includes(w))
        }),
      )
    },
    get(id) {
      const found = entries.find((e) => e.id === id)
      return found && structuredClone(found)
    },
    remove(id) {
      const before = entries.length
      entries = entries.filter((e) => e.id !== id)
      if (entries.length === before) return false
      persist()
      return true
    },
    clear() {
      entries = []
      persist()
    },
    get problem() {
      return problem
    },
  }
}

function serialise(entries: readonly HistoryEntry[]): string {
  return JSON.stringify({ format: FORMAT, entries })
}

/** Parses stored text, keeping valid entries; newest first, as stored. */
function readStored(text: string | null): { entries: HistoryEntry[]; problem?: string } {
  if (text === null || text === '') return { entries: [] }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { entries: [], problem: 'Stored history was not valid JSON; starting with an empty history.' }
  }
  if (!isRecord(data) || data.format !== FORMAT || !Array.isArray(data.entries)) {
    return { entries: [], problem: 'Stored history has an unknown format; starting with an empty history.' }
  }
  const entries: HistoryEntry[] = []
  const ids = new Set<string>()
  for (const raw of data.entries) {
    const entry = toEntry(raw)
    if (entry && !ids.has(entry.id)) {
      ids.add(entry.id)
      entries.push(entry)
    }
  }
  const dropped = data.entries.length - entries.length
  const result: { entries: HistoryEntry[]; problem?: string } = { entries }
  if (dropped > 0) result.problem = `${dropped} unreadable history ${dropped === 1 ? 'entry was' : 'entries were'} dropped.`
  return result
}

/** A stored entry, rebuilt from checked fields only (unknown keys dropped, secrets re-redacted). */
function toEntry(raw: unknown): HistoryEntry | undefined {
  if (!isRecord(raw)) return undefined
  const { id, endpoint, operationName, query, variables, headers, status, durationMs, time } = raw
  if (typeof id !== 'string' || id === '' || typeof endpoint !== 'string' || typeof query !== 'string' || typeof variables !== 'string') return undefined
  if (operationName !== undefined && typeof operationName !== 'string') return undefined
  if (!(status === null || (typeof status === 'number' && Number.isInteger(status)))) return undefined
  if (typeof durationMs !== 'number' || !Number.isFinite(durationMs) || typeof time !== 'number' || !Number.isFinite(time)) return undefined
  if (!Array.isArray(headers)) return undefined
  const pairs: [string, string][] = []
  const flagged: string[] = []
  for (const h of headers) {
    if (!isRecord(h) || typeof h.name !== 'string' || typeof h.value !== 'string') return undefined
    pairs.push([h.name, h.value])
    if (h.secret === true) flagged.push(h.name)
  }
  // Re-redact on load: data written by an older or tampered version must not resurrect a secret.
  const entry: HistoryEntry = { id, endpoint, query, variables, headers: redactHeaders(pairs, flagged), status, durationMs, time }
  if (operationName) entry.operationName = operationName
  return entry
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
