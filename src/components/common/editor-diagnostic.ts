/** A problem at a place in an editor's text (1-based line and column). */
export interface EditorDiagnostic {
  line: number
  column: number
  message: string
  /** @default 'error' */
  severity?: 'error' | 'warning' | 'info'
}
