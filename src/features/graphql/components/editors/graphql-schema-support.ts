/**
 * Schema intelligence for the GraphQL editor, from cm6-graphql's parts: highlighting, completion,
 * Ctrl/Cmd+click "jump" and its schema/options state, plus a hover tooltip and a show-in-docs key
 * of our own. cm6-graphql's `lint` is deliberately left out: it writes through @codemirror/lint's
 * state and would overwrite the editor's `diagnostics` prop; schema validation reaches the editor
 * as diagnostics instead (core `validateQuery`), so every message is also listed as text.
 */
import { autocompletion } from '@codemirror/autocomplete'
import type { Extension } from '@codemirror/state'
import { EditorView, hoverTooltip, keymap, ViewPlugin, type Tooltip } from '@codemirror/view'
import type { CompletionItem } from 'graphql-language-service'
import { getHoverInformation } from 'graphql-language-service'
import {
  completion,
  getSchema,
  graphqlLanguageSupport,
  jump,
  offsetToPos,
  showInDocsCommand,
  stateExtensions,
  updateSchema,
} from 'cm6-graphql'
import type { GraphQLSchema } from 'graphql'
import { nestingGuard } from '@/shared/ui/codemirror-nesting-guard'

/** cm6-graphql's options type, which it declares but does not export. */
type GqlExtensionsOptions = NonNullable<Parameters<typeof stateExtensions>[1]>

/** What "show in docs" points at: the field under the cursor, its type and the type it belongs to. */
export interface ShowInDocsPayload {
  /** Field name, when the cursor is on a field or one of its arguments. */
  field?: string
  /** Named type (list and non-null wrappers removed): the field's type, or the type under the cursor. */
  type?: string
  /** Type the field belongs to. */
  parentType?: string
}

/** The key that shows the thing at the cursor in the docs (free in CodeMirror's keymaps; "help" in browsers). */
export const SHOW_IN_DOCS_KEY = 'F1'

/** `[User!]!` → `User`. */
function namedType(type: string | undefined): string | undefined {
  const name = type?.replace(/[[\]!]/g, '')
  return name === '' ? undefined : name
}

/**
 * The completion info pane: the description and any deprecation, as plain text (the type is
 * already in the option). The autocomplete widget points the selected option's
 * `aria-describedby` at this pane, so a screen reader reads it with the option. Nothing to say,
 * no pane.
 */
function completionInfo(item: CompletionItem): Node | null {
  if (!item.documentation && !item.isDeprecated) return null
  const wrap = document.createElement('div')
  wrap.className = 'awb-completion-info'
  if (item.documentation) wrap.appendChild(document.createElement('p')).textContent = item.documentation
  if (item.isDeprecated) wrap.appendChild(document.createElement('p')).textContent = `Deprecated${item.deprecationReason ? `: ${item.deprecationReason}` : '.'}`
  return wrap
}

/**
 * The GraphQL editor's completion settings. The list opens at the next task after a keystroke
 * (`activateOnTypingDelay: 0`; CodeMirror's default waits 100 ms), since the source answers from
 * the schema's prepared field maps well within a frame. The option's label and type sit in
 * adjacent spans, so its accessible name would run them together ("nameString"); a hidden ": "
 * between them makes it read "name: String".
 */
export const optionNameSeparator = autocompletion({
  activateOnTypingDelay: 0,
  addToOptions: [
    {
      // After the label (50), before the detail (80).
      position: 60,
      render: (completion) => {
        if (!completion.detail) return null
        const separator = document.createElement('span')
        separator.className = 'awb-visually-hidden'
        separator.textContent = ': '
        return separator
      },
    },
  ],
})

/** getHoverInformation's plain text: first line the signature, then paragraphs. Rendered as text, never HTML. */
export function hoverContent(text: string): HTMLElement {
  const dom = document.createElement('div')
  dom.className = 'awb-hover'
  const [signature = '', ...rest] = text.split('\n\n')
  dom.appendChild(document.createElement('code')).textContent = signature
  for (const paragraph of rest) dom.appendChild(document.createElement('p')).textContent = paragraph
  return dom
}

const schemaHover = hoverTooltip((view, pos): Tooltip | null => {
  const schema = getSchema(view.state)
  if (!schema) return null
  const line = view.state.doc.lineAt(pos)
  let from = pos
  let to = pos
  while (from > line.from && /\w/.test(line.text[from - line.from - 1] ?? '')) from--
  while (to < line.to && /\w/.test(line.text[to - line.from] ?? '')) to++
  if (from === to) return null
  // Ask about a position inside the word: the language service reads the token before the cursor.
  let text: unknown
  try {
    text = getHoverInformation(schema, view.state.doc.toString(), offsetToPos(view.state.doc, from + 1))
  } catch {
    return null
  }
  // Typed as LSP hover contents; without `useMarkdown` it is always plain text.
  if (typeof text !== 'string' || text === '') return null
  return { pos: from, end: to, above: true, create: () => ({ dom: hoverContent(text) }) }
})

/** How the editor hears about "show in docs". */
export interface ShowInDocsHandler {
  /** Whether anyone listens now; read on every use, so it may change without reconfiguring. */
  enabled: () => boolean
  /** Receives what is at the cursor (only when something is). */
  show: (payload: ShowInDocsPayload) => void
}

