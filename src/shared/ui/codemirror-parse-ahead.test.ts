import { describe, expect, it } from 'vitest'
import { EditorState } from '@codemirror/state'
import { json } from '@codemirror/lang-json'
import { syntaxTree, syntaxTreeAvailable } from '@codemirror/language'
import { parseSlice, withParsedTree } from './codemirror-parse-ahead'

/** A JSON text of about `kb` KB, longer than the 3,000 characters a new state parses. */
function bigJson(kb: number): string {
  const items = Array.from({ length: kb * 10 }, (_, i) => ({ id: i, url: `https://api.example.com/items/${i}`, ok: i % 2 === 0 }))
  return JSON.stringify({ items }, null, 2)
}

describe('parseSlice', () => {
  it('parses a long text in slices until the whole text is parsed', () => {
    const state = EditorState.create({ doc: bigJson(200), extensions: [json()] })
    expect(syntaxTreeAvailable(state)).toBe(false)
    let slices = 0
    // A 0 ms slice still parses a step: it ends, and takes several slices for 200 KB.
    while (!parseSlice(state, 0)) slices++
    expect(slices).toBeGreaterThan(1)
    expect(syntaxTreeAvailable(state)).toBe(true)
  })

  it('says done at once when the state has no language', () => {
    expect(parseSlice(EditorState.create({ doc: bigJson(20) }), 0)).toBe(true)
  })

  it('says done at once for a text the new state parsed whole', () => {
    expect(parseSlice(EditorState.create({ doc: '{"a": 1}', extensions: [json()] }), 0)).toBe(true)
  })
})

describe('withParsedTree', () => {
  it('takes the tree parsed ahead into the state, so it covers the whole text', () => {
    const state = EditorState.create({ doc: bigJson(50), extensions: [json()] })
    const before = syntaxTree(state).length
    expect(before).toBeLessThan(state.doc.length)
    while (!parseSlice(state, 50));
    // The state itself still shows the tree it was made with.
    expect(syntaxTree(state).length).toBe(before)
    const parsed = withParsedTree(state)
    expect(syntaxTree(parsed).length).toBe(state.doc.length)
    expect(parsed.doc).toBe(state.doc)
  })

  it('returns the same state when nothing more was parsed', () => {
    const state = EditorState.create({ doc: '{"a": 1}', extensions: [json()] })
    expect(withParsedTree(state)).toBe(state)
  })
})
