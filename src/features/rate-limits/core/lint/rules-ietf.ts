/**
 * Rules for the IETF "RateLimit header fields for HTTP" drafts: RFC 9651 syntax (with where parsing stopped),
 * draft-08+ policies that are missing or lack `q`, generations that disagree, and resets that are Unix times.
 */
import { parseDictionary, parseList, type BareItem, type Dictionary, type List } from 'structured-headers'
import { isItem, isNamedList, num } from '../families/ietf-fields.ts'
import type { PastedHeader } from '../types.ts'
import { headerLine, type LintContext } from './context.ts'
import { EPOCH_MS, EPOCH_S } from './rules-reset.ts'
import type { DraftFinding } from './types.ts'

const DRAFT = 'draft-ietf-httpapi-ratelimit-headers'
const RFC9651 = 'RFC 9651 (Structured Field Values)'

type Parsed = { list?: List; dict?: Dictionary; error?: string }

function parse(value: string): Parsed {
  let error: string | undefined
  try {
    return { list: parseList(value) }
  } catch (e) {
    error = e instanceof Error ? e.message : String(e)
  }
  try {
    return { dict: parseDictionary(value) }
  } catch {
    return { error }
  }
}

/** "at offset 10" from structured-headers → the character there, for the message. */
function where(value: string, error: string | undefined): string {
  const offset = Number(/offset (\d+)/.exec(error ?? '')?.[1])
  if (!Number.isInteger(offset)) return ''
  const ch = value[offset]
  return ` at character ${offset + 1}${ch === undefined ? ' (end of value)' : ` ("${ch}")`}`
}

/**
 * Repairs the common hand-written mistakes: spaces around `=`, and policy names written as bare tokens
 * (`default;r=5`) where draft-08+ needs Strings (`"default";r=5`). Returns undefined when nothing changed.
 */
export function repairStructured(value: string): string | undefined {
  const repaired = value
    .replace(/\s*=\s*/g, '=')
    .replace(/(^|,)(\s*)([A-Za-z*][A-Za-z0-9_\-.:%*/]*)(?=\s*;)/g, '$1$2"$3"')
  return repaired !== value ? repaired : undefined
}

function drafted(value: string): 'draft-08' | 'draft-07' | 'numeric' | undefined {
  const p = parse(value)
  const list: List | undefined = p.list
  if (isNamedList(p.list)) return 'draft-08'
  if (list && list.length > 0 && list.every((m) => isItem(m) && typeof m[0] === 'number')) return 'numeric'
  const dict = p.dict ?? (p.list ? tryDict(value) : undefined)
  if (dict && ['limit', 'remaining', 'reset'].some((k) => dict.has(k))) return 'draft-07'
  return undefined
}

function tryDict(value: string): Dictionary | undefined {
  try {
    return parseDictionary(value)
  } catch {
    return undefined
  }
}

function syntax(ctx: LintContext, h: PastedHeader, policy: boolean): DraftFinding | undefined {
  const form = drafted(h.value)
  // RateLimit is a draft-08+ list or a draft-07 dictionary; RateLimit-Policy a draft-08+ list or numeric (≤ 07).
  if (form === 'draft-08' || (policy ? form === 'numeric' : form === 'draft-07')) return undefined
  const p = parse(h.value)
  const repaired = repairStructured(h.value)
  const repairedForm = repaired ? drafted(repaired) : undefined
  const fixed = repaired && (repairedForm === 'draft-08' || (!policy && repairedForm === 'draft-07')) ? headerLine(h, repaired) : undefined
  const detail = p.error
    ? `is not a valid structured field: parsing stopped${where(h.value, p.error)}`
    : policy
      ? 'is a structured field but not a list of named policies ("name";q=…;w=…) or numbers'
      : 'is a structured field but neither a list of named policies ("name";r=…;t=…, draft-08+) nor limit=…, remaining=…, reset=… (draft-07)'
  return {
    code: 'ietf-syntax',
    severity: 'error',
    header: h.name,
    line: h.line,
    message: `${h.name}: "${h.value}" ${detail}. The draft tells clients to ignore a malformed field, so the limit is invisible.`,
    fix: fixed ?? (policy ? `${h.name}: "default";q=100;w=60` : `${h.name}: "default";r=50;t=30`),
    reference: `${RFC9651}; ${DRAFT} §3–4`,
    edits: fixed ? [{ kind: 'replace', target: h, line: fixed }] : undefined,
  }
}

