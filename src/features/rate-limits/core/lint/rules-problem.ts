/**
 * Rules for the problem details (RFC 9457) a 429 or 503 carries beside the RateLimit fields: the body's `status`
 * must be the response's own.
 */
import type { LintContext } from './context.ts'
import type { DraftFinding } from './types.ts'

const RFC9457_STATUS = 'RFC 9457 §3.1.4 (status: generators must use the same status code in the HTTP response)'

/** Every problem-details finding. */
export function problemRules(ctx: LintContext): DraftFinding[] {
  const problem = ctx.report.problem
  if (!problem || problem.status === undefined || ctx.status === undefined || problem.status === ctx.status) return []
  const contentType = ctx.first('content-type')
  return [
    {
      code: 'problem-status-mismatch',
      severity: 'warning',
      header: contentType?.name,
      line: problem.line,
      message: `The response is ${ctx.status} but its problem details say "status": ${problem.status}${problem.rateLimit ? ' (a rate-limit problem)' : ''}; clients that read the body and clients that read the status line disagree.`,
      fix: `"status": ${ctx.status}`,
      reference: RFC9457_STATUS,
    },
  ]
}
