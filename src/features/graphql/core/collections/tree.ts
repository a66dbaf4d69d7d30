/**
 * Edits of a collection's tree by index path (positions in `items` from the collection root, the
 * way the tree and the store name an item). Every function returns a new collection and leaves the
 * one it was given as it was (the store keeps the old one for undo); a path that names nothing
 * gives the collection back unchanged.
 */
import type { Collection, CollectionItem } from './model'
import { itemAt, type ItemPath } from './item-at'

export { itemAt, type ItemPath } from './item-at'

/** The items of the folder at `path` ([] = the collection's own), or undefined when it is not a folder. */
export function itemsAt(collection: Pick<Collection, 'items'>, path: ItemPath): CollectionItem[] | undefined {
  if (path.length === 0) return collection.items
  const item = itemAt(collection, path)
  return item?.kind === 'folder' ? item.items : undefined
}

/** `items` with the items of the folder at `path` replaced by `edit`'s result (copies along the path only). */
function withItems(items: readonly CollectionItem[], path: ItemPath, edit: (items: CollectionItem[]) => CollectionItem[]): CollectionItem[] {
  if (path.length === 0) return edit([...items])
  const [index, ...rest] = path
  return items.map((item, i) => (i === index && item.kind === 'folder' ? { ...item, items: withItems(item.items, rest, edit) } : item))
}

const edited = <C extends Collection>(collection: C, parent: ItemPath, edit: (items: CollectionItem[]) => CollectionItem[]): C => ({
  ...collection,
  items: withItems(collection.items, parent, edit),
})

/** The item at `path` renamed (an empty name is refused: the collection comes back unchanged). */
export function renameAt<C extends Collection>(collection: C, path: ItemPath, name: string): C {
  const trimmed = name.trim()
  if (!trimmed || !itemAt(collection, path)) return collection
  if (path.length === 0) return { ...collection, name: trimmed }
  return edited(collection, path.slice(0, -1), (items) => items.map((item, i) => (i === path.at(-1) ? { ...item, name: trimmed } : item)))
}

/** The collection without the item at `path`. */
export function removeAt<C extends Collection>(collection: C, path: ItemPath): C {
  if (path.length === 0 || !itemAt(collection, path)) return collection
  return edited(collection, path.slice(0, -1), (items) => items.filter((_, i) => i !== path.at(-1)))
}

/** `item` inserted into the folder at `parent` at `index` (clamped; the end when omitted). */
export function insertAt<C extends Collection>(collection: C, parent: ItemPath, item: CollectionItem, index?: number): C {
  const items = itemsAt(collection, parent)
  if (!items) return collection
  const at = Math.max(0, Math.min(index ?? items.length, items.length))
  return edited(collection, parent, (list) => [...list.slice(0, at), item, ...list.slice(at)])
}

/** "Name (copy)", "Name (copy 2)"… the first that no sibling has. */
export function copyName(name: string, siblings: readonly CollectionItem[]): string {
  const taken = new Set(siblings.map((s) => s.name))
  const base = name.replace(/ \(copy(?: \d+)?\)$/, '')
  let candidate = `${base} (copy)`
  for (let n = 2; taken.has(candidate); n++) candidate = `${base} (copy ${n})`
  return candidate
}

/** A copy of the item at `path` (folders with everything in them) right after it; gives its path too. */
export function duplicateAt<C extends Collection>(collection: C, path: ItemPath): { collection: C; path: number[] } {
  const item = itemAt(collection, path)
  if (!item || path.length === 0) return { collection, path: [...path] }
  const parent = path.slice(0, -1)
  const copy = { ...structuredClone(item), name: copyName(item.name, itemsAt(collection, parent) ?? []) }
  return { collection: insertAt(collection, parent, copy, path.at(-1)! + 1), path: [...parent, path.at(-1)! + 1] }
}

/**
 * A keyboard move of the item at `path`: `up`/`down` among its siblings, `in` to the end of the
 * folder just above it, `out` to right after the folder it is in. Gives the new collection and the
 * item's new path, or undefined when it cannot move that way (first, last, nothing above, top level).
 */
export function moveAt<C extends Collection>(collection: C, path: ItemPath, direction: 'up' | 'down' | 'in' | 'out'): { collection: C; path: number[] } | undefined {
  const item = itemAt(collection, path)
  if (!item || path.length === 0) return undefined
  const parent = path.slice(0, -1)
  const index = path.at(-1)!
  const siblings = itemsAt(collection, parent)!
  if (direction === 'up' || direction === 'down') {
    const to = direction === 'up' ? index - 1 : index + 1
    if (to < 0 || to >= siblings.length) return undefined
    return { collection: insertAt(removeAt(collection, path), parent, item, to), path: [...parent, to] }
  }
  if (direction === 'in') {
    const above = siblings[index - 1]
    if (above?.kind !== 'folder') return undefined
    const target = [...parent, index - 1]
    return { collection: insertAt(removeAt(collection, path), target, item), path: [...target, above.items.length] }
  }
  if (parent.length === 0) return undefined
  const grand = parent.slice(0, -1)
  const to = parent.at(-1)! + 1
  return { collection: insertAt(removeAt(collection, path), grand, item, to), path: [...grand, to] }
}

/** Every folder of `collection` (the collection itself first, as []) with its name path, depth first. */
export function foldersOf(collection: Collection): { path: number[]; label: string }[] {
  const out: { path: number[]; label: string }[] = [{ path: [], label: collection.name }]
  const walk = (items: readonly CollectionItem[], path: number[], label: string): void =>
    items.forEach((item, i) => {
      if (item.kind !== 'folder') return
      const here = { path: [...path, i], label: `${label} / ${item.name}` }
      out.push(here)
      walk(item.items, here.path, here.label)
    })
  walk(collection.items, [], collection.name)
  return out
}

/**
 * The item at `path` of `from` moved to the end of the folder `toFolder` of `to` (the same
 * collection when `to` is omitted). Refused (undefined) when a folder would go into itself or one
 * of its own folders, or when there is no such item or folder. Gives both collections after the move
 * and the item's new path in `to`.
 */
export function moveTo<C extends Collection>(
  from: C,
  path: ItemPath,
  toFolder: ItemPath,
  to?: C,
): { from: C; to: C; path: number[] } | undefined {
  const item = itemAt(from, path)
  const target = to ?? from
  if (!item || path.length === 0 || !itemsAt(target, toFolder)) return undefined
  const same = to === undefined || to === from
  if (same && path.every((index, depth) => toFolder[depth] === index)) return undefined // into itself
  if (!same) {
    const next = insertAt(target, toFolder, item)
    return { from: removeAt(from, path), to: next, path: [...toFolder, itemsAt(next, toFolder)!.length - 1] }
  }
  // The folder's path after the item left: a later sibling on the way moves up by one.
  const depth = path.length - 1
  const folder = [...toFolder]
  if (folder.length > depth && path.slice(0, depth).every((index, d) => folder[d] === index) && folder[depth]! > path[depth]!) folder[depth]!--
  const next = insertAt(removeAt(from, path), folder, item)
  return { from: next, to: next, path: [...folder, itemsAt(next, folder)!.length - 1] }
}
