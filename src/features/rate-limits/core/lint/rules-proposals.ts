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

const PROPOSAL = 'HTTPAPI working group, ratelimit-headers pull request #166 (open, not adopted)'
const LATEST = 'draft-ietf-httpapi-ratelimit-headers-11'

/** Parameters each draft-08+ field defines, and those PR #166 proposes for it. */
const FIELDS: Record<string, { defined: readonly string[]; proposed: readonly string[] }> = {
  'ratelimit-policy': { defined: ['q', 'qu', 'w', 'pk'], proposed: ['a', 'c'] },
  ratelimit: { defined: ['r', 't', 'pk'], proposed: ['a', 'w', 'c'] },
}

function proposedParams(h: PastedHeader, lower: string): DraftFinding | undefined {
  const field = FIELDS[lower]
  const list = tryList(h.value)
  if (!field || !isNamedList(list)) return undefined
  const found = new Set<string>()
  for (const member of list) {
    if (!isItem(member)) continue
    for (const key of member[1].keys()) if (field.proposed.includes(key) && !field.defined.includes(key)) found.add(key)
  }
  if (found.size === 0) return undefined
  const names = [...found].map((k) => `${k}=`).join(', ')
  return {
    code: 'ietf-not-yet-standard',
    severity: 'warning',
    header: h.name,
    line: h.line,
    message: `${h.name}: ${h.value} — ${names} ${found.size > 1 ? 'are' : 'is'} not yet standard: proposed in the working group's open PR #166, not in ${LATEST} (which defines ${field.defined.join(', ')}), so clients that follow the draft ignore ${found.size > 1 ? 'them' : 'it'}.`,
    fix: `Keep ${h.name} to ${field.defined.join(', ')}; send ${names} only to clients that opt in to the proposal`,
    reference: `${LATEST} §3–4; ${PROPOSAL}`,
  }
}

/** Every finding on proposed-but-not-standard RateLimit parameters and fields (GitLab's look-alikes skipped). */
export function proposalRules(ctx: LintContext): DraftFinding[] {
  if (ctx.first('ratelimit-observed') || ctx.first('ratelimit-resettime')) return []
  const out: DraftFinding[] = []
  for (const lower of ['ratelimit-policy', 'ratelimit']) {
    for (const h of ctx.all(lower)) {
      const finding = proposedParams(h, lower)
      if (finding) out.push(finding)
    }
  }
  for (const h of ctx.all('ratelimit-partition')) {
    out.push({
      code: 'ietf-not-yet-standard',
      severity: 'warning',
      header: h.name,
      line: h.line,
      message: `${h.name}: ${h.value} — the ${h.name} field is not yet standard: proposed in the working group's open PR #166, not in ${LATEST}, whose partition key is the pk parameter of RateLimit and RateLimit-Policy.`,
      fix: `Carry the partition as pk=:<base64>: on RateLimit and RateLimit-Policy (${LATEST})`,
      reference: `${LATEST} (pk parameter); ${PROPOSAL}`,
    })
  }
  return out
}
