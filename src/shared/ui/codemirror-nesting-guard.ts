import { defineLanguageFacet, Language, language } from '@codemirror/language'
import { Facet, Prec, StateField, type EditorState, type Extension, type Text, type Transaction } from '@codemirror/state'
import { NodeType, Parser, Tree, type Input, type PartialParse } from '@lezer/common'
import { findExcessNesting, MAX_NESTING } from '../core/nesting'

/**
 * A CodeMirror guard against text that nests too deep to parse. Lezer builds and
 * @lezer/highlight walks the syntax tree recursively, one stack frame per level: a share link
 * holding `{a{a{a…}}}` 2,500 levels deep kept the GraphQL editor parsing and painting in tasks of
 * 250–500 ms, and on a loaded CI machine the query editor had not appeared after 30 s; with less
 * stack to spare, building that tree overflows it (Node with `--stack-size=500` does). While the
 * text nests deeper than {@link MAX_NESTING} levels the guard puts a flat plain-text language in
 * front of the real one (the `language` facet takes the first value): nothing recursive runs, and
 * the editor shows the text without highlighting, folding or completion. The real language comes
 * back as soon as the text is shallow again.
 */

/** How brackets are read: GraphQL also skips `#` comments and `"""block strings"""`. */
export type NestingSyntax = 'graphql' | 'json'

const syntaxFacet = Facet.define<NestingSyntax, NestingSyntax>({ combine: (values) => values[0] ?? 'graphql' })

/** Characters that can open, close or hide a level (and `\` that escapes a quote). */
const STRUCTURAL = /[{}[\]()"#\\\r\n]/

/**
 * Whether a transaction can have changed how deep the text nests: only if the text it removed or
 * inserted, with two characters either side (so breaking up a `"""` or a `\"` counts), holds a
 * bracket, quote, `#`, backslash or line break. Typing ordinary characters skips the rescan.
 */
export function mayChangeNesting(tr: Transaction): boolean {
  if (!tr.docChanged) return false
  const before = tr.startState.doc
  const after = tr.newDoc
  let structural = false
  tr.changes.iterChanges((fromA, toA, fromB, toB) => {
    if (structural) return
    structural =
      STRUCTURAL.test(before.sliceString(Math.max(0, fromA - 2), Math.min(before.length, toA + 2))) ||
      STRUCTURAL.test(after.sliceString(Math.max(0, fromB - 2), Math.min(after.length, toB + 2)))
  })
  return structural
}

function nestsTooDeep(doc: Text, syntax: NestingSyntax): boolean {
  return findExcessNesting(doc.toString(), syntax, MAX_NESTING) !== undefined
}

/** Whether the guard holds the real language back in this state. */
const guarded = StateField.define<boolean>({
  create: (state) => nestsTooDeep(state.doc, state.facet(syntaxFacet)),
  update(value, tr) {
    const syntax = tr.state.facet(syntaxFacet)
    if (syntax !== tr.startState.facet(syntaxFacet) || mayChangeNesting(tr)) return nestsTooDeep(tr.newDoc, syntax)
    return value
  },
})

const documentType = NodeType.define({ id: 0, name: 'Document', top: true })

/** A parser that returns one flat node for the whole text, at once. */
class FlatParser extends Parser {
  createParse(input: Input): PartialParse {
    const length = input.length
    return {
      parsedPos: length,
      stoppedAt: null,
      stopAt() {},
      advance: () => new Tree(documentType, [], [], length),
    }
  }
}

const flatLanguage = new Language(defineLanguageFacet(), new FlatParser(), [], 'text')

/**
 * The guard, for an editor whose language (given separately, in any precedence) reads `syntax`.
 * Include it only beside a language: it enables CodeMirror's language state, which with no
 * language at all would find no parser.
 *
 * @param syntax - how the text's brackets are read. @default 'graphql'
 */
export function nestingGuard(syntax: NestingSyntax = 'graphql'): Extension {
  return [
    syntaxFacet.of(syntax),
    guarded,
    Prec.highest(language.computeN([guarded], (state) => (state.field(guarded) ? [flatLanguage] : []))),
  ]
}

/** Whether `state` shows its text unparsed because it nests deeper than {@link MAX_NESTING} levels. */
export function isNestingGuarded(state: EditorState): boolean {
  return state.field(guarded, false) ?? false
}
