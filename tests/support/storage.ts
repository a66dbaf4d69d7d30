import type { Page } from '@playwright/test'

/**
 * The rows of the GraphQL tester's collections database (IndexedDB `awb-graphql-collections`), as
 * JSON text. A collection is written a few tasks after the page shows it (the store writes in
 * order, in the background); a test that reloads must first poll this for what it saved.
 */
export function storedCollections(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('awb-graphql-collections')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    const rows = db.objectStoreNames.contains('collections')
      ? await new Promise<unknown[]>((resolve) => {
          const request = db.transaction('collections').objectStore('collections').getAll()
          request.onsuccess = () => resolve(request.result)
        })
      : []
    db.close()
    return JSON.stringify(rows)
  })
}
