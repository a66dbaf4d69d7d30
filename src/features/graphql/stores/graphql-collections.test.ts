/**
 * The collections store against a real IndexedDB implementation (`fake-indexeddb`, which follows
 * the W3C IndexedDB spec and its web-platform tests): collections survive a reload in order, every
 * change bumps the revision, a refused storage is shown and announced while the collections stay on
 * the page, a failed read never lets a write overwrite what was stored, and a saved request opens
 * in a new tab with its secret references.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import { IDBFactory } from 'fake-indexeddb'
import { useGraphQLCollectionsStore } from '@/features/graphql/stores/graphql-collections'
import { COLLECTIONS_STORED_AGAIN } from '@/features/graphql/io/collections-db'
import { useGraphQLTabsStore } from '@/features/graphql/stores/graphql-tabs'
import { useGraphQLInputStore } from '@/features/graphql/stores/graphql-input'
import { collectionRequestFromTab, type Collection } from '@/features/graphql/core/collections/model'
import { installMemoryLocalStorage } from '@/shared/testing/memory-storage'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'

const storage = installMemoryLocalStorage()

const request = collectionRequestFromTab('Viewer', {
  endpoint: 'http://api.test/graphql',
  query: 'query Viewer { viewer { login } }',
  variables: '{"n": 12345678901234567890}',
  operationName: '',
  headers: [
    { name: 'Authorization', value: 'Bearer real-secret-token', secret: true },
    { name: 'X-Trace', value: 'on', secret: false },
  ],
  timeout: '',
})
const sample = (name: string): Collection => ({
  name,
  notes: '',
  items: [{ kind: 'folder', name: 'Users', notes: 'about users', items: [request] }],
})

/** A new page: a new Pinia over the same browser storage. */
function reload(): ReturnType<typeof useGraphQLCollectionsStore> {
  setActivePinia(createPinia())
  return useGraphQLCollectionsStore()
}

beforeEach(() => {
  storage.clear()
  vi.stubGlobal('indexedDB', new IDBFactory())
  setActivePinia(createPinia())
})

