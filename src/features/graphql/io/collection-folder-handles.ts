/**
 * The page's side of a collection kept in a folder: the directory picker (a user gesture), the
 * read/write permission (asked again after a reload, on a click: "Reconnect folder"), and the
 * handles kept in IndexedDB by collection id (handles are structured-cloneable). Reading and
 * writing the folder happen in the collection-files worker (`collection-folder.ts`).
 */
import { requestDone } from '@/shared/io/indexeddb'

/** Whether this browser can keep a collection in a folder (Chromium: yes; Firefox, Safari: no). */
export function folderAccessAvailable(): boolean {
  return typeof window !== 'undefined' && typeof window.showDirectoryPicker === 'function'
}

/** Asks the user for a folder to read and write (a user gesture must be on the stack). */
export function pickFolder(): Promise<FileSystemDirectoryHandle> {
  if (!window.showDirectoryPicker) return Promise.reject(new DOMException('This browser cannot open a folder: export a zip instead.', 'NotSupportedError'))
  return window.showDirectoryPicker({ id: 'awb-collections', mode: 'readwrite' })
}

/**
 * Whether the page may read and write `dir`: `granted`, or `prompt` after a reload (then
 * {@link requestFolderPermission} on a user gesture), or `denied`.
 */
export async function folderPermission(dir: FileSystemDirectoryHandle): Promise<PermissionState> {
  return (await dir.queryPermission?.({ mode: 'readwrite' })) ?? 'granted'
}

/** Asks for read/write permission again (must run in a user gesture, e.g. "Reconnect folder"). */
export async function requestFolderPermission(dir: FileSystemDirectoryHandle): Promise<PermissionState> {
  return (await dir.requestPermission?.({ mode: 'readwrite' })) ?? 'granted'
}

const DB = 'awb-collection-folders'
const STORE = 'handles'

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB refused to open'))
  })
}

async function transact<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb()
  try {
    return await requestDone(work(db.transaction(STORE, mode).objectStore(STORE)))
  } finally {
    db.close()
  }
}

/** The folder handles kept for collections, by collection id. */
export async function storedFolderHandles(): Promise<Map<string, FileSystemDirectoryHandle>> {
  const db = await openDb()
  try {
    return await new Promise((resolve, reject) => {
      const out = new Map<string, FileSystemDirectoryHandle>()
      const request = db.transaction(STORE).objectStore(STORE).openCursor()
      request.onsuccess = () => {
        const cursor = request.result
        if (!cursor) return resolve(out)
        out.set(String(cursor.key), cursor.value as FileSystemDirectoryHandle)
        cursor.continue()
      }
      request.onerror = () => reject(request.error ?? new Error('IndexedDB refused the read'))
    })
  } finally {
    db.close()
  }
}

/** Keeps `dir` as the folder of the collection `id` (undefined: forgets it). */
export async function storeFolderHandle(id: string, dir: FileSystemDirectoryHandle | undefined): Promise<void> {
  if (dir) await transact('readwrite', (store) => store.put(dir, id))
  else await transact('readwrite', (store) => store.delete(id))
}
