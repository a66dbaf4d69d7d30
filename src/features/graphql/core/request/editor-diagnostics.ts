import type { EditorDiagnostic } from '@/shared/core/editor-diagnostic'

/** A located message from one of the sources {@link editorDiagnostics} merges. */
export interface LocatedMessage {
  /** The input it concerns (`query`, `variables`, `headers`, …). */
  field: string
  message: string
  /** 1-based; 1 when absent. */
  line?: number
  /** 1-based; 1 when absent. */
  column?: number
}

/** A schema problem with the range to underline (the query's validation, the variables' check). */
export interface RangedProblem {
  message: string
  line: number
  column: number
  severity: 'error' | 'warning'
  from?: number
  to?: number
}

/** What is known about one editor's text: the sources {@link editorDiagnostics} merges. */
export interface DiagnosticSources {
  /** The error that stopped the last Send, if any. */
  inputError?: LocatedMessage | undefined
  /** The error of the last Fill variables, if any. */
  fillError?: LocatedMessage | undefined
  /** Warnings of the last build (sent anyway). */
  warnings: readonly LocatedMessage[]
  /** The schema's problems with this editor's text (already of this editor only). */
  problems: readonly RangedProblem[]
}

/**
 * The diagnostics one editor shows (`query` or `variables`), in this order: the Send's error, Fill
 * variables' error, build warnings, then the schema's problems with their ranges, so the whole
 * offending name or value is underlined. The same message at the same place is listed once, and a
 * schema problem where the Send's own error already stands is the same fault in other words
 * (invalid JSON found twice): it is left out. So is one where a build warning stands (a variable the
 * operation does not declare: the schema check says the server would ignore it, the Send says it
 * was not sent): the warning, which says what this Send did, keeps the problem's range.
 */
export function editorDiagnostics(field: string, sources: DiagnosticSources): EditorDiagnostic[] {
  const out: EditorDiagnostic[] = []
  const seen = new Set<string>()
  const add = (d: EditorDiagnostic) => {
    const key = `${d.line}:${d.column}:${d.message}`
    if (seen.has(key)) return
    seen.add(key)
    out.push(d)
  }
  const located = (m: LocatedMessage, severity?: 'warning'): EditorDiagnostic => ({
    line: m.line ?? 1,
    column: m.column ?? 1,
    message: m.message,
    ...(severity ? { severity } : {}),
  })
  const error = sources.inputError?.field === field ? sources.inputError : undefined
  if (error) add(located(error))
  if (sources.fillError?.field === field) add(located(sources.fillError))
  const at = (m: { line?: number; column?: number }) => `${m.line ?? 1}:${m.column ?? 1}`
  const warned = new Set<string>()
  for (const w of sources.warnings) {
    if (w.field !== field) continue
    const ranged = sources.problems.find((p) => at(p) === at(w) && p.from !== undefined && p.to !== undefined)
    add({ ...located(w, 'warning'), ...(ranged ? { from: ranged.from, to: ranged.to } : {}) })
    warned.add(at(w))
  }
  for (const p of sources.problems) {
    if (error && error.line === p.line && error.column === p.column) continue
    if (warned.has(at(p))) continue
    add({ line: p.line, column: p.column, message: p.message, severity: p.severity, ...(p.from !== undefined ? { from: p.from } : {}), ...(p.to !== undefined ? { to: p.to } : {}) })
  }
  return out
}
