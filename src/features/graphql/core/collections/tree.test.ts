/**
 * Tree edits by index path: for generated collections (fast-check), every keyboard move keeps the
 * same requests (none lost, none doubled), lands the item at the path it gives, and up, down and in are undone by
 * the opposite move; nothing edits the collection it was given.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { collectionArbitrary } from './arbitraries'
import { requestsOf, type Collection, type CollectionItem } from './model'
import { copyName, duplicateAt, foldersOf, insertAt, itemAt, moveAt, moveTo, removeAt, renameAt } from './tree'

/** Every item's path in a collection, depth first. */
function pathsOf(items: readonly CollectionItem[], parent: number[] = []): number[][] {
  return items.flatMap((item, i) => [[...parent, i], ...(item.kind === 'folder' ? pathsOf(item.items, [...parent, i]) : [])])
}
const withPath = collectionArbitrary.filter((c) => c.items.length > 0).chain((c) => fc.tuple(fc.constant(c), fc.constantFrom(...pathsOf(c.items))))
const requestsSorted = (c: Collection) => [...requestsOf(c.items)].map((r) => JSON.stringify(r.request)).sort()
const OPPOSITE = { up: 'down', down: 'up', in: 'out', out: 'in' } as const

describe('collection tree edits', () => {
  it('moves keep every request once, put the item where they say, and undo with the opposite move', () => {
    fc.assert(
      fc.property(withPath, fc.constantFrom('up', 'down', 'in', 'out' as const), ([collection, path], direction) => {
        const frozen = structuredClone(collection)
        const moved = moveAt(collection, path, direction)
        expect(collection).toEqual(frozen)
        if (!moved) return
        expect(requestsSorted(moved.collection)).toEqual(requestsSorted(collection))
        expect(itemAt(moved.collection, moved.path)).toEqual(itemAt(collection, path))
        // `out` then `in` puts the item at the end of the folder it left, so it comes back only from the end.
        if (direction !== 'out') expect(moveAt(moved.collection, moved.path, OPPOSITE[direction])?.collection).toEqual(collection)
      }),
    )
  })

  it('refuses moves past the ends and out of the top level', () => {
    const c: Collection = {
      name: 'C',
      notes: '',
      items: [
        { kind: 'folder', name: 'F', notes: '', items: [] },
        { kind: 'request', name: 'R', endpoint: '', query: '{a}', variables: '', operationName: '', headers: [], notes: '' },
      ],
    }
    expect(moveAt(c, [0], 'up')).toBeUndefined()
    expect(moveAt(c, [1], 'down')).toBeUndefined()
    expect(moveAt(c, [1], 'out')).toBeUndefined()
    expect(moveAt(c, [0], 'in')).toBeUndefined()
    const into = moveAt(c, [1], 'in')!
    expect(into.path).toEqual([0, 0])
    expect(moveAt(into.collection, into.path, 'out')).toEqual({ collection: c, path: [1] })
  })

  it('renames, removes, inserts and duplicates by path', () => {
    fc.assert(
      fc.property(withPath, ([collection, path]) => {
        expect(itemAt(renameAt(collection, path, '  New  '), path)?.name).toBe('New')
        expect(renameAt(collection, path, '   ')).toBe(collection)
        const removed = removeAt(collection, path)
        expect(insertAt(removed, path.slice(0, -1), itemAt(collection, path)!, path.at(-1))).toEqual(collection)
        const dup = duplicateAt(collection, path)
        const copy = itemAt(dup.collection, dup.path)!
        expect({ ...copy, name: '' }).toEqual({ ...itemAt(collection, path)!, name: '' })
        expect(copy.name).toMatch(/ \(copy( \d+)?\)$/)
        expect(foldersOf(dup.collection).length).toBeGreaterThanOrEqual(foldersOf(collection).length)
      }),
    )
  })

  it('numbers copies past the ones already there', () => {
    const named = (name: string): CollectionItem => ({ kind: 'folder', name, notes: '', items: [] })
    expect(copyName('Users', [named('Users')])).toBe('Users (copy)')
    expect(copyName('Users (copy)', [named('Users'), named('Users (copy)')])).toBe('Users (copy 2)')
  })
})

describe('moveTo', () => {
  const folderPathsOf = (c: Collection) => foldersOf(c).map((f) => f.path)
  it('moves any item into any folder of the same collection (not into itself), keeping every request once', () => {
    fc.assert(
      fc.property(withPath.chain(([c, path]) => fc.tuple(fc.constant(c), fc.constant(path), fc.constantFrom(...folderPathsOf(c)))), ([collection, path, folder]) => {
        const moved = moveTo(collection, path, folder)
        const intoItself = path.every((index, depth) => folder[depth] === index)
        if (intoItself) {
          expect(moved).toBeUndefined()
          return
        }
        expect(moved).toBeDefined()
        expect(requestsSorted(moved!.to)).toEqual(requestsSorted(collection))
        expect(itemAt(moved!.to, moved!.path)).toEqual(itemAt(collection, path))
      }),
    )
  })

  it('moves an item to another collection', () => {
    fc.assert(
      fc.property(withPath, collectionArbitrary, ([from, path], to) => {
        const moved = moveTo(from, path, [], to)!
        expect(itemAt(moved.to, moved.path)).toEqual(itemAt(from, path))
        expect(itemAt(moved.from, path)).not.toBe(itemAt(from, path))
        expect(requestsSorted(moved.from).length + requestsSorted(moved.to).length).toBe(requestsSorted(from).length + requestsSorted(to).length)
      }),
    )
  })
})
