import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { scanJson, scanJsonTree } from './json-tree-scan'
import { expandToDepth, flattenJson, nodeJson, nodeKey, openFirstPath, primitiveSourceText, visibleRows, type JsonTreeModel } from './json-tree'

/** Everything a view reads of a model, per node (number texts compared as numbers). */
function views(model: JsonTreeModel) {
  return Array.from({ length: model.count }, (_, i) => ({
    kind: model.kind[i],
    parent: model.parent[i],
    depth: model.depth[i],
    end: model.end[i],
    size: model.size[i],
    pos: model.pos[i],
    key: nodeKey(model, i),
    value: model.kind[i] === 3 ? Number(primitiveSourceText(model, i)) : primitiveSourceText(model, i),
  }))
}

describe('scanJsonTree', () => {
  test('gives the same tree as parsing and flattening, for any JSON and any spacing', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2, '\t'), (value, space) => {
        const text = JSON.stringify(value, null, space)
        expect(views(scanJsonTree(text))).toEqual(views(flattenJson(JSON.parse(text))))
      }),
      { numRuns: 300 },
    )
  })

  test('keys and strings with escapes are decoded; the text column is the body itself', () => {
    const text = ' { "a\\"b": ["x\\ny", "\\u00e9", 1.50, true, null, {}, []], "plain": "ok" } '
    const model = scanJsonTree(text)
    expect(model.text).toBe(text)
    expect(nodeKey(model, 1)).toBe('a"b')
    expect(primitiveSourceText(model, 2)).toBe('x\ny')
    expect(primitiveSourceText(model, 3)).toBe('é')
    // Numbers keep their source text.
    expect(primitiveSourceText(model, 4)).toBe('1.50')
    expect(nodeJson(model, 0, 0)).toBe('{"a\\"b":["x\\ny","é",1.50,true,null,{},[]],"plain":"ok"}')
  })

  test('a primitive root, and empty containers', () => {
    expect(views(scanJsonTree(' 42 '))).toEqual(views(flattenJson(42)))
    expect(views(scanJsonTree('"s"'))).toEqual(views(flattenJson('s')))
    expect(views(scanJsonTree('{}'))).toEqual(views(flattenJson({})))
    expect(views(scanJsonTree('[[],{}]'))).toEqual(views(flattenJson([[], {}])))
  })
})

describe('openFirstPath', () => {
  test('opens the first record of a list down to its fields', () => {
    const model = scanJsonTree('{"data":{"products":[{"id":"1","tags":["a"]},{"id":"2"}]}}')
    const expanded = openFirstPath(model, expandToDepth(model, 1))
    // root, data, products, products[0] are open; products[0].tags (not first) and products[1] stay closed.
    expect(Array.from(visibleRows(model, expanded), (i) => nodeKey(model, i))).toEqual(['data', 'products', 0, 'id', 'tags', 1])
  })
})

describe('scanJson', () => {
  test('gives the columns without the text, or the parser’s message', () => {
    const scanned = scanJson('[1,"a"]')
    expect(scanned.ok && [scanned.model.count, Array.from(scanned.model.kind), 'text' in scanned.model]).toEqual([3, [1, 3, 2], false])
    expect(scanJson('[1,')).toEqual({ ok: false, message: expect.stringMatching(/JSON/) })
  })
})
