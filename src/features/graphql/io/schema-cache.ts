/**
 * The per-endpoint schema cache in IndexedDB, so a page opened again has its schema at once (then
 * refreshed in the background when old). Records are keyed by a digest of core `schemaCacheKey`
 * (the endpoint and a digest of the credentials), never by the endpoint or credentials themselves,
 * and hold the schema as the worker sends it to the page (JSON text in parts) and when the endpoint
 * answered, nothing else. Plain IndexedDB (no wrapper library: two requests and an index). Used from
 * the schema worker; where storage is refused (private mode, a blocked site, no IndexedDB) there is
 * no cache and everything else works.
 */
import type { IntrospectionQuery } from 'graphql'
import type { DocsIndex, SchemaWarning } from '@/features/graphql/core/schema'
import { requestDone, transactionDone } from '@/shared/io/indexeddb'

/** The shape of the records; a record of another shape counts as none. */
export const CACHE_VERSION = 3

/** One endpoint's cached schema. */
export interface SchemaCacheRecord {
  /** {@link CACHE_VERSION} when it was stored. */
  version: number
  /** A digest of core `schemaCacheKey` (endpoint and credentials): schema-jobs `storageKey`. */
  key: string
  /** When the endpoint answered (epoch ms). */
  loadedAt: number
  /** The introspection's `__schema` without its types. */
  schema: Omit<IntrospectionQuery['__schema'], 'types'>
  /** Its types, as JSON text in parts (`IntrospectionType[]` each). */
  types: string[]
  /** What graphql-js found wrong with it (core `schemaWarnings`). */
  warnings: readonly SchemaWarning[]
  /** The root types' names. */
  roots: DocsIndex['roots']
  /** core `describeSchemaTypes` of it, as JSON text in parts (`DocsType[]` each). */
  docs: string[]
}

/** What the schema jobs need of a cache (a test passes a Map-backed one). */
export interface SchemaCacheStore {
  get(key: string): Promise<SchemaCacheRecord | undefined>
  put(record: SchemaCacheRecord): Promise<void>
  delete(key: string): Promise<void>
}

/** Endpoints kept; the least recently loaded go first. @default 8 */
export const CACHE_LIMIT = 8

const DB_NAME = 'awb-graphql-schemas'
const STORE = 'schemas'

/**
 * The IndexedDB cache, or undefined when there is no IndexedDB. A store that refuses to open
 * (storage blocked, quota) rejects its calls; the jobs treat that as no cache.
 *
 * @param factory - the IndexedDB factory. @default globalThis.indexedDB
 * @param limit - endpoints kept. @default CACHE_LIMIT
 */
export function openSchemaCache(factory: IDBFactory | undefined = globalThis.indexedDB, limit = CACHE_LIMIT): SchemaCacheStore | undefined {
  if (!factory) return undefined
  let db: Promise<IDBDatabase> | undefined
  const open = (): Promise<IDBDatabase> => {
    db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, 1)
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' }).createIndex('loadedAt', 'loadedAt')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error ?? new Error('IndexedDB could not open'))
      request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'))
    }).catch((error: unknown) => {
      db = undefined // try again next time
      throw error
    })
    return db
  }
  return {
    async get(key) {
      const store = (await open()).transaction(STORE, 'readonly').objectStore(STORE)
      return ((await requestDone(store.get(key))) as SchemaCacheRecord | undefined) ?? undefined
    },
    async delete(key) {
      const tx = (await open()).transaction(STORE, 'readwrite')
      tx.objectStore(STORE).delete(key)
      await transactionDone(tx)
    },
    async put(record) {
      const tx = (await open()).transaction(STORE, 'readwrite')
      const store = tx.objectStore(STORE)
      store.put(record)
      // Oldest first: drop what is past the limit (keys only, the texts are not read).
      const keys = await requestDone(store.index('loadedAt').getAllKeys())
      for (const old of keys.slice(0, Math.max(0, keys.length - limit))) store.delete(old)
      await transactionDone(tx)
    },
  }
}
