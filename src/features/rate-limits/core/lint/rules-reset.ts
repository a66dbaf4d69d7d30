/**
 * Reset rules for whole-header resets (`X-RateLimit-Reset: …`): a value whose form contradicts what its name
 * means to clients, a Unix time in milliseconds, and an absolute reset that has already passed. The IETF
 * structured fields' `reset`/`t` are checked in `rules-ietf.ts`.
 */
import { parseIsoDate } from '../dates.ts'
import { parseDecimal } from '../numbers.ts'
import type { Quota } from '../types.ts'
import { headerLine, type LintContext } from './context.ts'
import type { DraftFinding } from './types.ts'

/** At or above: a Unix time in milliseconds (≈ 2001-09-09); the parser's threshold. */
export const EPOCH_MS = 1e12
/** At or above: a Unix time in seconds (≈ 2001-09-09); the parser's threshold. */
export const EPOCH_S = 1e9

/** What clients read a whole-header reset as, by family and header (from the vendors' documentation). */
type Meaning = 'unix-seconds' | 'delay-seconds' | 'other'

function meaning(quota: Quota, lowerHeader: string): Meaning {
  switch (quota.family) {
    case 'github':
    case 'x':
    case 'sentry':
    case 'gitlab':
    case 'generic':
      // `X-RateLimit-Reset` is a Unix time at GitHub, X, Okta and Sentry, which most client libraries assume;
      // a delay under that name is the ambiguity of zalando/restful-api-guidelines#379 and SecuScan#1838.
      return lowerHeader === 'ratelimit-resettime' ? 'other' : 'unix-seconds'
    case 'discord':
      return lowerHeader === 'x-ratelimit-reset-after' ? 'delay-seconds' : 'unix-seconds'
    case 'reddit':
      return 'delay-seconds'
    case 'ietf':
      // Structured `RateLimit` is checked with its members; `RateLimit-Reset` (≤ draft-06) is delay seconds.
      return lowerHeader === 'ratelimit-reset' ? 'delay-seconds' : 'other'
    default:
      // OpenAI's durations, Anthropic's and Jira's dates, Linear's milliseconds: documented, nothing to guess.
      return 'other'
  }
}

const REFERENCE: Record<Exclude<Meaning, 'other'>, string> = {
  'unix-seconds': 'GitHub REST "Rate limits" (x-ratelimit-reset: UTC epoch seconds); zalando/restful-api-guidelines#379',
  'delay-seconds': 'draft-ietf-httpapi-ratelimit-headers (reset: delay seconds); Reddit API rules',
}

function resetFindings(ctx: LintContext, quota: Quota): DraftFinding[] {
  const name = quota.sources.reset
  if (!name || ctx.conflicting.has(name.toLowerCase())) return []
  const h = ctx.first(name.toLowerCase())
  const n = h ? parseDecimal(h.value) : undefined
  if (!h || n === undefined || n < 0) return []
  const kind = meaning(quota, name.toLowerCase())
  if (kind === 'other') return []
  const refS = ctx.refMs / 1000
  const replace = (value: number): Pick<DraftFinding, 'fix' | 'edits'> => {
    const line = headerLine(h, value)
    return { fix: line, edits: [{ kind: 'replace', target: h, line }] }
  }
  const where = { header: h.name, line: h.line, reference: REFERENCE[kind] }
  const against = ctx.fromDateHeader ? 'the Date header' : 'now'
  if (n >= EPOCH_MS) {
    const fixed = kind === 'unix-seconds' ? Math.ceil(n / 1000) : Math.max(0, Math.ceil(n / 1000 - refS))
    return [
      {
        ...where,
        code: 'reset-milliseconds',
        severity: 'warning',
        message: `${h.name}: ${h.value} is a Unix time in milliseconds; clients expect ${kind === 'unix-seconds' ? 'seconds' : 'seconds from now'} and would wait about ${Math.round(n / 1000 / 86400 / 365)} years${kind === 'unix-seconds' ? ' (read as seconds)' : ''}.`,
        ...replace(fixed),
      },
    ]
  }
  if (kind === 'unix-seconds' && n < EPOCH_S) {
    return [
      {
        ...where,
        code: 'reset-ambiguous',
        severity: 'warning',
        message: `${h.name}: ${h.value} reads as ${n} seconds from now, but under this name GitHub, X, Okta and Sentry send a Unix time, so clients read it as ${new Date(n * 1000).toISOString()} (long past) and retry at once. Send the Unix time, or a delay under an unambiguous name (RateLimit "t").`,
        ...replace(Math.ceil(refS + n)),
      },
    ]
  }
  if (kind === 'delay-seconds' && n >= EPOCH_S) {
    return [
      {
        ...where,
        code: 'reset-ambiguous',
        severity: 'warning',
        message: `${h.name}: ${h.value} is a Unix time (${new Date(n * 1000).toISOString()}), but this field counts seconds from now, so clients would wait ${Math.round(n / 86400 / 365)} years. Send the seconds until the reset (measured against ${against}).`,
        ...replace(Math.max(0, Math.ceil(n - refS))),
      },
    ]
  }
  return []
}

