/**
 * Applies GraphQL incremental delivery payloads (`@defer` / `@stream`) to a result, in the format
 * graphql-js 17 emits (`pending` / `incremental` / `completed` with ids, incremental delivery RFC)
 * and in the older path-based format (`incremental: [{ path, data | items }]`, `deferSpec=20220824`,
 * still sent by Apollo Server and graphql-yoga's older versions). Never throws on any input: a
 * payload that does not fit is recorded in `problems`, and the rest still applies.
 */
import { forbiddenSegmentMessage, forbiddenSegmentOf, ownValueAt } from '@/shared/core/path-segments'
import { isJsonObject, type JsonObject } from '../../../../shared/core/json/json-object'

/** An error as a GraphQL response lists it (message, path, locations, extensions). */
export type ResponseError = Record<string, unknown>

/** A deferred fragment or stream the server announced and has not completed. */
export interface PendingPayload {
  /** The server's id for it. */
  id: string
  /** Where in the result it will land. */
  path: readonly (string | number)[]
  /** The `label` argument of `@defer`/`@stream`, if any. */
  label?: string
}

/** The merged result so far. */
export interface IncrementalResult {
  /** The data with every payload applied so far (null when the initial result had none). */
  data: Record<string, unknown> | null
  /** Every error: the initial result's, each payload's and each completion's, in arrival order. */
  errors: ResponseError[]
  /** What is still to come by its id, in announcement order (looked up and removed by id, never searched). */
  pending: Map<string, PendingPayload>
  /** Whether the server said more payloads follow. */
  hasNext: boolean
  /**
   * How many parts are pending when `pending` lists only the first of them (a result handed to the
   * page by {@link incrementalToJson} with a `pendingListed` cap); absent when `pending` is whole.
   */
  pendingTotal?: number
  /** Payloads (or parts of them) that could not be applied, in words. */
  problems: string[]
}

const isPath = (value: unknown): value is (string | number)[] =>
  Array.isArray(value) && value.every((key) => typeof key === 'string' || (typeof key === 'number' && Number.isInteger(key) && key >= 0))
const errorsOf = (value: unknown): ResponseError[] => (Array.isArray(value) ? value.filter(isJsonObject) : [])

/** Starts a result from the first payload (the response's initial part). */
export function startIncremental(initial: unknown): IncrementalResult {
  const result: IncrementalResult = { data: null, errors: [], pending: new Map(), hasNext: false, problems: [] }
  if (!isJsonObject(initial)) {
    result.problems.push('The first payload is not a JSON object.')
    return result
  }
  result.data = isJsonObject(initial.data) ? structuredClone(initial.data) : null
  pushAll(result.errors, errorsOf(initial.errors))
  addPending(result, initial.pending)
  result.hasNext = initial.hasNext === true
  return result
}

/** Applies one subsequent payload to `result` (mutated: a stream of 10,000 items is not copied 10,000 times). */
export function applyIncremental(result: IncrementalResult, payload: unknown): IncrementalResult {
  if (!isJsonObject(payload)) {
    result.problems.push('A payload is not a JSON object; it was skipped.')
    return result
  }
  addPending(result, payload.pending)
  if (payload.incremental !== undefined) {
    if (!Array.isArray(payload.incremental)) result.problems.push('"incremental" is not a list; it was skipped.')
    else for (const entry of payload.incremental) applyEntry(result, entry)
  }
  pushAll(result.errors, errorsOf(payload.errors))
  if (Array.isArray(payload.completed)) {
    for (const done of payload.completed) {
      if (!isJsonObject(done) || typeof done.id !== 'string') continue
      if (!result.pending.delete(done.id)) result.problems.push(`Completed "${done.id}", which was never announced as pending.`)
      pushAll(result.errors, errorsOf(done.errors))
    }
  }
  if (typeof payload.hasNext === 'boolean') result.hasNext = payload.hasNext
  // The old format has no completion records: nothing stays pending once the server is done.
  if (!result.hasNext) result.pending.clear()
  return result
}

function addPending(result: IncrementalResult, pending: unknown): void {
  if (!Array.isArray(pending)) return
  for (const entry of pending) {
    // An id announced twice keeps its first announcement (as a search from the front would find it).
    if (isJsonObject(entry) && typeof entry.id === 'string' && isPath(entry.path) && !result.pending.has(entry.id)) {
      result.pending.set(entry.id, { id: entry.id, path: entry.path, ...(typeof entry.label === 'string' ? { label: entry.label } : {}) })
    }
  }
}