function members(list: List): { name: string; params: Map<string, BareItem> }[] {
  return list.filter(isItem).flatMap(([v, params]) => (typeof v === 'string' ? [{ name: v, params }] : []))
}

function policies(ctx: LintContext, rl: PastedHeader | undefined, policy: PastedHeader | undefined): DraftFinding[] {
  const out: DraftFinding[] = []
  const rlList = rl ? parse(rl.value).list : undefined
  const pList = policy ? parse(policy.value).list : undefined
  const named = pList && isNamedList(pList) ? members(pList) : []
  for (const p of named) {
    if (p.params.has('q') || !policy) continue
    out.push({
      code: 'ietf-policy-missing',
      severity: 'error',
      header: policy.name,
      line: policy.line,
      message: `${policy.name}: policy "${p.name}" has no q (quota), which the draft requires, so clients do not know the limit.`,
      fix: `${policy.name}: "${p.name}";q=<quota>${p.params.has('w') ? '' : ';w=<window seconds>'}`,
      reference: `${DRAFT} §3.1 (q is required)`,
    })
  }
  if (!rl || !rlList || !isNamedList(rlList)) return out
  const known = new Set(named.map((p) => p.name))
  const missing = members(rlList).filter((m) => !known.has(m.name))
  if (missing.length === 0) return out
  const add = `RateLimit-Policy: ${missing.map((m) => `"${m.name}";q=<quota>;w=<window seconds>`).join(', ')}`
  out.push({
    code: 'ietf-policy-missing',
    severity: 'warning',
    header: rl.name,
    line: rl.line,
    message: policy
      ? `${rl.name} refers to ${missing.map((m) => `"${m.name}"`).join(', ')}, which ${policy.name} does not list, so the limit of ${missing.length > 1 ? 'those quotas' : 'that quota'} is unknown.`
      : `${rl.name} names ${missing.map((m) => `"${m.name}"`).join(', ')} but there is no RateLimit-Policy, so clients know what is left but not of how much.`,
    fix: policy ? `${policy.name}: ${policy.value}, ${missing.map((m) => `"${m.name}";q=<quota>`).join(', ')}` : add,
    reference: `${DRAFT} §3–4 (RateLimit refers to a RateLimit-Policy by name)`,
  })
  return out
}

interface Generation {
  name: string
  headers: PastedHeader[]
  limit?: number
  remaining?: number
  reset?: number
}

function firstNumber(h: PastedHeader | undefined): number | undefined {
  if (!h) return undefined
  const m = parse(h.value).list?.[0]
  return m && isItem(m) ? num(m[0]) : undefined
}

function generations(ctx: LintContext, rl: PastedHeader | undefined, policy: PastedHeader | undefined): Generation[] {
  const out: Generation[] = []
  const legacy = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'].map((n) => ctx.first(n))
  if (legacy.some(Boolean)) {
    out.push({ name: 'draft-06 or earlier (RateLimit-Limit/-Remaining/-Reset)', headers: legacy.filter((h): h is PastedHeader => !!h), limit: firstNumber(legacy[0]), remaining: firstNumber(legacy[1]), reset: firstNumber(legacy[2]) })
  }
  if (!rl) return out
  const p = parse(rl.value)
  if (isNamedList(p.list)) {
    const first = members(p.list)[0]
    const pol = policy ? members(parse(policy.value).list ?? []).find((m) => m.name === first?.name) : undefined
    out.push({ name: 'draft-08 or later (named policies)', headers: [rl], limit: num(pol?.params.get('q')), remaining: num(first?.params.get('r')), reset: num(first?.params.get('t')) })
  } else {
    const dict = tryDict(rl.value)
    const bare = (k: string) => {
      const m = dict?.get(k)
      return m && isItem(m) ? num(m[0]) : undefined
    }
    if (dict) out.push({ name: 'draft-07 (RateLimit dictionary)', headers: [rl], limit: bare('limit'), remaining: bare('remaining'), reset: bare('reset') })
  }
  return out
}

