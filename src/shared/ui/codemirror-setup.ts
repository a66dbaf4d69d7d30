import { HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { EditorView, keymap } from '@codemirror/view'
import type { Extension } from '@codemirror/state'
import { indentWithTab } from '@codemirror/commands'
import { tags } from '@lezer/highlight'

/**
 * Syntax colours from the `--awb-code-*` custom properties, so one editor theme is right in both
 * app themes. CodeMirror's default highlighting fails contrast in dark.
 */
export const awbHighlighting: Extension = syntaxHighlighting(
  HighlightStyle.define([
    { tag: [tags.keyword, tags.operatorKeyword, tags.definitionKeyword, tags.modifier], color: 'var(--awb-code-keyword)' },
    { tag: [tags.string, tags.special(tags.string)], color: 'var(--awb-code-string)' },
    { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'var(--awb-code-number)' },
    { tag: [tags.propertyName, tags.attributeName, tags.variableName, tags.typeName], color: 'var(--awb-code-property)' },
    { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--awb-code-comment)', fontStyle: 'italic' },
    { tag: tags.invalid, color: 'var(--awb-error)' },
  ]),
)

/** Editor chrome in the app's palette. */
export const awbEditorTheme: Extension = EditorView.theme({
  '&': {
    color: 'var(--awb-text)',
    backgroundColor: 'var(--awb-surface)',
    border: '1px solid var(--awb-input-border)',
    borderRadius: '6px',
    fontSize: '0.875rem',
  },
  '&.cm-focused': { outline: '2px solid var(--awb-focus)', outlineOffset: '2px' },
  '.cm-scroller': { fontFamily: 'var(--awb-font-mono)', lineHeight: '1.5' },
  '.cm-content': { caretColor: 'var(--awb-text)' },
  '.cm-placeholder': { color: 'var(--awb-text-muted)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--awb-text)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: 'var(--awb-selection) !important' },
  '.cm-gutters': { backgroundColor: 'var(--awb-surface-muted)', color: 'var(--awb-text-muted)', borderRight: '1px solid var(--awb-border)' },
  // One monospace cell (and the markers' 1 px padding each side), whatever font draws the marker: sized by
  // its glyph, the gutter was 3 px wider while the open marker (⌄) came from the proportional symbol face,
  // and narrowed when the monospace one arrived, moving the code left (a layout shift). `1ch` is the same
  // in JetBrains Mono and its metric-matched fallback. The gutter clips what is wider.
  '.cm-foldGutter .cm-gutterElement': { width: 'calc(1ch + 2px)', textAlign: 'center' },
  '.cm-activeLine': { backgroundColor: 'transparent' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--awb-surface-muted)', color: 'var(--awb-text)' },
  '.cm-tooltip': { backgroundColor: 'var(--awb-surface)', color: 'var(--awb-text)', border: '1px solid var(--awb-border)' },
  // CodeMirror sets the completion list in the generic `monospace`, a system font.
  '.cm-tooltip.cm-tooltip-autocomplete > ul': { fontFamily: 'var(--awb-font-mono)' },
  '.cm-tooltip-autocomplete ul li[aria-selected]': { backgroundColor: 'var(--awb-selection)', color: 'var(--awb-text)' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--awb-error)' },
  '.cm-diagnostic-warning': { borderLeftColor: 'var(--awb-warning)' },
  '.cm-panels': { backgroundColor: 'var(--awb-surface-muted)', color: 'var(--awb-text)' },
  '.cm-foldPlaceholder': { backgroundColor: 'var(--awb-surface-muted)', color: 'var(--awb-text)', border: '1px solid var(--awb-border)' },
})

/**
 * Tab indents, as people expect in a code editor. Escape then Tab still leaves the editor (WCAG
 * 2.1.2, no keyboard trap): @codemirror/view turns on tab-focus mode for 2 s after Escape by itself,
 * and Ctrl-m toggles it for good.
 */
export const tabBehaviour: Extension = keymap.of([indentWithTab])