describe('collections store', () => {
  it('keeps collections across a reload, in order, with their storage, and never a secret value', async () => {
    const store = useGraphQLCollectionsStore()
    await store.load()
    expect(store.loaded).toBe(true)
    const a = store.addCollection(sample('A'))
    const b = store.addCollection(sample('B'), { kind: 'folder', folderName: 'api-requests' }, 0)
    await store.saved()

    const again = reload()
    expect(again.collections).toEqual([])
    await again.load()
    expect(again.collections.map((c) => [c.id, c.collection.name, c.storage.kind])).toEqual([
      [b, 'B', 'folder'],
      [a, 'A', 'browser'],
    ])
    expect(again.collections[1]?.collection).toEqual(sample('A'))
    expect(JSON.stringify(again.collections)).not.toContain('real-secret-token')
    expect(JSON.stringify(again.collections)).toContain('Bearer {{AUTHORIZATION}}')
  })

  it('counts every change in revision and writes the last state', async () => {
    const store = useGraphQLCollectionsStore()
    const start = store.revision
    const id = store.addCollection(sample('A'))
    store.replaceCollection(id, { ...sample('A'), name: 'Renamed' })
    store.setStorage(id, { kind: 'folder', folderName: 'repo' })
    const other = store.addCollection(sample('Gone'))
    store.removeCollection(other)
    expect(store.revision).toBe(start + 5)
    store.replaceCollection('no-such-id', sample('X')) // nothing to change, no revision
    expect(store.revision).toBe(start + 5)
    await store.saved()
    const again = reload()
    await again.load()
    expect(again.collections).toEqual([{ id, collection: { ...sample('A'), name: 'Renamed' }, storage: { kind: 'folder', folderName: 'repo' } }])
  })

  it('keeps its own copy: changing the object passed in changes nothing stored', async () => {
    const store = useGraphQLCollectionsStore()
    const mine = sample('Mine')
    const id = store.addCollection(mine)
    mine.name = 'Changed outside'
    expect(store.get(id)?.collection.name).toBe('Mine')
  })

  it('keeps collections made before the stored ones were read, after them', async () => {
    const first = useGraphQLCollectionsStore()
    const stored = first.addCollection(sample('Stored'))
    await first.saved()
    const store = reload()
    const early = store.addCollection(sample('Early')) // before load()
    await store.saved()
    expect(store.collections.map((c) => c.id)).toEqual([stored, early])
    const again = reload()
    await again.load()
    expect(again.collections.map((c) => c.collection.name)).toEqual(['Stored', 'Early'])
  })

  it('says when the browser refuses storage, keeps the collections on the page, and says when it works again', async () => {
    const { message } = useAnnouncer()
    vi.stubGlobal('indexedDB', undefined)
    const store = useGraphQLCollectionsStore()
    await store.load()
    expect(store.loaded).toBe(true)
    expect(store.storageError).toMatch(/refused to store collections.*no IndexedDB/)
    await nextTick()
    expect(message.value).toBe(store.storageError)
    const id = store.addCollection(sample('Kept'))
    await store.saved()
    expect(store.get(id)?.collection.name).toBe('Kept') // still on the page
    expect(store.storageError).toBeDefined()
  })

  it('never overwrites what was stored when reading it failed; writes everything once it can read', async () => {
    const browser = new IDBFactory()
    vi.stubGlobal('indexedDB', browser)
    const first = useGraphQLCollectionsStore()
    first.addCollection(sample('Stored before'))
    await first.saved()

    // The next page's open is refused (as in a blocked or private profile), then allowed again.
    let refuse = true
    const flaky = {
      open: (...args: Parameters<IDBFactory['open']>) => {
        if (!refuse) return browser.open(...args)
        const request = { error: new DOMException('The operation failed for reasons unrelated to the database itself', 'UnknownError') } as unknown as IDBOpenDBRequest
        setTimeout(() => request.onerror?.(new Event('error')))
        return request
      },
    }
    vi.stubGlobal('indexedDB', flaky)
    const store = reload()
    await store.load()
    expect(store.storageError).toMatch(/refused to store collections/)
    store.addCollection(sample('Made while refused'))
    await store.saved()

    const { message } = useAnnouncer()
    refuse = false
    store.addCollection(sample('Made after'))
    await store.saved()
    expect(store.storageError).toBeUndefined()
    await nextTick()
    expect(message.value).toBe(COLLECTIONS_STORED_AGAIN)
    vi.stubGlobal('indexedDB', browser)
    const again = reload()
    await again.load()
    expect(again.collections.map((c) => c.collection.name)).toEqual(['Stored before', 'Made while refused', 'Made after'])
  })

  it('says when the storage is full, in words the user can act on', async () => {
    const browser = new IDBFactory()
    const full = {
      open: (...args: Parameters<IDBFactory['open']>) => {
        const request = browser.open(...args)
        request.addEventListener('success', () => {
          const db = request.result
          const transaction = db.transaction.bind(db)
          db.transaction = ((...t: Parameters<IDBDatabase['transaction']>) => {
            const tx = transaction(...t)
            if (t[1] !== 'readwrite') return tx
            // As a browser does at its quota: the transaction aborts with QuotaExceededError.
            const objectStore = tx.objectStore.bind(tx)
            tx.objectStore = (name: string) => {
              const store = objectStore(name)
              const put = store.put.bind(store)
              store.put = (...p: Parameters<IDBObjectStore['put']>) => {
                const request = put(...p)
                tx.abort()
                return request
              }
              return store
            }
            Object.defineProperty(tx, 'error', { get: () => new DOMException('Quota exceeded', 'QuotaExceededError') })
            return tx
          }) as IDBDatabase['transaction']
        })
        return request
      },
    }
    vi.stubGlobal('indexedDB', full)
    const store = useGraphQLCollectionsStore()
    await store.load()
    store.addCollection(sample('Big'))
    await store.saved()
    expect(store.storageError).toMatch(/storage for this site is full/)
    expect(store.collections).toHaveLength(1)
  })

  it('opens a saved request in a new tab, named after it, with its secret as a reference', async () => {
    const store = useGraphQLCollectionsStore()
    const tabs = useGraphQLTabsStore()
    const input = useGraphQLInputStore()
    store.setTabOpener(tabs.open) // as the page does
    const id = store.addCollection(sample('A'))
    const before = tabs.tabs.length
    store.openRequest(id, [0]) // a folder: nothing opens
    store.openRequest(id, [0, 5]) // nothing there
    expect(tabs.tabs).toHaveLength(before)
    store.openRequest(id, [0, 0])
    expect(tabs.tabs).toHaveLength(before + 1)
    expect(tabs.tabs.find((t) => t.id === tabs.activeId)?.title).toBe('Viewer')
    expect(input.endpoint).toBe('http://api.test/graphql')
    expect(input.query).toBe('query Viewer { viewer { login } }')
    expect(input.variables).toBe('{"n": 12345678901234567890}')
    expect(input.headers.map((h) => [h.name, h.value, h.secret])).toEqual([
      ['Authorization', 'Bearer {{AUTHORIZATION}}', true],
      ['X-Trace', 'on', false],
    ])
  })
})
