import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { completeJsonPrefix, previewJsonTree } from './json-prefix'
import { nodeKey, primitiveSourceText } from './json-tree'

describe('completeJsonPrefix', () => {
  test.each([
    ['{"a":[1,2,{"b":', '{"a":[1,2,{}]}'],
    ['{"a', '{}'],
    ['{"a":1,', '{"a":1}'],
    ['{"a":12', '{}'],
    ['[1,2', '[1]'],
    ['[tru', '[]'],
    ['{"a":{', '{"a":{}}'],
    ['  [ {"x": "y"} , {"x"', '  [ {"x": "y"} , {}]'],
    ['{"a":1}', '{"a":1}'],
    ['{"a":1} trailing', '{"a":1}'],
  ])('%s → %s', (text, expected) => {
    expect(completeJsonPrefix(text)).toBe(expected)
  })

  test('brackets, commas and escaped quotes inside strings are text, not structure', () => {
    expect(completeJsonPrefix('{"a":"x,]}\\"{[","b":"un')).toBe('{"a":"x,]}\\"{["}')
    expect(completeJsonPrefix('["\\\\",')).toBe('["\\\\"]')
  })

  test('nothing to show before a container opens, or for a primitive body', () => {
    for (const text of ['', '   ', '"abc', '12', 'null', 'not json']) expect(completeJsonPrefix(text)).toBeUndefined()
  })

  test('every prefix of any JSON document completes to valid JSON holding the start of the same tree', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(fc.jsonValue()), fc.dictionary(fc.string(), fc.jsonValue())), fc.constantFrom(0, 2), fc.double({ min: 0, max: 1, noNaN: true }), (value, space, at) => {
        const text = JSON.stringify(value, null, space)
        const prefix = text.slice(0, Math.floor(text.length * at))
        const completed = completeJsonPrefix(prefix)
        if (completed === undefined) return
        expect(() => JSON.parse(completed) as unknown).not.toThrow()
        // What is kept is the prefix's text, cut: never a character the body did not send.
        let cutAt = completed.length
        while (cutAt > 0 && (completed[cutAt - 1] === ']' || completed[cutAt - 1] === '}')) cutAt--
        expect(text.startsWith(completed.slice(0, cutAt))).toBe(true)
      }),
      { numRuns: 400 },
    )
  })
})

describe('previewJsonTree', () => {
  test('the tree of the part received: the first item whole, of the cut one what arrived whole', () => {
    const body = JSON.stringify({ data: { items: [{ id: 1, name: 'Item 0 alpha' }, { id: 2, name: 'Item 1 beta' }] } })
    const preview = previewJsonTree(body.slice(0, body.indexOf('Item 1')))
    const model = preview?.model
    expect(model).toBeDefined()
    // Still open at the cut: the root, data, items and the second item.
    expect(preview?.stillOpen).toBe(4)
    const texts = Array.from({ length: model?.count ?? 0 }, (_, i) => (model ? `${nodeKey(model, i)}=${primitiveSourceText(model, i)}` : ''))
    expect(texts).toContain('name=Item 0 alpha')
    expect(texts.join(' ')).not.toContain('Item 1')
    expect(texts).toContain('id=2')
    expect(model?.size[2]).toBe(2) // items: two so far, the second holding only its id
  })

  test('uses only the first maxChars characters', () => {
    const body = JSON.stringify(Array.from({ length: 1000 }, (_, i) => i))
    expect(previewJsonTree(body, 20)?.model.count).toBe(1 + body.slice(0, 20).split(',').length - 1)
  })

  test('a cut after a complete container leaves it closed: only its ancestors are still open', () => {
    expect(previewJsonTree('{"a":[1,2],"b"')?.stillOpen).toBe(1)
    expect(previewJsonTree('{"a":[1,2]')?.stillOpen).toBe(1)
    expect(previewJsonTree('{"a":[1,2')?.stillOpen).toBe(2)
  })

  test('undefined while the start is not JSON', () => {
    expect(previewJsonTree('<html><body>{"a":1}')).toBeUndefined()
    expect(previewJsonTree('{"a":1,,')).toBeUndefined()
  })
})
