/**
 * The item at an index path of a collection: the one tree lookup the collections store needs, in a
 * module of its own so that the page's first load carries it without the tree edits (`tree.ts`,
 * loaded with the collections view).
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

