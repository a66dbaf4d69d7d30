/**
 * Count and header-set rules: remaining above the limit, used + remaining ≠ limit, counts that are not
 * non-negative integers, conflicting duplicates, and rate-limit headers a browser page cannot read (CORS).
 */
import { parseDecimal } from '../numbers.ts'
import type { PastedHeader, Quota } from '../types.ts'
import { headerLine, type LintContext } from './context.ts'
import type { DraftFinding } from './types.ts'

const RATE_LIMIT_LIKE = /rate-?limit|retry-after|shop-api-call-limit/i
/**
 * Structured list fields: several lines are one list (RFC 9110 §5.3), so different values are not a conflict.
 */
const LIST_FIELDS = new Set(['ratelimit', 'ratelimit-policy', 'access-control-expose-headers'])
/** CORS-safelisted response headers (Fetch standard §3.2.6), readable by page scripts without exposure. */
const SAFELISTED = new Set(['cache-control', 'content-language', 'content-length', 'content-type', 'expires', 'last-modified', 'pragma'])

/** The header a quota field came from, when it is a whole header holding exactly that number. */
function wholeNumberHeader(ctx: LintContext, quota: Quota, field: 'limit' | 'remaining' | 'used'): PastedHeader | undefined {
  const name = quota.sources[field]
  if (!name || quota.derived?.includes(field) || ctx.conflicting.has(name.toLowerCase())) return undefined
  const h = ctx.first(name.toLowerCase())
  return h && parseDecimal(h.value) === quota[field] ? h : undefined
}

function remainingExceedsLimit(ctx: LintContext): DraftFinding[] {
  const out: DraftFinding[] = []
  for (const q of ctx.report.quotas) {
    if (q.limit === undefined || q.remaining === undefined || q.remaining <= q.limit || q.derived?.includes('remaining')) continue
    const h = wholeNumberHeader(ctx, q, 'remaining')
    const fixed = h ? headerLine(h, q.limit) : undefined
    // A structured field (draft-08's r= in RateLimit) has no whole-number header, but still a line.
    const carrier = h ?? (q.sources.remaining ? ctx.first(q.sources.remaining.toLowerCase()) : undefined) ?? ctx.first('ratelimit')
    out.push({
      code: 'remaining-exceeds-limit',
      severity: 'error',
      header: h?.name ?? q.sources.remaining ?? carrier?.name,
      line: carrier?.line,
      message: `${q.sources.remaining ?? 'remaining'}: ${q.remaining} remaining is more than the limit of ${q.limit}${q.sources.limit ? ` (${q.sources.limit})` : ''}; clients cannot tell which one is wrong.`,
      fix: fixed ?? `remaining ≤ ${q.limit}`,
      reference: 'draft-ietf-httpapi-ratelimit-headers (remaining ≤ quota)',
      edits: h && fixed ? [{ kind: 'replace', target: h, line: fixed }] : undefined,
    })
  }
  return out
}

function usedRemainingMismatch(ctx: LintContext): DraftFinding[] {
  const out: DraftFinding[] = []
  for (const q of ctx.report.quotas) {
    const { limit, remaining, used } = q
    if (limit === undefined || remaining === undefined || used === undefined || remaining > limit) continue
    if (q.derived && q.derived.length > 0) continue
    if (used + remaining === limit) continue
    const h = wholeNumberHeader(ctx, q, 'used')
    const fixed = h ? headerLine(h, limit - remaining) : undefined
    out.push({
      code: 'used-remaining-mismatch',
      severity: 'warning',
      header: h?.name ?? q.sources.used,
      line: h?.line,
      message: `${q.sources.used ?? 'used'} ${used} + ${q.sources.remaining ?? 'remaining'} ${remaining} = ${used + remaining}, not the limit ${limit}; clients computing one from the other disagree.`,
      fix: fixed ?? `used = ${limit - remaining}`,
      reference: 'GitHub REST "Rate limits" (x-ratelimit-used = limit − remaining)',
      edits: h && fixed ? [{ kind: 'replace', target: h, line: fixed }] : undefined,
    })
  }
  return out
}

function notANumber(ctx: LintContext): DraftFinding[] {
  const out: DraftFinding[] = []
  for (const w of ctx.report.warnings) {
    if (w.code !== 'non-numeric' && w.code !== 'negative' && w.code !== 'unlimited' && w.code !== 'invalid-reset') continue
    // A repeated header's joined value ("60, 60") is the duplicate rule's finding, not a bad number.
    if (w.header && ctx.all(w.header.toLowerCase()).length > 1) continue
    if (w.header && /^retry-after/i.test(w.header)) continue // Retry-After has its own rule
    const target = w.header ? ctx.all(w.header.toLowerCase()).find((h) => h.line === w.line) : undefined
    if (w.code === 'unlimited' && ctx.status === 429 && target && /remaining/i.test(target.name)) {
      // -1 remaining says "no limit applies" (Azure OpenAI); on a 429 a limit plainly did apply. (A limit of -1 may
      // stand beside another quota that ran out, so it stays information.)
      const fixed = headerLine(target, 0)
      out.push({
        code: 'not-a-number',
        severity: 'error',
        header: target.name,
        line: target.line,
        message: `${target.name}: -1 on a 429 contradicts the response: -1 is read as "no limit applies", yet the request was rate limited. Send what is left (0 when the quota is used up).`,
        fix: fixed,
        reference: 'draft-ietf-httpapi-ratelimit-headers (non-negative Integers); RFC 6585 §4 (429)',
        edits: [{ kind: 'replace', target, line: fixed }],
      })
      continue
    }
    out.push({
      code: 'not-a-number',
      severity: w.code === 'unlimited' ? 'info' : 'error',
      header: w.header,
      line: w.line,
      message: w.message,
      fix: w.code === 'unlimited' ? 'Leave the rate-limit headers out when no limit applies' : `${w.header ?? 'The field'}: <a non-negative integer>`,
      reference: 'draft-ietf-httpapi-ratelimit-headers (non-negative Integers)',
    })
  }
  for (const q of ctx.report.quotas) {
    for (const field of ['limit', 'remaining', 'used'] as const) {
      const v = q[field]
      if (v === undefined || Number.isInteger(v) || q.derived?.includes(field)) continue
      const h = wholeNumberHeader(ctx, q, field)
      const fixed = h ? headerLine(h, Math.floor(v)) : undefined
      out.push({
        code: 'not-a-number',
        severity: 'warning',
        header: h?.name ?? q.sources[field],
        line: h?.line,
        message: `${q.sources[field] ?? field}: ${v} is fractional; a count of requests is a whole number, and strict clients reject it.`,
        fix: fixed ?? `${field}: ${Math.floor(v)}`,
        reference: 'draft-ietf-httpapi-ratelimit-headers (non-negative Integers)',
        edits: h && fixed ? [{ kind: 'replace', target: h, line: fixed }] : undefined,
      })
    }
  }
  return out
}

