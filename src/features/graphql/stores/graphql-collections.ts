import { ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { tabRequestFromCollection, type Collection } from '../core/collections/model'
import { itemAt } from '../core/collections/tree'
import type { CollectionRecord, CollectionsDb } from '../io/collections-db'
import { useGraphQLTabsStore } from './graphql-tabs'

/** Where a collection is kept: in this browser (IndexedDB) or, as well, in a folder the user picked. */
export type CollectionStorage = { kind: 'browser' } | { kind: 'folder'; folderName: string }

/** A collection as the app holds it: an id (stable across reloads), the collection and where it is kept. */
export interface StoredCollection {
  id: string
  collection: Collection
  storage: CollectionStorage
}

/** Said when storage works again after a refusal. */
export const COLLECTIONS_STORED_AGAIN = 'Collections are saved in this browser again'

let sequence = 0
function newId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `c${Date.now().toString(36)}-${(++sequence).toString(36)}`
}

/** Plain data (no Vue proxies: IndexedDB cannot clone them), and the caller's object stays theirs. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

/**
 * The GraphQL tester's collections (issue 39): every collection with its id and storage, kept in
 * IndexedDB through `io/collections-db` (loaded on first use, as its own small chunk, so the page's
 * first load does not carry it). Every change bumps {@link revision} (the folder writer watches it)
 * and is written to the browser in order, the latest list winning. When the browser refuses storage
 * (private mode, quota), {@link storageError} says why and it is announced; the collections stay on
 * the page. Until the stored list was read, nothing is written (so a failed read never overwrites
 * what was stored); collections made before it are kept after the stored ones.
 */
export const useGraphQLCollectionsStore = defineStore('graphql-collections', () => {
  const { announce } = useAnnouncer()
  /** The collections, in the order shown. Change them only through the actions. */
  const collections = shallowRef<StoredCollection[]>([])
  /** +1 on every change to any collection. */
  const revision = ref(0)
  /** Whether the stored collections were read (or reading failed: see {@link storageError}). */
  const loaded = ref(false)
  /** Why the browser refused storage; undefined when all is well. */
  const storageError = ref<string>()

  let db: Promise<CollectionsDb<CollectionStorage>> | undefined
  const database = (): Promise<CollectionsDb<CollectionStorage>> =>
    (db ??= import('../io/collections-db').then(({ openCollectionsDb }) => openCollectionsDb<CollectionStorage>()))
  /** Whether the stored list was read: only then may it be overwritten. */
  let read = false
  let reading: Promise<void> | undefined
  let writes: Promise<void> = Promise.resolve()
  let dirty = false

  function fail(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error)
    if (storageError.value !== message) void announce(message)
    storageError.value = message
  }

  function recovered(): void {
    if (storageError.value === undefined) return
    storageError.value = undefined
    void announce(COLLECTIONS_STORED_AGAIN)
  }

  async function readStored(): Promise<void> {
    try {
      const stored = await (await database()).readAll()
      const storedIds = new Set(stored.map((r) => r.id))
      // Collections made on the page before the read came back stay, after the stored ones.
      collections.value = [...stored, ...collections.value.filter((c) => !storedIds.has(c.id))]
      read = true
      if (stored.length) revision.value++
      recovered()
    } catch (error) {
      fail(error)
    } finally {
      loaded.value = true
    }
  }

  /** Reads the stored collections (once; after a failure, the next call tries again). */
  function load(): Promise<void> {
    if (read) return reading ?? Promise.resolve()
    reading ??= readStored().finally(() => {
      if (!read) reading = undefined
    })
    return reading
  }

  /** Resolves when every change so far was written (or refused). */
  function saved(): Promise<void> {
    return writes
  }

  function changed(next: StoredCollection[]): void {
    collections.value = next
    revision.value++
    dirty = true
    writes = writes.then(async () => {
      if (!dirty) return // a later change's write already covered this one
      if (!read) await load()
      if (!read) return // still unread: writing would overwrite what is stored
      dirty = false
      const records: CollectionRecord<CollectionStorage>[] = plain(collections.value)
      try {
        await (await database()).writeAll(records)
        recovered()
      } catch (error) {
        dirty = true // written on the next change (or retry)
        fail(error)
      }
    })
  }

  /** Adds `collection` at the end (a copy of it); returns its id. */
  function addCollection(collection: Collection, storage: CollectionStorage = { kind: 'browser' }): string {
    const id = newId()
    changed([...collections.value, { id, collection: plain(collection), storage: plain(storage) }])
    return id
  }

  /** Replaces the collection `id` (a copy of `collection`), keeping its id and storage. */
  function replaceCollection(id: string, collection: Collection): void {
    if (!collections.value.some((c) => c.id === id)) return
    changed(collections.value.map((c) => (c.id === id ? { ...c, collection: plain(collection) } : c)))
  }

  /** Sets where the collection `id` is kept. */
  function setStorage(id: string, storage: CollectionStorage): void {
    if (!collections.value.some((c) => c.id === id)) return
    changed(collections.value.map((c) => (c.id === id ? { ...c, storage: plain(storage) } : c)))
  }

  /** Removes the collection `id`. */
  function removeCollection(id: string): void {
    if (!collections.value.some((c) => c.id === id)) return
    changed(collections.value.filter((c) => c.id !== id))
  }

  /** Moves the collection `id` to `index` in the list. */
  function moveCollection(id: string, index: number): void {
    const from = collections.value.findIndex((c) => c.id === id)
    if (from < 0) return
    const next = collections.value.filter((c) => c.id !== id)
    next.splice(Math.max(0, Math.min(index, next.length)), 0, collections.value[from]!)
    changed(next)
  }

  /** The collection `id`. */
  function get(id: string): StoredCollection | undefined {
    return collections.value.find((c) => c.id === id)
  }

  /** Opens the request at `path` of the collection `id` in a new tab (named after it; nothing is sent). */
  function openRequest(id: string, path: readonly number[]): void {
    const stored = get(id)
    const item = stored && itemAt(stored.collection, path)
    if (item?.kind !== 'request') return
    useGraphQLTabsStore().open(tabRequestFromCollection(plain(item)), item.name)
  }

  return {
    collections,
    revision,
    loaded,
    storageError,
    load,
    saved,
    get,
    addCollection,
    replaceCollection,
    setStorage,
    removeCollection,
    moveCollection,
    openRequest,
  }
})
