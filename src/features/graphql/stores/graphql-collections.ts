import { ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { collectionRequestFromTab, requestNameFor, tabRequestFromCollection, withoutSecrets, type Collection } from '../core/collections/model'
import type { TabRequest } from '../core/request-tabs'
import { itemAt } from '../core/collections/item-at'
import type { CollectionsSync } from '../io/collections-db'

/** Where a collection is kept: in this browser (IndexedDB) or, as well, in a folder the user picked. */
export type CollectionStorage = { kind: 'browser' } | { kind: 'folder'; folderName: string }

/** A collection as the app holds it: an id (stable across reloads), the collection and where it is kept. */
export interface StoredCollection {
  id: string
  collection: Collection
  storage: CollectionStorage
}

/** A new collection id (random: ids from two browser tabs never meet). */
const newId = (): string => crypto.randomUUID()

/** Plain data (no Vue proxies: IndexedDB cannot clone them), and the caller's object stays theirs. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

/**
 * The GraphQL tester's collections: every collection with its id and storage, kept in
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

  let sync: Promise<CollectionsSync> | undefined
  // The database code is a chunk of its own, downloaded on first use.
  const linked = (): Promise<CollectionsSync> =>
    (sync ??= import('../io/collections-db').then(({ collectionsSync }) =>
      collectionsSync<CollectionStorage>({
        current: () => collections.value,
        set(list) {
          collections.value = list
          revision.value++
        },
        status(refusal, sentence) {
          storageError.value = refusal
          void announce(sentence)
        },
      }),
    ))

  /** Reads the stored collections (once; after a failure, the next call tries again). */
  const load = (): Promise<void> => linked().then((s) => s.load()).finally(() => (loaded.value = true))

  /** Resolves when every change so far was written (or refused). */
  const saved = (): Promise<void> => linked().then((s) => s.saved())

  function changed(next: StoredCollection[]): void {
    collections.value = next
    revision.value++
    void linked().then((s) => s.changed())
  }

  /** Adds `collection` (a copy of it) at `index` (the end by default); returns its id. */
  function addCollection(collection: Collection, storage: CollectionStorage = { kind: 'browser' }, index = collections.value.length): string {
    const id = newId()
    const next = [...collections.value]
    next.splice(index, 0, { id, collection: plain(collection), storage: plain(storage) })
    changed(next)
    return id
  }

  /** Changes the list with `edit` when the collection `id` is in it. */
  function withCollection(id: string, edit: (list: StoredCollection[]) => StoredCollection[]): void {
    if (get(id)) changed(edit(collections.value))
  }

  /** Replaces the collection `id` (a copy of `collection`), keeping its id and storage. */
  const replaceCollection = (id: string, collection: Collection): void =>
    withCollection(id, (list) => list.map((c) => (c.id === id ? { ...c, collection: plain(collection) } : c)))

  /** Sets where the collection `id` is kept. */
  const setStorage = (id: string, storage: CollectionStorage): void =>
    withCollection(id, (list) => list.map((c) => (c.id === id ? { ...c, storage: plain(storage) } : c)))

  /** Removes the collection `id`. */
  const removeCollection = (id: string): void => withCollection(id, (list) => list.filter((c) => c.id !== id))

  /** The collection `id`. */
  function get(id: string): StoredCollection | undefined {
    return collections.value.find((c) => c.id === id)
  }

  // Set by the page (`setTabOpener(tabs.open)`): importing the tabs store here, even dynamically,
  // made the bundler split the page's chunk in two (+2.9 KB gzip on /graphql's first load).
  let openTab: ((request: TabRequest, name: string) => unknown) | undefined

  /** Gives the store the way to open a request in a new tab (the tabs store's `open`). */
  function setTabOpener(open: (request: TabRequest, name: string) => unknown): void {
    openTab = open
  }

  /** Opens the request at `path` of the collection `id` in a new tab (named after it; nothing is sent). Needs {@link setTabOpener} first. */
  function openRequest(id: string, path: readonly number[]): void {
    const stored = get(id)
    const item = stored && itemAt(stored.collection, path)
    if (item?.kind !== 'request') return
    openTab!(tabRequestFromCollection(plain(item)), item.name)
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
    openRequest,
    setTabOpener,
    // Core functions the lazy collections view needs: handed over here because that chunk importing
    // core/collections/model.ts made the bundler split the page's chunk (+2.4 KB gzip on first load).
    /** core `collectionRequestFromTab`: a tab's request as saved (secret values become references). */
    requestFromTab: collectionRequestFromTab,
    /** core `withoutSecrets`. */
    withoutSecrets,
    /** core `requestNameFor`. */
    requestNameFor,
  }
})
