import type { Extension } from '@codemirror/state'
import type { EditorDiagnostic } from '../core/editor-diagnostic'

/**
 * The props every code editor shares: CodeEditor itself and the language editors that wrap it
 * (GraphQLEditor), so a wrapper never re-declares — and drifts from — the editor it wraps.
 */
export interface CodeEditorBaseProps {
  /** The text. */
  modelValue: string
  /** Visible label, also the editor's accessible name. */
  label: string
  /** Read-only (still focusable and selectable). @default false */
  readonly?: boolean
  /** Problems to mark in the text and list under it. @default [] */
  diagnostics?: EditorDiagnostic[]
  /** Shown while empty. @default '' */
  placeholder?: string
  /**
   * Extra CodeMirror extensions: a language and its tooling (GraphQLEditor passes cm6-graphql's
   * here), key bindings, test settings. Replaced as a whole when the array changes, so pass a
   * stable array. @default []
   */
  extensions?: Extension[]
  /** Minimum height as a CSS length. @default '8rem' */
  minHeight?: string
  /** Maximum height before the editor scrolls. @default '28rem' */
  maxHeight?: string
  /** id of an extra element that describes the editor. @default undefined */
  describedby?: string
  /**
   * Tab indents (Esc then Tab leaves). Off, Tab moves focus like anywhere else: for text whose every byte
   * matters (a signed webhook body), where an indent typed by a Tab meant to leave would change what is sent.
   * @default true
   */
  tabIndents?: boolean
}

/** The defaults of {@link CodeEditorBaseProps}, for `withDefaults`. */
export const codeEditorDefaults = {
  readonly: false,
  diagnostics: (): EditorDiagnostic[] => [],
  placeholder: '',
  extensions: (): Extension[] => [],
  minHeight: '8rem',
  maxHeight: '28rem',
  describedby: undefined,
  tabIndents: true,
} as const
