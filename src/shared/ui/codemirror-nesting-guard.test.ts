import { describe, expect, it } from 'vitest'
import { EditorState } from '@codemirror/state'
import { ensureSyntaxTree, syntaxTree } from '@codemirror/language'
import { json } from '@codemirror/lang-json'
import { graphqlLanguageSupport } from 'cm6-graphql'
import { isNestingGuarded, mayChangeNesting, nestingGuard } from './codemirror-nesting-guard'
import { MAX_NESTING } from '../core/nesting'

const deepQuery = (levels: number) => '{a'.repeat(levels) + '}'.repeat(levels)
const deepJson = (levels: number) => '['.repeat(levels) + ']'.repeat(levels)

/**
 * How many levels the syntax tree has below its top node, once the whole text is parsed: a new
 * state's tree covers only what its first parse slice reached, which is less on a busy machine.
 */
function treeDepth(state: EditorState): number {
  const cursor = (ensureSyntaxTree(state, state.doc.length, 10_000) ?? syntaxTree(state)).cursor()
  let depth = 0
  let max = 0
  for (;;) {
    if (cursor.firstChild()) {
      max = Math.max(max, ++depth)
      continue
    }
    while (!cursor.nextSibling()) {
      if (!cursor.parent()) return max
      depth--
    }
  }
}

describe('nestingGuard', () => {
  it('parses GraphQL within the limit as usual', () => {
    const state = EditorState.create({ doc: deepQuery(MAX_NESTING), extensions: [graphqlLanguageSupport(), nestingGuard('graphql')] })
    expect(isNestingGuarded(state)).toBe(false)
    expect(treeDepth(state)).toBeGreaterThan(MAX_NESTING)
  })

  it('keeps the parser off text that nests past the limit: the tree is one flat node', () => {
    const state = EditorState.create({ doc: deepQuery(2500), extensions: [graphqlLanguageSupport(), nestingGuard('graphql')] })
    expect(isNestingGuarded(state)).toBe(true)
    expect(treeDepth(state)).toBe(0)
    expect(syntaxTree(state).length).toBe(state.doc.length)
  })

  it('takes precedence over a language given with higher precedence or after it', () => {
    const state = EditorState.create({ doc: deepJson(MAX_NESTING + 1), extensions: [nestingGuard('json'), json()] })
    expect(treeDepth(state)).toBe(0)
  })

  it('gives the language back once the text is shallow again, and takes it away when it deepens', () => {
    let state = EditorState.create({ doc: deepJson(MAX_NESTING + 1), extensions: [json(), nestingGuard('json')] })
    state = state.update({ changes: { from: 0, to: 1 } }).state
    expect(isNestingGuarded(state)).toBe(false)
    expect(treeDepth(state)).toBeGreaterThan(MAX_NESTING - 1)
    state = state.update({ changes: { from: 0, insert: '[' } }).state
    expect(isNestingGuarded(state)).toBe(true)
    expect(treeDepth(state)).toBe(0)
  })

  it('reads brackets the way the syntax does: in GraphQL, a # comment hides them', () => {
    const commented = `# ${'{'.repeat(MAX_NESTING + 1)}\n{ a }`
    expect(isNestingGuarded(EditorState.create({ doc: commented, extensions: [graphqlLanguageSupport(), nestingGuard('graphql')] }))).toBe(false)
    expect(isNestingGuarded(EditorState.create({ doc: commented, extensions: [json(), nestingGuard('json')] }))).toBe(true)
  })

  it('is off in a state without the guard', () => {
    expect(isNestingGuarded(EditorState.create({ doc: deepJson(MAX_NESTING + 1) }))).toBe(false)
  })
})

describe('mayChangeNesting', () => {
  const state = EditorState.create({ doc: 'query { a(b: """x""") # c\n}' })
  const change = (from: number, to: number, insert = '') => mayChangeNesting(state.update({ changes: { from, to, insert } }))

  it('is false for ordinary characters typed or deleted away from structure', () => {
    expect(change(2, 2, 'ery')).toBe(false)
    expect(change(1, 3)).toBe(false)
  })

  it('is true for a bracket, quote, #, backslash or line break typed or deleted', () => {
    expect(change(2, 2, '{')).toBe(true)
    expect(change(2, 2, '"')).toBe(true)
    expect(change(2, 2, '\n')).toBe(true)
    expect(change(2, 2, '\\')).toBe(true)
    expect(change(6, 7)).toBe(true)
  })

  it('is true for an ordinary character typed inside """, which splits it', () => {
    expect(change(14, 14, 'z')).toBe(true)
  })

  it('is false when the document did not change', () => {
    expect(mayChangeNesting(state.update({ selection: { anchor: 1 } }))).toBe(false)
  })
})
