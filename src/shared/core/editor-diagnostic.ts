/** A problem at a place in an editor's text (1-based line and column). */
export interface EditorDiagnostic {
  line: number
  column: number
  message: string
  /** @default 'error' */
  severity?: 'error' | 'warning' | 'info'
  /**
   * UTF-16 offsets of the range to underline (e.g. `QueryProblem.from`/`to` from core
   * `validateQuery`). Without them one character at `line`/`column` is marked. The list under the
   * editor always shows `line`/`column`. @default undefined
   */
  from?: number
  /** End of the underlined range (exclusive); used with `from`. @default undefined */
  to?: number
}
