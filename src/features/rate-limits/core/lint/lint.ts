/**
 * The rate-limit header linter for API authors: every problem in what a server emits, with its fix, and the
 * headers with all fixes applied.
 */
import type { PastedHeader } from '../types.ts'
import { lintContext, type LintContext } from './context.ts'
import { countRules } from './rules-counts.ts'
import { ietfRules } from './rules-ietf.ts'
import { problemRules } from './rules-problem.ts'
import { proposalRules } from './rules-proposals.ts'
import { resetRules } from './rules-reset.ts'
import { retryAfterRules } from './rules-retry.ts'
import type { DraftFinding, LintEdit, RateLimitLintFinding, RateLimitLintOptions, RateLimitLintSeverity } from './types.ts'

const SEVERITY_ORDER: Record<RateLimitLintSeverity, number> = { error: 0, warning: 1, info: 2 }

function draftFindings(ctx: LintContext): DraftFinding[] {
  const all = [...retryAfterRules(ctx), ...resetRules(ctx), ...countRules(ctx), ...ietfRules(ctx), ...proposalRules(ctx), ...problemRules(ctx)]
  // Errors first, then by line; the sort is stable, so one line's findings keep the rules' order.
  return all.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || (a.line ?? 0) - (b.line ?? 0))
}

function publicFinding({ edits: _edits, ...finding }: DraftFinding): RateLimitLintFinding {
  // Optional keys that are undefined are dropped so findings compare and serialise cleanly.
  return Object.fromEntries(Object.entries(finding).filter(([, v]) => v !== undefined)) as unknown as RateLimitLintFinding
}

/**
 * Lints the rate-limit headers a server emits: pasted `Name: value` lines, `curl -i` output, a DevTools copy or a
 * HAR file (the same inputs as the parser). Clean headers give `[]`. Never throws.
 *
 * @param input The pasted response headers.
 * @param options `now` (reference time when there is no `Date` header; `@default new Date()`) and `status` (the
 *   response status when the paste has no status line; `@default undefined`).
 * @returns Findings, errors first, then warnings and info, each by line.
 * @example
 * lintRateLimitHeaders('HTTP/1.1 429 Too Many Requests\nX-RateLimit-Remaining: 0')
 * // → [{ code: 'retry-after-missing', severity: 'error', … }]
 */
export function lintRateLimitHeaders(input: string, options: RateLimitLintOptions = {}): RateLimitLintFinding[] {
  const text = typeof input === 'string' ? input : ''
  if (text.trim() === '') return []
  return draftFindings(lintContext(text, options ?? {})).map(publicFinding)
}

/** Result of {@link correctRateLimitHeaders}. */
export interface CorrectedHeaders {
  /** The header block with every concrete fix applied, one `Name: value` per line (status line first, if any). */
  text: string
  /** How many findings were applied to the text. */
  applied: number
  /** Findings whose fix needs a decision only the author can make (e.g. the real quota), so were not applied. */
  manual: RateLimitLintFinding[]
}

const sameHeader = (a: PastedHeader, b: PastedHeader) => a === b || (a.line === b.line && a.name.toLowerCase() === b.name.toLowerCase())

function apply(headers: readonly PastedHeader[], edits: LintEdit[]): string[] {
  const lines: (string | undefined)[] = headers.map((h) => `${h.name}: ${h.value}`)
  const added: string[] = []
  for (const edit of edits) {
    if (edit.kind === 'add') {
      if (!added.includes(edit.line)) added.push(edit.line)
      continue
    }
    const index = headers.findIndex((h) => sameHeader(h, edit.target))
    if (index < 0) continue
    if (edit.kind === 'remove') {
      lines[index] = undefined
      continue
    }
    lines[index] = edit.line
    // A list field sent over several lines was linted combined; its replacement stands for all of them.
    const lower = edit.target.name.toLowerCase()
    headers.forEach((h, i) => {
      if (i !== index && h.name.toLowerCase() === lower && /^ratelimit(?:-policy)?$/.test(lower)) lines[i] = undefined
    })
  }
  return [...lines.filter((l): l is string => l !== undefined), ...added]
}

/**
 * Applies every finding's concrete fix to the pasted headers and returns the corrected header block.
 * Findings whose fix is advice rather than a header line are returned in `manual`.
 *
 * @param input As for {@link lintRateLimitHeaders}.
 * @param options As for {@link lintRateLimitHeaders}.
 */
export function correctRateLimitHeaders(input: string, options: RateLimitLintOptions = {}): CorrectedHeaders {
  const text = typeof input === 'string' ? input : ''
  if (text.trim() === '') return { text: '', applied: 0, manual: [] }
  const ctx = lintContext(text, options ?? {})
  const findings = draftFindings(ctx)
  const edits = findings.flatMap((f) => f.edits ?? [])
  const status = ctx.report.status
  const headers = ctx.report.headers.filter((h) => !h.name.startsWith(':'))
  const lines = apply(headers, edits)
  return {
    text: [...(status !== undefined ? [`HTTP/1.1 ${status}`] : []), ...lines].join('\n'),
    applied: findings.filter((f) => f.edits && f.edits.length > 0).length,
    manual: findings.filter((f) => !f.edits || f.edits.length === 0).map(publicFinding),
  }
}
