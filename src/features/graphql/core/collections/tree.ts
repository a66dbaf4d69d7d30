/**
 * Edits of a collection's tree by index path (positions in `items` from the collection root, the
 * way the tree and the store name an item). Every function returns a new collection and leaves the
 * one it was given as it was (the store keeps the old one for undo); a path that names nothing
 * gives the collection back unchanged.
 */
import type { Collection, CollectionItem } from './model'

/** An item's place: positions in `items`, from the collection's root. */
export type ItemPath = readonly number[]

/** The item at `path`, or undefined when there is none. */
export function itemAt(collection: Pick<Collection, 'items'>, path: ItemPath): CollectionItem | undefined {
  let items = collection.items
  let item: CollectionItem | undefined
  for (const [depth, index] of path.entries()) {
    item = items[index]
    if (!item) return undefined
    if (depth < path.length - 1) {
      if (item.kind !== 'folder') return undefined
      items = item.items
    }
  }
  return item
}
