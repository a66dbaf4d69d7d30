/**
 * Rules for the problem details (RFC 9457) a rate-limited response carries in its body, when the paste has one
 * (`report.problem`): RFC 9457 §3.1.3 asks that the body's `status` be the response's own; the RateLimit draft
 * (draft-ietf-httpapi-ratelimit-headers-11, "Problem Types") registers a type for each kind of refusal, with the
 * status to send it with, so a client can tell an exceeded quota from reduced capacity or abuse without reading the
 * prose of a title.
 */
import { RATE_LIMIT_PROBLEM_TYPES } from '../problem-types.ts'
import type { LintContext } from './context.ts'
import type { DraftFinding } from './types.ts'

const DRAFT = 'draft-ietf-httpapi-ratelimit-headers-11'
const QUOTA_EXCEEDED = RATE_LIMIT_PROBLEM_TYPES['quota-exceeded']

/** Every finding on the pasted problem details body. */
export function problemRules(ctx: LintContext): DraftFinding[] {
  const problem = ctx.report.problem
  if (!problem) return []
  const out: DraftFinding[] = []
  const header = 'Content-Type'
  if (problem.status !== undefined && ctx.status !== undefined && problem.status !== ctx.status) {
    out.push({
      code: 'problem-status-mismatch',
      severity: 'warning',
      header,
      line: problem.line,
      message: `The problem details say status ${problem.status}, the response is ${ctx.status}: clients act on the response's status, and a body that disagrees misleads whoever reads it.`,
      fix: `"status": ${ctx.status} in the body (or leave "status" out)`,
      reference: 'RFC 9457 §3.1.3',
    })
  }
  const draft = problem.draftType ? RATE_LIMIT_PROBLEM_TYPES[problem.draftType] : undefined
  if (draft && ctx.status !== undefined && ctx.status !== draft.status) {
    out.push({
      code: 'problem-type-status',
      severity: 'warning',
      header,
      line: problem.line,
      message: `The problem type "${draft.title}" is meant for status ${draft.status}; this response is ${ctx.status}.`,
      fix: `Send "${draft.title}" with ${draft.status}, or the draft type that fits ${ctx.status}`,
      reference: DRAFT,
    })
  }
  if (!draft && problem.rateLimit && ctx.status === 429) {
    out.push({
      code: 'problem-type-unregistered',
      severity: 'info',
      header,
      line: problem.line,
      message: `A rate-limit problem with ${problem.type ? `its own type ${problem.type}` : 'no type'}: the RateLimit draft registers one a client can act on without reading the title.`,
      fix: `"type": "${QUOTA_EXCEEDED.uri}" (and "violated-policies" naming the exceeded policies)`,
      reference: DRAFT,
    })
  }
  return out
}