function duplicates(ctx: LintContext): DraftFinding[] {
  const out: DraftFinding[] = []
  const seen = new Set<string>()
  for (const h of ctx.report.headers) {
    const lower = h.name.toLowerCase()
    if (seen.has(lower) || LIST_FIELDS.has(lower) || !RATE_LIMIT_LIKE.test(lower)) continue
    seen.add(lower)
    const [first, ...rest] = ctx.all(lower)
    if (!first || rest.length === 0) continue
    const lines = [first, ...rest].map((x) => x.line).join(', ')
    const joined = [first, ...rest].map((x) => x.value).join(', ')
    if (!ctx.conflicting.has(lower)) {
      out.push({
        code: 'duplicate-header',
        severity: 'warning',
        header: first.name,
        line: rest[0]?.line ?? first.line,
        message: `${first.name} is sent ${rest.length + 1} times with the same value (lines ${lines}); fetch and Node join them into "${joined}", which clients cannot read as a number.`,
        fix: `${headerLine(first, first.value)} (once)`,
        reference: 'RFC 9110 §5.3 (a singleton field must not be repeated)',
        edits: rest.map((target) => ({ kind: 'remove' as const, target })),
      })
      continue
    }
    out.push({
      code: 'duplicate-header',
      severity: 'warning',
      header: first.name,
      line: rest[0]?.line ?? first.line,
      message: `${first.name} is sent ${rest.length + 1} times with different values (lines ${lines}); fetch joins them into "${joined}", which no client can read as a number.`,
      fix: `${headerLine(first, first.value)} (once)`,
      reference: 'RFC 9110 §5.3 (a singleton field must not be repeated)',
      edits: rest.map((target) => ({ kind: 'remove' as const, target })),
    })
  }
  return out
}

function notExposed(ctx: LintContext): DraftFinding[] {
  const origin = ctx.first('access-control-allow-origin')
  if (!origin) return []
  const exposeHeaders = ctx.all('access-control-expose-headers')
  const exposed = new Set(exposeHeaders.flatMap((h) => h.value.split(',').map((n) => n.trim().toLowerCase())))
  const credentials = ctx.first('access-control-allow-credentials')?.value.trim().toLowerCase() === 'true'
  // `*` exposes every header only on requests without credentials (Fetch standard, CORS protocol).
  if (exposed.has('*') && !credentials) return []
  const needed = new Map<string, string>()
  for (const h of ctx.report.headers) {
    const lower = h.name.toLowerCase()
    if (RATE_LIMIT_LIKE.test(lower) && !lower.startsWith(':') && !SAFELISTED.has(lower) && !exposed.has(lower)) needed.set(lower, h.name)
  }
  // A 429 without Retry-After gets one from its own fix; expose it too, so the corrected headers lint clean.
  if (ctx.status === 429 && !ctx.first('retry-after') && !exposed.has('retry-after')) needed.set('retry-after', 'Retry-After')
  if (needed.size === 0) return []
  const names = [...exposeHeaders.flatMap((h) => h.value.split(',').map((n) => n.trim()).filter((n) => n !== '' && n !== '*')), ...needed.values()]
  const target = exposeHeaders[0]
  const fixed = headerLine(target ?? { name: 'Access-Control-Expose-Headers' }, names.join(', '))
  return [
    {
      code: 'not-exposed-to-browsers',
      severity: 'warning',
      header: target?.name ?? origin.name,
      line: target?.line ?? origin.line,
      message: `This is a CORS response (${origin.name}), but page scripts cannot read ${[...needed.values()].join(', ')}: they are not listed in Access-Control-Expose-Headers${exposed.has('*') ? ' (* does not apply to requests with credentials)' : ''}.`,
      fix: fixed,
      reference: 'Fetch standard §3.2.6 (CORS protocol: Access-Control-Expose-Headers)',
      edits: target ? [{ kind: 'replace', target, line: fixed }, ...exposeHeaders.slice(1).map((h) => ({ kind: 'remove' as const, target: h }))] : [{ kind: 'add', line: fixed }],
    },
  ]
}

/** Every count and header-set finding. */
export function countRules(ctx: LintContext): DraftFinding[] {
  return [...remainingExceedsLimit(ctx), ...usedRemainingMismatch(ctx), ...notANumber(ctx), ...duplicates(ctx), ...notExposed(ctx)]
}
