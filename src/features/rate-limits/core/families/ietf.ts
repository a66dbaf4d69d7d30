/**
 * The IETF draft "RateLimit header fields for HTTP" in every version:
 * early/≤ -06 separate fields (`RateLimit-Limit: 100, 100;w=60`, -Remaining, -Reset, numeric RateLimit-Policy),
 * -07's Dictionary `RateLimit: limit=…, remaining=…, reset=…`, and -08+'s named Lists
 * (`RateLimit-Policy: "burst";q=100;w=60` with `RateLimit: "burst";r=50;t=30`).
 */
import type { BareItem, List, Parameters } from 'structured-headers'
import type { HeaderField, ParseContext } from '../context.ts'
import { checkCount, type Reading } from '../numbers.ts'
import { buildQuota } from '../quota.ts'
import { resetFromNumber, type ResetReading } from '../reset.ts'
import type { Quota } from '../types.ts'
import { present } from './common.ts'
import { isGitLab } from './gitlab.ts'
import { isItem, isNamedList, malformed, namedPolicies, num, show, tryDictionary, tryList } from './ietf-fields.ts'

type Where = { header: string; line?: number }
const at = (f: HeaderField): Where => ({ header: f.name, line: f.line })

function count(ctx: ParseContext, v: BareItem | undefined, where: Where, what: string): Reading | undefined {
  if (v === undefined) return undefined
  return checkCount(ctx, num(v), show(v), where, { what })
}

function reset(ctx: ParseContext, v: BareItem | undefined, where: Where): ResetReading | undefined {
  if (v === undefined) return undefined
  const n = num(v)
  if (n === undefined) {
    ctx.warn({ code: 'invalid-reset', ...where, message: `${where.header}: reset "${show(v)}" is not a number of seconds.` })
    return undefined
  }
  // The draft's reset is delay seconds in every version; a Unix time here is reported as a guess.
  return resetFromNumber(ctx, n, show(v), 'delay-seconds', where)
}

/** Window from the `w` (or early `window`) parameter of the member whose value equals the limit, else the only member. */
function windowFrom(list: List | undefined, limit: number | undefined, where: Where): Reading | undefined {
  if (!list) return undefined
  const items = list.filter(isItem)
  const w = (p: Parameters) => num(p.get('w') ?? p.get('window'))
  const match = items.find(([v, p]) => v === limit && w(p) !== undefined) ?? (items.length === 1 ? items[0] : undefined)
  const seconds = match ? w(match[1]) : undefined
  return seconds !== undefined && seconds > 0 ? { value: seconds, ...where } : undefined
}

/** Draft-08+: one quota per RateLimit member, joined to its policy by name; unreferenced policies give limit-only quotas. */
function draft8(ctx: ParseContext, rl: HeaderField | undefined, rlList: List | undefined, policy: HeaderField | undefined, pList: List | undefined): Quota[] {
  const policies = policy && pList ? namedPolicies(ctx, policy, pList) : new Map()
  const quotas: (Quota | undefined)[] = []
  const seen = new Set<string>()
  for (const member of rlList ?? []) {
    if (!rl || !isItem(member) || typeof member[0] !== 'string') continue
    const [name, params] = member
    seen.add(name)
    const p = policies.get(name)
    if (policy && !p) {
      ctx.warn({ code: 'unknown-policy', ...at(rl), message: `${rl.name}: policy "${name}" is not listed in ${policy.name}, so its limit is unknown.` })
    }
    if (!params.has('r')) malformed(ctx, rl, `"${name}" has no r (remaining) parameter`)
    quotas.push(policyQuota(ctx, name, p, policy, { r: params.get('r'), t: params.get('t'), rl }))
  }
  for (const [name, p] of policies) if (!seen.has(name)) quotas.push(policyQuota(ctx, name, p, policy, {}))
  return present(quotas)
}

function policyQuota(
  ctx: ParseContext,
  name: string,
  p: { q?: BareItem; w?: BareItem; qu?: BareItem } | undefined,
  policy: HeaderField | undefined,
  state: { r?: BareItem; t?: BareItem; rl?: HeaderField },
): Quota | undefined {
  const pw = policy ? at(policy) : { header: 'RateLimit-Policy' }
  const sw = state.rl ? at(state.rl) : pw
  if (p && p.q === undefined && policy) malformed(ctx, policy, `policy "${name}" has no q (quota) parameter`)
  const window = p ? count(ctx, p.w, pw, 'window') : undefined
  const unit = typeof p?.qu === 'string' && p.qu !== 'requests' ? p.qu : undefined
  return buildQuota(ctx, {
    family: 'ietf',
    label: name,
    limit: p ? count(ctx, p.q, pw, 'limit') : undefined,
    remaining: count(ctx, state.r, sw, 'remaining count'),
    reset: reset(ctx, state.t, sw),
    window: window && window.value > 0 ? window : undefined,
    unit,
    sources: p && policy ? { policy: policy.name } : {},
  })
}

