/**
 * Promises over IndexedDB's event-based requests and transactions, for the stores that keep data
 * in the browser (the schema cache, collections, folder handles).
 */

/**
 * Resolves when `tx` commits; rejects with its error when it fails or is aborted (a refused
 * write: quota, private mode).
 */
export function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'))
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'))
  })
}

/** Resolves with `request`'s result; rejects with its error. */
export function requestDone<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
  })
}
