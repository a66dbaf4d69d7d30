import { ensureSyntaxTree, language, syntaxTree } from '@codemirror/language'
import type { EditorState } from '@codemirror/state'

/**
 * Parsing an editor's text before its view exists, a slice at a time. A new state parses
 * only its first 3,000 characters, for at most 20 ms; CodeMirror's background parser then does the
 * rest in idle callbacks of up to 45 ms each, and when it is done the view re-highlights what it
 * shows. On the webhook page's load (a 12 KB body) those were three more long tasks after the editor
 * appeared, 110–175 ms each under Lighthouse's 4× CPU slowdown. Parsed ahead in slices short enough
 * not to block, the view is made with the whole tree: it highlights once, and the background parser
 * has nothing left to do.
 *
 * @see https://github.com/codemirror/language/blob/main/src/language.ts (`Work.Apply`, `Work.Slice`, `parseWorker`)
 */

/** How long one slice parses, in ms of wall time: under 50 ms even on a 4× slower CPU. @default 8 */
export const PARSE_SLICE_MS = 8

/**
 * Parses `state`'s text further, for at most `sliceMs`. The parse goes on where it stopped (the
 * state's parse context keeps it), so calling it again in later tasks parses the text in slices.
 * @param state - an editor state, before its view exists
 * @param sliceMs - the slice's length in ms @default PARSE_SLICE_MS
 * @returns whether the whole text is parsed (or the state has no language, so there is nothing to parse)
 */
export function parseSlice(state: EditorState, sliceMs: number = PARSE_SLICE_MS): boolean {
  if (state.facet(language) === null) return true
  return ensureSyntaxTree(state, state.doc.length, sliceMs) !== null
}

/**
 * The state with the tree parsed so far in its syntax field. `parseSlice` advances the parse context
 * but not the tree the state shows; a transaction takes the newer tree into it (CodeMirror's
 * `LanguageState.apply`), so the view is made highlighting the whole text.
 */
export function withParsedTree(state: EditorState): EditorState {
  const next = state.update({}).state
  return syntaxTree(next) === syntaxTree(state) ? state : next
}