function resetInPast(ctx: LintContext): DraftFinding[] {
  return ctx.report.warnings
    .filter((w) => w.code === 'reset-passed' && w.header && !ctx.conflicting.has(w.header.toLowerCase()))
    .map((w) => ({
      code: 'reset-in-past' as const,
      severity: 'error' as const,
      header: w.header,
      line: w.line,
      message: `${w.header}: the reset is before ${ctx.fromDateHeader ? 'the response\'s Date' : 'now'} (${new Date(ctx.refMs).toUTCString()}), so clients think the quota has already been refilled.`,
      fix: `${w.header}: <the end of the current window, after ${new Date(ctx.refMs).toUTCString()}>`,
      reference: 'draft-ietf-httpapi-ratelimit-headers §3 (reset is in the future); RFC 9110 §6.6.1 Date',
    }))
}

/**
 * `X-RateLimit-Reset` holding a date (`2025-01-14T10:16:00Z`): under this name GitHub, X, Okta and Sentry send a Unix
 * time, and client libraries parse it as a number, so they cannot read a date. Jira Cloud documents the date form
 * (recognised by its X-RateLimit-NearLimit), so a Jira response is left alone.
 */
function dateReset(ctx: LintContext): DraftFinding[] {
  const h = ctx.first('x-ratelimit-reset')
  if (!h || ctx.conflicting.has('x-ratelimit-reset') || parseDecimal(h.value) !== undefined) return []
  const iso = parseIsoDate(h.value)
  if (!iso) return []
  if (ctx.first('x-ratelimit-nearlimit')) return []
  const line = headerLine(h, Math.ceil(iso.ms / 1000))
  return [
    {
      code: 'reset-ambiguous',
      severity: 'warning',
      header: h.name,
      line: h.line,
      message: `${h.name}: ${h.value} is a date, but under this name GitHub, X, Okta and Sentry send a Unix time in seconds, and client libraries that parse it as a number cannot read it (only Jira Cloud documents a date here).`,
      fix: line,
      reference: REFERENCE['unix-seconds'],
      edits: [{ kind: 'replace', target: h, line }],
    },
  ]
}

/** Every reset finding of whole-header resets. */
export function resetRules(ctx: LintContext): DraftFinding[] {
  const seen = new Set<string>()
  const out: DraftFinding[] = []
  for (const q of ctx.report.quotas) {
    const key = q.sources.reset?.toLowerCase()
    if (!key || seen.has(key)) continue
    seen.add(key)
    out.push(...resetFindings(ctx, q))
  }
  // A milliseconds value read as a guess may also be "past"; one finding per header is enough.
  const flagged = new Set(out.map((f) => f.header?.toLowerCase()))
  return [...out, ...dateReset(ctx), ...resetInPast(ctx).filter((f) => !flagged.has(f.header?.toLowerCase()))]
}
