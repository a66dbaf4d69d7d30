import { describe, expect, test } from 'vitest'
import { flattenJson } from '@/shared/core/json/json-tree'
import { previewJsonTree } from '@/shared/core/json/json-prefix'
import { rowKey, rowOf, rowView } from './json-tree-rows'

describe('rowView', () => {
  const model = flattenJson({ user: { name: 'Ada', tags: ['a', 'b'], none: [], empty: {} }, long: 'x'.repeat(450) })

  test('containers are summarised, primitives shown as JSON, keys and indexes apart', () => {
    const views = Array.from({ length: model.count }, (_, i) => [rowKey(model, i), rowView(model, i).value])
    expect(views).toEqual([
      ['', '{2 keys}'],
      ['user', '{4 keys}'],
      ['name', '"Ada"'],
      ['tags', '[2 items]'],
      ['0', '"a"'],
      ['1', '"b"'],
      ['none', '[] empty array'],
      ['empty', '{} empty object'],
      ['long', `"${'x'.repeat(400)}… (50 more characters)`],
    ])
    expect(rowView(model, 4).keyIsIndex).toBe(true)
  })

  test('a container still arriving counts what came so far', () => {
    const preview = previewJsonTree('{"data":{"items":[{"id":1},{"id":2},{"i')
    expect(preview).toBeDefined()
    if (!preview) return
    const summaries = Array.from({ length: preview.model.count }, (_, i) => rowView(preview.model, i, true).value)
    expect(summaries.slice(0, 3)).toEqual(['{1 key so far}', '{1 key so far}', '[3 items so far]'])
    expect(rowView(preview.model, 7, true).value).toBe('{no keys yet}')
    expect(rowView(flattenJson({ a: [] }), 1, true).value).toBe('[no items yet]')
  })
})

describe('rowOf', () => {
  test('finds a node among the shown rows, -1 when hidden', () => {
    const rows = Int32Array.from([0, 1, 4, 9])
    expect(rowOf(rows, 4)).toBe(2)
    expect(rowOf(rows, 5)).toBe(-1)
  })
})
