/**
 * The collections' home in the browser: one IndexedDB database, one record per collection (its
 * id, place in the list, the collection and where the user chose to keep it). Secret values are
 * never in a collection (core `withoutSecrets`), so nothing here needs hiding. Plain IndexedDB,
 * like `schema-cache.ts`: the list is rewritten in one transaction, so a write is all or nothing.
 * Where storage is refused (private mode, a blocked site, quota, no IndexedDB) every call rejects
 * with an Error whose message says so; the store shows and announces it and keeps what the user
 * made on the page.
 */
import type { Collection } from '../core/collections/model'
import { requestDone, transactionDone } from '@/shared/io/indexeddb'

/** One stored collection, as the store keeps it (`storage` is the store's `CollectionStorage`). */
export interface CollectionRecord<Storage = unknown> {
  id: string
  collection: Collection
  storage: Storage
}

/** What the collections store needs of its storage. */
export interface CollectionsDb<Storage = unknown> {
  /** Every collection, in the order last written. */
  readAll(): Promise<CollectionRecord<Storage>[]>
  /** Replaces the stored list with `records`, in this order (one transaction). */
  writeAll(records: readonly CollectionRecord<Storage>[]): Promise<void>
}

const DB_NAME = 'awb-graphql-collections'
const STORE = 'collections'

/** The record as stored: the list's order is `position`. */
interface Row<Storage> extends CollectionRecord<Storage> {
  position: number
}

/** An IndexedDB failure as a sentence for the user (quota is the one they can act on). */
export function storageRefusal(error: unknown): Error {
  const name = error instanceof DOMException || error instanceof Error ? error.name : ''
  if (name === 'QuotaExceededError') return new Error('The browser’s storage for this site is full, so collections cannot be saved. Free some space or export them.')
  const detail = error instanceof Error && error.message ? ` (${error.message})` : ''
  return new Error(`The browser refused to store collections${detail}. They stay on this page until it is closed; export them to keep them.`)
}

/**
 * The collections database. Without IndexedDB (or when it refuses to open) every call rejects
 * with {@link storageRefusal}'s sentence; a refused open is tried again on the next call.
 *
 * @param factory - the IndexedDB factory. @default globalThis.indexedDB
 */
export function openCollectionsDb<Storage = unknown>(factory: IDBFactory | undefined = globalThis.indexedDB): CollectionsDb<Storage> {
  let db: Promise<IDBDatabase> | undefined
  const open = (): Promise<IDBDatabase> => {
    db ??= new Promise<IDBDatabase>((resolve, reject) => {
      if (!factory) throw new Error('this browser has no IndexedDB')
      const request = factory.open(DB_NAME, 1)
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id' })
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error ?? new Error('IndexedDB could not open'))
      request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'))
    }).catch((error: unknown) => {
      db = undefined // try again next time
      throw error
    })
    return db
  }
  const refused = (error: unknown): never => {
    throw storageRefusal(error)
  }
  return {
    async readAll() {
      try {
        const store = (await open()).transaction(STORE, 'readonly').objectStore(STORE)
        const rows = (await requestDone(store.getAll())) as Row<Storage>[]
        return rows.sort((a, b) => a.position - b.position).map(({ id, collection, storage }) => ({ id, collection, storage }))
      } catch (error) {
        return refused(error)
      }
    },
    async writeAll(records) {
      try {
        const tx = (await open()).transaction(STORE, 'readwrite')
        const store = tx.objectStore(STORE)
        store.clear()
        // structuredClone-able plain data only: a Vue proxy would throw DataCloneError.
        records.forEach(({ id, collection, storage }, position) => store.put({ id, position, collection, storage } satisfies Row<Storage>))
        await transactionDone(tx)
      } catch (error) {
        refused(error)
      }
    },
  }
}

/** Said when storage works again after a refusal. */
export const COLLECTIONS_STORED_AGAIN = 'Collections are saved in this browser again'

/** What {@link collectionsSync} needs of the store. */
export interface CollectionsSyncHooks<Storage> {
  /** The collections on the page now (plain data: no Vue proxies, which IndexedDB cannot clone). */
  current(): CollectionRecord<Storage>[]
  /** Replaces the collections on the page (with the stored ones, then those made while they were read). */
  set(list: CollectionRecord<Storage>[]): void
  /** Storage was refused (`refusal`, the sentence for the user) or works again (undefined); `sentence` is to be announced. Called on a change only. */
  status(refusal: string | undefined, sentence: string): void
}

/** The store's link to the database: read once, then write the latest list after each change. */
export interface CollectionsSync {
  /** Reads the stored collections into the page (once; after a refusal, the next call tries again). */
  load(): Promise<void>
  /** Writes the page's collections (the latest list, in order); a refusal goes to `status`. */
  changed(): void
  /** Resolves when every change so far was written (or refused). */
  saved(): Promise<void>
}

/**
 * Keeps the database in step with the page. Until the stored list was read nothing is written, so
 * a failed read never lets a write overwrite what was stored; changes made meanwhile are written
 * once it was read. Writes run one at a time, each with the list as it is by then (so a burst of
 * changes is one or two writes). A refused write is tried again on the next change.
 */
export function collectionsSync<Storage>(hooks: CollectionsSyncHooks<Storage>, db: CollectionsDb<Storage> = openCollectionsDb<Storage>()): CollectionsSync {
  let read = false
  let reading: Promise<void> | undefined
  let writes: Promise<void> = Promise.resolve()
  let dirty = false
  let refusal: string | undefined
  const report = (next: string | undefined, sentence = next ?? COLLECTIONS_STORED_AGAIN) => {
    if (next !== refusal) hooks.status((refusal = next), sentence)
  }
  const refused = (error: unknown) => report(error instanceof Error ? error.message : String(error))
  const works = () => report(undefined)

  const load = (): Promise<void> => {
    if (read) return Promise.resolve()
    reading ??= db
      .readAll()
      .then((stored) => {
        const ids = new Set(stored.map((r) => r.id))
        // Collections made on the page before the read came back stay, after the stored ones.
        if (stored.length) hooks.set([...stored, ...hooks.current().filter((c) => !ids.has(c.id))])
        read = true
        works()
      }, refused)
      .finally(() => (reading = undefined))
    return reading
  }

  return {
    load,
    changed() {
      dirty = true
      writes = writes.then(async () => {
        if (!dirty) return // an earlier write already took this change
        await load()
        if (!read) return // still unread: writing would overwrite what is stored
        dirty = false
        try {
          await db.writeAll(hooks.current())
          works()
        } catch (error) {
          dirty = true
          refused(error)
        }
      })
    },
    saved: () => writes,
  }
}