/** Draft-07: `RateLimit: limit=100, remaining=50, reset=5`, window from a numeric RateLimit-Policy. */
function draft7(ctx: ParseContext, rl: HeaderField, dict: Map<string, unknown>, policy: HeaderField | undefined): Quota[] {
  const bare = (k: string): BareItem | undefined => {
    const m = dict.get(k) as [unknown, unknown] | undefined
    return m && !Array.isArray(m[0]) ? (m[0] as BareItem) : undefined
  }
  const limit = count(ctx, bare('limit'), at(rl), 'limit')
  return present([
    buildQuota(ctx, {
      family: 'ietf',
      label: 'default',
      limit,
      remaining: count(ctx, bare('remaining'), at(rl), 'remaining count'),
      reset: reset(ctx, bare('reset'), at(rl)),
      window: policy ? windowFrom(tryList(policy.value), limit?.value, at(policy)) : undefined,
      sources: policy ? { policy: policy.name } : {},
    }),
  ])
}

/** First member of a numeric List field (`RateLimit-Limit: 100, 100;w=60` → 100). */
function first(ctx: ParseContext, field: HeaderField | undefined): { v: BareItem | undefined; list: List } | undefined {
  if (!field) return undefined
  const list = tryList(field.value)
  if (!list || list.length === 0) {
    malformed(ctx, field, `"${field.value}" is not a structured-field number`)
    return undefined
  }
  const m = list[0]
  if (!m || !isItem(m)) {
    malformed(ctx, field, 'the first member is an inner list, not a number')
    return undefined
  }
  return { v: m[0], list }
}

/** Drafts up to -06: separate RateLimit-Limit / -Remaining / -Reset, optional numeric RateLimit-Policy. */
function legacy(ctx: ParseContext, policy: HeaderField | undefined): Quota[] {
  const h = ctx.headers
  const lf = h.get('ratelimit-limit')
  const rf = h.get('ratelimit-remaining')
  const tf = h.get('ratelimit-reset')
  const l = first(ctx, lf)
  const limit = lf && l ? count(ctx, l.v, at(lf), 'limit') : undefined
  const r = first(ctx, rf)
  const t = first(ctx, tf)
  const window =
    (lf ? windowFrom(l?.list, limit?.value, at(lf)) : undefined) ??
    (policy ? windowFrom(tryList(policy.value), limit?.value, at(policy)) : undefined)
  return present([
    buildQuota(ctx, {
      family: 'ietf',
      label: 'default',
      limit,
      remaining: rf && r ? count(ctx, r.v, at(rf), 'remaining count') : undefined,
      reset: tf && t ? reset(ctx, t.v, at(tf)) : undefined,
      window,
      sources: policy && window?.header === policy.name ? { policy: policy.name } : {},
    }),
  ])
}

/** Parses the IETF RateLimit fields (not GitLab's look-alikes). List is tried before Dictionary, as the draft says. */
export function parseIetf(ctx: ParseContext): Quota[] {
  if (isGitLab(ctx)) return []
  const h = ctx.headers
  const rl = h.get('ratelimit')
  const policy = h.get('ratelimit-policy')
  const pList = policy ? tryList(policy.value) : undefined
  if (policy && !pList) malformed(ctx, policy, `"${policy.value}" is not a structured-field list`)
  if (rl) {
    const list = tryList(rl.value)
    if (isNamedList(list)) return draft8(ctx, rl, list, policy, pList)
    const dict = tryDictionary(rl.value)
    if (dict && ['limit', 'remaining', 'reset'].some((k) => dict.has(k))) return draft7(ctx, rl, dict, policy)
    malformed(ctx, rl, `"${rl.value}" is neither a list of named policies (draft-08+) nor limit/remaining/reset (draft-07)`)
  } else if (policy && isNamedList(pList)) {
    return draft8(ctx, undefined, undefined, policy, pList)
  }
  if (['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'].some((n) => h.has(n))) return legacy(ctx, policy)
  return []
}
