/**
 * Retry-After rules (RFC 9110 §10.2.3, RFC 6585 §4): present on a 429, well-formed, and in agreement with the
 * reset of the quota that ran out.
 */
import { parseHttpDate, parseIsoDate, parseJsDateString } from '../dates.ts'
import { parseDecimal } from '../numbers.ts'
import { headerLine, type LintContext } from './context.ts'
import type { DraftFinding } from './types.ts'

const RFC9110_RETRY_AFTER = 'RFC 9110 §10.2.3 Retry-After'
const RFC6585_429 = 'RFC 6585 §4 (429 Too Many Requests) and RFC 9110 §10.2.3'
/** Retry-After and a reset may differ by this much (whole-second rounding on either side). */
const AGREEMENT_MS = 1000

/** Milliseconds until the latest reset among exhausted quotas (the client must wait for all of them). */
function exhaustedResetMs(ctx: LintContext): number | undefined {
  const resets = ctx.report.quotas.filter((q) => q.remaining === 0 && q.resetInMs !== undefined).map((q) => q.resetInMs ?? 0)
  return resets.length > 0 ? Math.max(...resets) : undefined
}

function retryAfterMissing(ctx: LintContext): DraftFinding[] {
  if (ctx.status !== 429 || ctx.first('retry-after')) return []
  const ms = ctx.first('retry-after-ms')
  const fromMs = ms ? parseDecimal(ms.value) : undefined
  const waitMs = fromMs !== undefined && fromMs >= 0 ? fromMs : exhaustedResetMs(ctx)
  const seconds = waitMs !== undefined ? Math.max(0, Math.ceil(waitMs / 1000)) : undefined
  const line = seconds !== undefined ? headerLine({ name: 'Retry-After' }, seconds) : undefined
  return [
    {
      code: 'retry-after-missing',
      severity: 'error',
      line: ctx.status === ctx.report.status ? ctx.statusLine : undefined,
      message: `The response is a 429 but has no Retry-After, so clients must guess how long to wait${ms ? ` (${ms.name} is not read by generic HTTP clients)` : ''}.`,
      fix: line ?? 'Retry-After: <seconds until the client may retry>',
      reference: RFC6585_429,
      edits: line ? [{ kind: 'add', line }] : undefined,
    },
  ]
}

function retryAfterInvalid(ctx: LintContext): DraftFinding[] {
  const out: DraftFinding[] = []
  for (const h of ctx.all('retry-after')) {
    const v = h.value.trim()
    if (/^\d+$/.test(v) || parseHttpDate(v, ctx.refMs) !== undefined) continue
    const where = { header: h.name, line: h.line, reference: RFC9110_RETRY_AFTER }
    const n = parseDecimal(v)
    if (n !== undefined && n >= 0) {
      const fixed = headerLine(h, Math.ceil(n))
      out.push({
        ...where,
        code: 'retry-after-invalid',
        severity: 'warning',
        message: `${h.name}: "${v}" is a decimal; delay-seconds are whole digits only. Many clients accept it, strict ones ignore it.`,
        fix: fixed,
        edits: [{ kind: 'replace', target: h, line: fixed }],
      })
      continue
    }
    // Dates in other forms (RFC 3339, JavaScript's toString) are converted to the IMF-fixdate RFC 9110 asks for.
    const other = parseIsoDate(v)?.ms ?? parseJsDateString(v)
    const fixed = other !== undefined ? headerLine(h, new Date(other).toUTCString()) : undefined
    out.push({
      ...where,
      code: 'retry-after-invalid',
      severity: 'error',
      message: `${h.name}: "${v}" is neither delay-seconds (digits) nor an HTTP-date, so clients ignore it.`,
      fix: fixed ?? `${h.name}: <seconds, e.g. 30> or <IMF-fixdate, e.g. ${new Date(ctx.refMs).toUTCString()}>`,
      edits: fixed ? [{ kind: 'replace', target: h, line: fixed }] : undefined,
    })
  }
  return out
}

function retryAfterDisagrees(ctx: LintContext): DraftFinding[] {
  const retry = ctx.report.retryAfter
  const resetMs = exhaustedResetMs(ctx)
  if (!retry || resetMs === undefined || resetMs < 0) return []
  const retryMs = retry.seconds * 1000
  if (Math.abs(retryMs - resetMs) <= AGREEMENT_MS) return []
  const h = ctx.first(retry.header.toLowerCase())
  if (!h || ctx.conflicting.has(retry.header.toLowerCase())) return []
  const isMs = h.name.toLowerCase() === 'retry-after-ms'
  const fixed = headerLine(h, isMs ? Math.ceil(resetMs) : Math.ceil(resetMs / 1000))
  return [
    {
      code: 'retry-after-disagrees',
      severity: 'warning',
      header: h.name,
      line: h.line,
      message: `${h.name} says retry in ${retry.seconds} s but the exhausted quota resets in ${Math.round(resetMs / 100) / 10} s; clients honour Retry-After first, so they retry ${retryMs < resetMs ? 'too early and get another 429' : 'later than needed'}.`,
      fix: fixed,
      reference: `${RFC9110_RETRY_AFTER}; draft-ietf-httpapi-ratelimit-headers (Retry-After takes precedence)`,
      edits: [{ kind: 'replace', target: h, line: fixed }],
    },
  ]
}

/** Every Retry-After finding. */
export function retryAfterRules(ctx: LintContext): DraftFinding[] {
  return [...retryAfterMissing(ctx), ...retryAfterInvalid(ctx), ...retryAfterDisagrees(ctx)]
}
