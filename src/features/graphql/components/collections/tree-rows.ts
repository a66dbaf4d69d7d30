/**
 * The collections tree's nodes as the tree shows them: each collection a top-level node holding
 * its folders and requests, with the keys, levels and positions the ARIA tree pattern needs, the
 * search applied (a node shows when its name matches every word, or something inside it does; the
 * folders on the way are shown open), and the visible order the arrow keys walk.
 */
import type { Collection, CollectionItem } from '@/features/graphql/core/collections/model'

/** A node of the tree. */
export interface TreeNode {
  /** `<collection id>/<index path joined by '.'>`; the collection itself is `<id>/`. */
  key: string
  collectionId: string
  path: number[]
  kind: 'collection' | 'folder' | 'request'
  name: string
  /** 1 for a collection. */
  level: number
  setsize: number
  posinset: number
  /** Shown children (after the search); undefined for a request. */
  children?: TreeNode[]
  /** Whether its children are shown. */
  open: boolean
}

/** The key of a collection's item (`path` [] = the collection). */
export function nodeKey(collectionId: string, path: readonly number[]): string {
  return `${collectionId}/${path.join('.')}`
}

/** The collection id and index path of a key. */
export function parseKey(key: string): { collectionId: string; path: number[] } {
  const at = key.lastIndexOf('/')
  const tail = key.slice(at + 1)
  return { collectionId: key.slice(0, at), path: tail ? tail.split('.').map(Number) : [] }
}

const words = (filter: string) => filter.toLowerCase().split(/\s+/).filter(Boolean)

/**
 * The tree's nodes: collections in order, each with its items; `expanded` keys are open. With a
 * `filter`, only matching nodes and the nodes on their way are kept, those shown open.
 */
export function treeNodes(collections: readonly { id: string; collection: Collection }[], expanded: ReadonlySet<string>, filter = ''): TreeNode[] {
  const wanted = words(filter)
  const matches = (name: string) => wanted.every((w) => name.toLowerCase().includes(w))
  const build = (collectionId: string, items: readonly CollectionItem[], parent: number[], level: number, parentMatched: boolean): TreeNode[] => {
    const nodes: TreeNode[] = []
    items.forEach((item, i) => {
      const path = [...parent, i]
      const key = nodeKey(collectionId, path)
      const self = wanted.length > 0 && matches(item.name)
      const children = item.kind === 'folder' ? build(collectionId, item.items, path, level + 1, parentMatched || self) : undefined
      if (wanted.length && !self && !parentMatched && !children?.length) return
      nodes.push({ key, collectionId, path, kind: item.kind, name: item.name, level, setsize: 0, posinset: 0, children, open: item.kind === 'folder' && (wanted.length ? !!children?.length : expanded.has(key)) })
    })
    nodes.forEach((node, i) => Object.assign(node, { setsize: nodes.length, posinset: i + 1 }))
    return nodes
  }
  const roots: TreeNode[] = []
  for (const { id, collection } of collections) {
    const key = nodeKey(id, [])
    const self = wanted.length > 0 && matches(collection.name)
    const children = build(id, collection.items, [], 2, self)
    if (wanted.length && !self && !children.length) continue
    roots.push({ key, collectionId: id, path: [], kind: 'collection', name: collection.name, level: 1, setsize: 0, posinset: 0, children, open: wanted.length ? children.length > 0 : expanded.has(key) })
  }
  roots.forEach((node, i) => Object.assign(node, { setsize: roots.length, posinset: i + 1 }))
  return roots
}

/** The nodes the arrow keys walk: every node whose ancestors are all open, in order, with its parent's key. */
export function visibleNodes(nodes: readonly TreeNode[], parent?: string): { node: TreeNode; parent?: string }[] {
  return nodes.flatMap((node) => [{ node, parent }, ...(node.open && node.children ? visibleNodes(node.children, node.key) : [])])
}