function mixed(ctx: LintContext, rl: PastedHeader | undefined, policy: PastedHeader | undefined): DraftFinding[] {
  const gens = generations(ctx, rl, policy)
  if (gens.length < 2) return []
  const [older, newer] = gens as [Generation, Generation]
  const differs = (a?: number, b?: number, slack = 0) => a !== undefined && b !== undefined && Math.abs(a - b) > slack
  const fields = [
    differs(older.limit, newer.limit) ? `limit ${older.limit} vs ${newer.limit}` : undefined,
    differs(older.remaining, newer.remaining) ? `remaining ${older.remaining} vs ${newer.remaining}` : undefined,
    differs(older.reset, newer.reset, 1) ? `reset ${older.reset} vs ${newer.reset}` : undefined,
  ].filter(Boolean)
  if (fields.length === 0) return []
  const at = newer.headers[0] ?? older.headers[0]
  return [
    {
      code: 'ietf-mixed-drafts',
      severity: 'warning',
      header: at?.name,
      line: at?.line,
      message: `The response mixes ${older.name} and ${newer.name}, and they disagree (${fields.join('; ')}); a client reads whichever generation it knows.`,
      fix: `Send only the ${newer.name} fields (remove ${older.headers.map((h) => h.name).join(', ')})`,
      reference: `${DRAFT} (one generation per response); express-rate-limit#484`,
      edits: older.headers.map((target) => ({ kind: 'remove' as const, target })),
    },
  ]
}

/** `reset=`/`t=` that is a Unix time (seconds or ms) where the draft means delay seconds. */
function structuredReset(ctx: LintContext, rl: PastedHeader | undefined): DraftFinding[] {
  if (!rl) return []
  const p = parse(rl.value)
  const key = isNamedList(p.list) ? 't' : 'reset'
  const values = isNamedList(p.list) ? members(p.list).map((m) => num(m.params.get('t'))) : [(() => {
    const m = tryDict(rl.value)?.get('reset')
    return m && isItem(m) ? num(m[0]) : undefined
  })()]
  const refS = ctx.refMs / 1000
  const bad = values.filter((n): n is number => n !== undefined && n >= EPOCH_S)
  if (bad.length === 0) return []
  let fixedValue = rl.value
  for (const n of bad) {
    const seconds = n >= EPOCH_MS ? n / 1000 : n
    fixedValue = fixedValue.replace(new RegExp(`(^|[;,\\s])${key}=${n}(?![0-9.])`), `$1${key}=${Math.max(0, Math.ceil(seconds - refS))}`)
  }
  const ms = bad.some((n) => n >= EPOCH_MS)
  const fixed = headerLine(rl, fixedValue)
  return [
    {
      code: ms ? 'reset-milliseconds' : 'reset-ambiguous',
      severity: 'warning',
      header: rl.name,
      line: rl.line,
      message: `${rl.name}: ${key}=${bad.join(', ')} is a Unix time${ms ? ' in milliseconds' : ''}, but the draft's ${key} counts seconds from now, so clients would wait for years.`,
      fix: fixed,
      reference: `${DRAFT} (reset/t: delay seconds); express-rate-limit#484`,
      edits: fixedValue !== rl.value ? [{ kind: 'replace', target: rl, line: fixed }] : undefined,
    },
  ]
}

/** Every IETF finding (GitLab's look-alike RateLimit-* headers are not the draft's and are skipped). */
export function ietfRules(ctx: LintContext): DraftFinding[] {
  if (ctx.first('ratelimit-observed') || ctx.first('ratelimit-resettime')) return []
  // Several lines of a list field are one list (RFC 9110 §5.3): their combination is linted.
  const combine = (name: string): PastedHeader | undefined => {
    const all = ctx.all(name)
    const first = all[0]
    return first && all.length > 1 ? { ...first, value: all.map((h) => h.value).join(', ') } : first
  }
  const rl = combine('ratelimit')
  const policy = combine('ratelimit-policy')
  const syntaxFindings = [rl && syntax(ctx, rl, false), policy && syntax(ctx, policy, true)].filter((f): f is DraftFinding => !!f)
  const broken = new Set(syntaxFindings.map((f) => f.header?.toLowerCase()))
  const okRl = rl && !broken.has(rl.name.toLowerCase()) ? rl : undefined
  const okPolicy = policy && !broken.has(policy.name.toLowerCase()) ? policy : undefined
  return [...syntaxFindings, ...policies(ctx, okRl, okPolicy), ...mixed(ctx, okRl, okPolicy), ...structuredReset(ctx, okRl)]
}
