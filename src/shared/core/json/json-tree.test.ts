import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  expandToDepth,
  flattenJson,
  formatPath,
  NodeKind,
  nodeJson,
  nodeKey,
  nodePath,
  parseAndFlatten,
  primitiveText,
  visibleRows,
} from './json-tree'

const sample = { data: { user: { id: '1', tags: ['a', 'b'], 'first name': 'Ada', score: 1.5, ok: true, none: null }, empty: {} } }

describe('flattenJson', () => {
  test('lists nodes in pre-order with parents, depths, sizes and positions', () => {
    const model = flattenJson(sample)
    expect(model.count).toBe(12)
    const keys = Array.from({ length: model.count }, (_, i) => nodeKey(model, i))
    expect(keys).toEqual([undefined, 'data', 'user', 'id', 'tags', 0, 1, 'first name', 'score', 'ok', 'none', 'empty'])
    expect([...model.depth]).toEqual([0, 1, 2, 3, 3, 4, 4, 3, 3, 3, 3, 2])
    expect(model.size[2]).toBe(6)
    expect(model.end[2]).toBe(11)
    expect(model.pos[11]).toBe(2)
    expect(model.parent[5]).toBe(4)
    expect([model.kind[4], model.kind[8], model.kind[9], model.kind[10]]).toEqual([NodeKind.array, NodeKind.number, NodeKind.boolean, NodeKind.null])
  })

  test('keeps primitives as JSON text, so strings stay quoted and escaped on one line', () => {
    const model = flattenJson({ s: 'say "hi"\nbye', n: -0.5, b: false, z: null })
    expect([1, 2, 3, 4].map((i) => primitiveText(model, i))).toEqual(['"say \\"hi\\"\\nbye"', '-0.5', 'false', 'null'])
  })

  test('writes values JSON cannot hold as null and survives very deep nesting', () => {
    expect(primitiveText(flattenJson([undefined, Number.NaN]), 1)).toBe('null')
    let deep: unknown = 'leaf'
    for (let i = 0; i < 20_000; i++) deep = [deep]
    const model = flattenJson(deep)
    expect(model.count).toBe(20_001)
    expect(model.depth[20_000]).toBe(20_000)
  })

  test('nodeJson rebuilds exactly what JSON.stringify writes, for any value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const model = flattenJson(value)
        const normal = JSON.parse(JSON.stringify(value)) as unknown
        expect(nodeJson(model, 0, 0)).toBe(JSON.stringify(normal))
        expect(nodeJson(model, 0, 2)).toBe(JSON.stringify(normal, null, 2))
      }),
    )
  })

  test('parseAndFlatten throws the SyntaxError of a bad document', () => {
    expect(() => parseAndFlatten('{"a": }')).toThrow(SyntaxError)
    expect(parseAndFlatten('[]').count).toBe(1)
  })
})

describe('paths', () => {
  test('formats identifiers with dots, indexes and other keys in brackets', () => {
    const model = flattenJson(sample)
    expect(formatPath(nodePath(model, 6))).toBe('$.data.user.tags[1]')
    expect(formatPath(nodePath(model, 7))).toBe('$.data.user["first name"]')
    expect(formatPath(nodePath(model, 0))).toBe('$')
    expect(formatPath(['a"b', 0, '$ok'])).toBe('$["a\\"b"][0].$ok')
  })
})

describe('visibleRows', () => {
  test('shows the root children, and descendants of expanded containers only', () => {
    const model = flattenJson(sample)
    const collapsed = new Uint8Array(model.count)
    expect([...visibleRows(model, collapsed)]).toEqual([1])
    expect([...visibleRows(model, expandToDepth(model, 2))]).toEqual([1, 2, 11])
    expect([...visibleRows(model, expandToDepth(model, 10))]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
  })

  test('expanding to a depth opens exactly the containers above it, and reads only the nodes above it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 6 }), (value, depth) => {
        const model = flattenJson(value)
        const expected = new Uint8Array(model.count)
        for (let i = 0; i < model.count; i++) if (i === 0 || ((model.depth[i] ?? 0) < depth && (model.kind[i] === NodeKind.object || model.kind[i] === NodeKind.array))) expected[i] = 1
        expect([...expandToDepth(model, depth)]).toEqual([...expected])
      }),
    )
    // 1,000 records of 5 fields: opening two levels reads the records, not their 5,000 fields.
    const model = flattenJson({ data: { items: Array.from({ length: 1000 }, (_, i) => ({ a: i, b: i, c: i, d: i, e: i })) } })
    let reads = 0
    const depths = new Proxy(model.depth, { get: (target, key) => (typeof key === 'string' && /^\d+$/.test(key) && reads++, Reflect.get(target, key)) })
    expandToDepth({ ...model, depth: depths }, 3)
    expect(reads).toBeLessThan(1100)
  })

  test('a primitive or empty root is the single row', () => {
    for (const value of [42, {}, [], 'text', null]) {
      expect([...visibleRows(flattenJson(value), new Uint8Array(1))]).toEqual([0])
    }
  })
})
