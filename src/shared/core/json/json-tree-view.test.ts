import { describe, expect, it } from 'vitest'
import { expandToDepth, flattenJson, openFirstPath, visibleRows } from './json-tree'
import { openTree, viewFor } from './json-tree-view'

// data → products → 2 items of 2 fields; a second top-level key.
const model = flattenJson({ data: { products: [{ id: 1, name: 'a' }, { id: 2, name: 'b' }] }, extensions: { cost: 3 } })
const plain = (view: { expanded: Uint8Array; rows: Int32Array }) => ({ expanded: [...view.expanded], rows: [...view.rows] })

describe('openTree', () => {
  it('opens containers above the depth, and with openFirst the first path down to its values', () => {
    const depthOnly = openTree(model, { expandDepth: 2, openFirst: false })
    expect(plain(depthOnly)).toEqual(plain({ expanded: expandToDepth(model, 2), rows: visibleRows(model, expandToDepth(model, 2)) }))
    const first = openTree(model, { expandDepth: 2, openFirst: true })
    const expected = openFirstPath(model, expandToDepth(model, 2))
    expect(plain(first)).toEqual(plain({ expanded: expected, rows: visibleRows(model, expected) }))
    // The first product's fields show; the second product stays closed.
    expect(first.rows.length).toBeGreaterThan(depthOnly.rows.length)
    expect(first).toMatchObject({ expandDepth: 2, openFirst: true })
  })
})

describe('viewFor', () => {
  it('uses the view the model brings for the same opening, and makes one for another opening', () => {
    const brought = openTree(model, { expandDepth: 3, openFirst: true })
    const withView = { ...model, firstView: brought }
    expect(viewFor(withView, { expandDepth: 3, openFirst: true })).toBe(brought)
    const other = viewFor(withView, { expandDepth: 1, openFirst: true })
    expect(other).not.toBe(brought)
    expect(plain(other)).toEqual(plain(openTree(model, { expandDepth: 1, openFirst: true })))
    expect(viewFor(withView, { expandDepth: 3, openFirst: false })).not.toBe(brought)
    expect(plain(viewFor(model, { expandDepth: 3, openFirst: true }))).toEqual(plain(brought))
  })
})