function applyEntry(result: IncrementalResult, entry: unknown): void {
  if (!isJsonObject(entry)) return void result.problems.push('An incremental entry is not a JSON object; it was skipped.')
  pushAll(result.errors, errorsOf(entry.errors))
  let path: (string | number)[]
  if (typeof entry.id === 'string') {
    const pending = result.pending.get(entry.id)
    if (!pending) return void result.problems.push(`A payload for "${entry.id}", which is not pending, was skipped.`)
    path = isPath(entry.subPath) ? pending.path.concat(entry.subPath) : [...pending.path]
  } else if (isPath(entry.path)) {
    path = entry.path
  } else {
    return void result.problems.push('An incremental entry has neither an id nor a path; it was skipped.')
  }
  const forbidden = forbiddenSegmentOf(path)
  if (forbidden) return void result.problems.push(`An entry for ${describe(path)} was skipped: ${forbiddenSegmentMessage(forbidden.segment, `(segment ${forbidden.index + 1})`)}`)
  if (result.data === null) result.data = {}
  if (Array.isArray(entry.items)) {
    // Old format: the path ends with the index of the first item. New format: the path is the list.
    const listPath = typeof entry.id === 'string' ? path : path.slice(0, -1)
    const list = at(result.data, listPath)
    if (!Array.isArray(list)) return void result.problems.push(`Streamed items for ${describe(listPath)}, which is not a list, were skipped.`)
    const start = typeof entry.id === 'string' ? list.length : Number(path[path.length - 1])
    // A start past the end would make a sparse list of any length (a hostile 1e9 freezes the tree).
    if (start > list.length) return void result.problems.push(`Streamed items for ${describe(listPath)} start at ${start}, past the ${list.length} received; skipped.`)
    entry.items.forEach((item, i) => (list[start + i] = structuredClone(item)))
  } else if (isJsonObject(entry.data)) {
    const target = at(result.data, path)
    if (!isJsonObject(target)) return void result.problems.push(`Deferred data for ${describe(path)}, which is not an object, was skipped.`)
    merge(target, entry.data)
  } else if (entry.data !== null) {
    result.problems.push(`An entry for ${describe(path)} has neither "data" nor "items"; it was skipped.`)
  }
}

/** Appends `items` one by one: a spread of a list this long would pass the engine's argument limit. */
function pushAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item)
}

/** The value at `path`, through own properties only (a `__proto__` key must not reach Object.prototype). */
function at(root: unknown, path: readonly (string | number)[]): unknown {
  return ownValueAt(root, path)
}

/** Sets an own data property, even for a key named `__proto__` (JSON.parse makes those own keys). */
function setOwn(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true })
}

function merge(target: JsonObject, source: JsonObject): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = Object.hasOwn(target, key) ? target[key] : undefined
    if (isJsonObject(existing) && isJsonObject(value)) merge(existing, value)
    else if (Array.isArray(existing) && Array.isArray(value)) mergeList(existing, value)
    else setOwn(target, key, structuredClone(value))
  }
}

function mergeList(target: unknown[], source: unknown[]): void {
  source.forEach((value, i) => {
    const existing = target[i]
    if (isJsonObject(existing) && isJsonObject(value)) merge(existing, value)
    else target[i] = structuredClone(value)
  })
}

/** A result path in words, e.g. `hero.friends[2]`. */
function describe(path: readonly (string | number)[]): string {
  return path.length === 0 ? 'the root' : path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`)).join('')
}

/**
 * What the merged view says about the parts still to come when no pending part is listed:
 * `hasNext` alone says more follow (the path-based format, e.g. graphql-yoga's `useDeferStream`,
 * announces no `pending` entries), so "nothing pending" is said only once the server has sent
 * `hasNext: false`; a stream that ended before that lost its last parts.
 *
 * @param running - whether the response is still arriving
 * @returns the sentence, or `undefined` while pending parts are listed (the list says it)
 */
export function pendingNote(result: IncrementalResult, running: boolean): string | undefined {
  if (result.pending.size > 0) return undefined
  if (!result.hasNext) return 'Nothing pending: every deferred part has arrived.'
  return running
    ? 'More parts are coming: the server says so (hasNext is true) without saying where they go.'
    : 'The response ended before its last parts: the server still said more would come (hasNext was true).'
}

/**
 * A merged result as JSON text, to hand it to another thread: for a result with 100,000 keys, JSON
 * text costs the receiving page a fraction of what copying the objects (structured clone) does,
 * and {@link incrementalFromJson} parses the data only when it is first read. With
 * `pendingListed`, only the first that many pending parts go along, and `pendingTotal` counts them
 * all. The text is `<length of the data's JSON>\n<data JSON><the rest as JSON>`.
 */
export function incrementalToJson(result: IncrementalResult, pendingListed = Number.POSITIVE_INFINITY): string {
  const pending: PendingPayload[] = []
  for (const entry of result.pending.values()) {
    if (pending.length >= pendingListed) break
    pending.push(entry)
  }
  const total = result.pendingTotal ?? result.pending.size
  const data = JSON.stringify(result.data)
  const rest = JSON.stringify({ ...result, data: undefined, pending, ...(total > pending.length ? { pendingTotal: total } : {}) })
  return `${data.length}\n${data}${rest}`
}

/**
 * A merged result from {@link incrementalToJson}'s text (its own output; `__proto__` keys stay own
 * data). Its `data` is parsed when first read: the stream view reads it only to show the merged tree.
 */
export function incrementalFromJson(text: string): IncrementalResult {
  const newline = text.indexOf('\n')
  const dataLength = Number(text.slice(0, newline))
  const dataText = text.slice(newline + 1, newline + 1 + dataLength)
  const parsed = JSON.parse(text.slice(newline + 1 + dataLength)) as Omit<IncrementalResult, 'pending' | 'data'> & { pending: PendingPayload[] }
  const pending = new Map<string, PendingPayload>()
  for (const entry of parsed.pending) pending.set(entry.id, entry)
  const result = { ...parsed, pending } as IncrementalResult
  let data: IncrementalResult['data'] | undefined
  Object.defineProperty(result, 'data', {
    enumerable: true,
    configurable: true,
    get: () => (data ??= JSON.parse(dataText) as IncrementalResult['data']),
    set: (value: IncrementalResult['data']) => void (data = value),
  })
  return result
}
