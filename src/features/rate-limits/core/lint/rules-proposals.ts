/**
 * Rules for what the IETF RateLimit draft does not (yet) define: parameters and fields proposed in the HTTPAPI
 * working group's open pull request #166 (`a`, `w` on RateLimit, the cost `c`, a RateLimit-Partition field), which
 * draft-ietf-httpapi-ratelimit-headers-11 lacks. They are flagged as not yet standard (a warning: clients that follow
 * the draft ignore them), neither accepted silently nor treated as errors.
 */
import { isItem, isNamedList, tryList } from '../families/ietf-fields.ts'
import type { PastedHeader } from '../types.ts'
import type { LintContext } from './context.ts'
import type { DraftFinding } from './types.ts'

const LATEST = 'draft-ietf-httpapi-ratelimit-headers-11'

/** Field → [parameters the draft defines, parameters PR #166 proposes]. */
const FIELDS: Record<string, [string[], string[]]> = {
  'ratelimit-policy': [['q', 'qu', 'w', 'pk'], ['a', 'c']],
  ratelimit: [['r', 't', 'pk'], ['a', 'w', 'c']],
  'ratelimit-partition': [[], []],
}

function finding(h: PastedHeader, what: string, defined: string[]): DraftFinding {
  return {
    code: 'ietf-not-yet-standard',
    severity: 'warning',
    header: h.name,
    line: h.line,
    message: `${h.name}: ${h.value} — ${what} not yet standard (the working group's open PR #166, not ${LATEST}).`,
    fix: defined.length ? `Keep ${h.name} to ${defined.join(', ')}` : 'Send the partition as pk=:<base64>: on RateLimit and RateLimit-Policy',
    reference: LATEST,
  }
}

/** Every finding on proposed-but-not-standard RateLimit parameters and fields (GitLab's look-alikes skipped). */
export function proposalRules(ctx: LintContext): DraftFinding[] {
  if (ctx.first('ratelimit-observed') || ctx.first('ratelimit-resettime')) return []
  const out: DraftFinding[] = []
  for (const [lower, [defined, proposed]] of Object.entries(FIELDS)) {
    for (const h of ctx.all(lower)) {
      if (!proposed.length) {
        out.push(finding(h, `the ${h.name} field is`, defined))
        continue
      }
      const list = tryList(h.value)
      const found = new Set<string>()
      if (isNamedList(list)) for (const m of list) if (isItem(m)) for (const k of m[1].keys()) if (proposed.includes(k)) found.add(k)
      if (found.size) out.push(finding(h, `${[...found].map((k) => `${k}=`).join(', ')} ${found.size > 1 ? 'are' : 'is'}`, defined))
    }
  }
  return out
}
