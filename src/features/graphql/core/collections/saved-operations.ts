/**
 * Collection requests as saved operations for the schema-change guard (loaded with its first
 * check, not with the page).
 */
import type { SavedOperation } from '../schema/revalidate'
import type { Collection, CollectionItem } from './model'

/**
 * Every request of `collections` whose endpoint `forEndpoint` accepts (and whose query is not
 * empty), depth first in order: id `<collection id>/<index path>`, label `Collection / Folder /
 * Request`, and `at` naming it for "Open in tab".
 */
export function collectionOperations(collections: readonly { id: string; collection: Collection }[], forEndpoint: (endpoint: string) => boolean): SavedOperation[] {
  const out: SavedOperation[] = []
  const walk = (id: string, items: readonly CollectionItem[], path: number[], parent: string): void =>
    items.forEach((item, index) => {
      const at = [...path, index]
      const label = `${parent} / ${item.name}`
      if (item.kind === 'folder') walk(id, item.items, at, label)
      else if (forEndpoint(item.endpoint) && item.query.trim() !== '') out.push({ id: `${id}/${at.join('/')}`, at: { collection: id, path: at }, label, query: item.query, source: 'collection' })
    })
  for (const { id, collection } of collections) walk(id, collection.items, [], collection.name)
  return out
}