/**
 * The editor extensions for GraphQL with an optional schema. Without a schema it is highlighting
 * and folding only (completion, hover and jump need one); give the schema later with cm6-graphql's
 * `updateSchema(view, schema)`. A query nested past 200 levels is shown unparsed (`nestingGuard`).
 *
 * @param schema - the endpoint's schema. @default undefined
 * @param docs - Ctrl/Cmd+click and {@link SHOW_IN_DOCS_KEY} report here while `enabled()`; otherwise
 *   the key is left to the browser. @default undefined
 */
export function graphqlSchemaSupport(schema?: GraphQLSchema, docs?: ShowInDocsHandler): Extension {
  const enabled = (): boolean => docs?.enabled() ?? false
  const options: GqlExtensionsOptions = {
    showErrorOnInvalidSchema: false,
    onCompletionInfoRender: (item) => completionInfo(item),
    onShowInDocs: (field, type, parentType) => {
      if (!docs || !enabled()) return
      const payload: ShowInDocsPayload = {}
      if (field) payload.field = field
      const named = namedType(type)
      if (named) payload.type = named
      const parent = namedType(parentType)
      if (parent) payload.parentType = parent
      // Nothing under the cursor (whitespace, punctuation): nothing to show.
      if (payload.field || payload.type || payload.parentType) docs.show(payload)
    },
  }
  const docsKey = keymap.of([
    {
      key: SHOW_IN_DOCS_KEY,
      // Only claim the key when it does something; otherwise the browser keeps it.
      run: (view) => (enabled() && getSchema(view.state) !== undefined ? showInDocsCommand(view) : false),
    },
  ])
  return [graphqlLanguageSupport(), nestingGuard('graphql'), completion, optionNameSeparator, jump, schemaHover, docsKey, stateExtensions(schema, options)]
}

/** {@link graphqlEditorSupport}'s result: the extension for the editor, and the way to give it a new schema. */
export interface GraphQLEditorSupport {
  /** Highlighting, schema intelligence and their theme, for CodeEditor's `extensions`. */
  extension: Extension
  /** Gives every editor running `extension` this schema (cm6-graphql's `updateSchema`); `undefined` clears it. */
  setSchema: (schema: GraphQLSchema | undefined) => void
}

/**
 * {@link graphqlSchemaSupport} plus its theme, packaged for a component that does not hold the
 * EditorView (GraphQLEditor wraps CodeEditor): a view plugin remembers the views the extension runs
 * in, so a later schema reaches them through `setSchema` without reconfiguring the editor (which
 * would close an open completion list).
 *
 * @param schema - the schema to start with. @default undefined
 * @param docs - see {@link graphqlSchemaSupport}. @default undefined
 */
export function graphqlEditorSupport(schema?: GraphQLSchema, docs?: ShowInDocsHandler): GraphQLEditorSupport {
  const views = new Set<EditorView>()
  let current = schema
  const tracker = ViewPlugin.define((view) => {
    views.add(view)
    // A schema set before this view existed (it arrived while the editor was still loading) is
    // given to it once its construction is over: a view cannot be updated while it is built.
    if (current !== schema) {
      queueMicrotask(() => {
        if (views.has(view) && getSchema(view.state) !== current) updateSchema(view, current)
      })
    }
    return { destroy: () => views.delete(view) }
  })
  return {
    extension: [graphqlSchemaSupport(schema, docs), schemaSupportTheme, tracker],
    setSchema: (next) => {
      current = next
      for (const view of views) updateSchema(view, next)
    },
  }
}

/** Completion list, info pane and hover tooltip in the app's palette, readable in both themes. */
export const schemaSupportTheme: Extension = EditorView.theme({
  '.cm-tooltip-autocomplete > ul': { fontFamily: 'var(--awb-font-mono)', maxHeight: '12em' },
  '.cm-tooltip-autocomplete > ul > li': { padding: '2px 6px', lineHeight: '1.5' },
  '.cm-tooltip-autocomplete ul li[aria-selected]': { backgroundColor: 'var(--awb-selection)', color: 'var(--awb-text)' },
  '.cm-completionDetail': { color: 'var(--awb-text-muted)', fontStyle: 'normal' },
  '.cm-tooltip-autocomplete ul li[aria-selected] .cm-completionDetail': { color: 'var(--awb-text)' },
  '.cm-completionIcon': { opacity: '1', color: 'var(--awb-text-muted)' },
  '.cm-completionMatchedText': { textDecoration: 'underline', fontWeight: '600' },
  '.cm-tooltip.cm-completionInfo, .cm-tooltip-hover': {
    padding: '0.375rem 0.625rem',
    maxWidth: 'min(28rem, 90vw)',
    whiteSpace: 'normal',
    backgroundColor: 'var(--awb-surface)',
    color: 'var(--awb-text)',
    border: '1px solid var(--awb-input-border)',
    borderRadius: '4px',
  },
  '.awb-hover code': { fontFamily: 'var(--awb-font-mono)', fontWeight: '600' },
  '.awb-completion-info p': { margin: '0' },
  '.awb-completion-info p + p, .awb-hover p': { margin: '0.25rem 0 0' },
})
