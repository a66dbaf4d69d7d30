/**
 * The "Pace my client" mode's inputs: the policies behind a pasted response's quotas (as far as the
 * headers and the provider's documentation allow) or a preset's, and the request schedule the user
 * types (read field by field, each error said at its field).
 */
import { openAiPolicies, POLICY_PRESETS, type PolicyPreset } from './policy/presets.ts'
import type { RatePolicy } from './policy/types.ts'
import type { Quota } from './types.ts'
import { inferFromTimeline, type InferenceConfidence } from './pacing-inference.ts'
import type { RateLimitTimeline } from './timeline/types.ts'

/** One policy with where it comes from. */
export interface PacedPolicy {
  policy: RatePolicy
  /** Where the numbers come from, in words: the header names read, or the preset's provider and title. */
  source: string
  /** The documentation page, for a preset or a documented provider. */
  sourceUrl?: string
  /** What is modelled rather than read (the algorithm, an assumed window). */
  assumption: string
  /** What a timeline of readings said about it (absent for one response or a preset). */
  inference?: { confidence: InferenceConfidence; evidence: string }
}

/** The policies found in a report, and the quotas that gave none (with why). */
export interface PacedPolicies {
  policies: PacedPolicy[]
  skipped: { label: string; reason: string }[]
}

const OPENAI_DOCS = POLICY_PRESETS.find((p) => p.provider === 'OpenAI')?.source
const GITHUB_DOCS = POLICY_PRESETS.find((p) => p.id === 'github-rest-primary')?.source
const SHOPIFY_DOCS = POLICY_PRESETS.find((p) => p.id === 'shopify-rest')?.source

/** A quota's limit, for the user to read: "x-ratelimit-limit-tokens". */
const headersOf = (q: Quota) => [...new Set([q.sources.limit, q.sources.policy, q.sources.window].filter((s): s is string => s !== undefined))].join(', ')

/** A policy name usable in headers and code: the quota's label, made unique. */
function uniqueName(label: string, taken: Set<string>): string {
  const base = label.trim() || 'quota'
  let name = base
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`
  taken.add(name)
  return name
}

/**
 * The policy behind each quota of a parsed response. OpenAI's two quotas are buckets holding a minute's
 * worth (as the OpenAI preset), GitHub's an hour's fixed window, Shopify's REST call limit a bucket leaking
 * a twentieth of its size per second (40 and 2 per second on standard plans); any other quota with a stated
 * window (IETF `w`, `X-RateLimit-Window`) is a fixed window of it. A quota without a limit, or with no
 * window stated or documented, gives none: its reason says so.
 *
 * @example
 * pacedPoliciesFromQuotas(parseRateLimitHeaders(openAiHeaders).quotas).policies.map((p) => p.policy.name) // ['requests', 'tokens']
 */
export function pacedPoliciesFromQuotas(quotas: readonly Quota[]): PacedPolicies {
  const result: PacedPolicies = { policies: [], skipped: [] }
  const taken = new Set<string>()
  for (const q of quotas) {
    const limit = q.limit
    if (limit === undefined || !Number.isFinite(limit) || limit <= 0) {
      result.skipped.push({ label: q.label, reason: 'No limit is stated, so there is nothing to pace against.' })
      continue
    }
    const name = uniqueName(q.label, taken)
    const unit = q.unit === 'tokens' ? 'tokens' : q.unit !== undefined ? 'points' : undefined
    const source = headersOf(q) || q.family
    if (q.family === 'openai') {
      const [requests, tokens] = openAiPolicies({ requestsPerMinute: limit, tokensPerMinute: limit })
      const policy = { ...((unit === 'tokens' ? tokens : requests) as RatePolicy), name }
      result.policies.push({ policy, source, sourceUrl: OPENAI_DOCS, assumption: 'A bucket holding a minute’s worth, refilled over a minute (OpenAI states limits per minute).' })
    } else if (q.family === 'shopify') {
      result.policies.push({ policy: { kind: 'token-bucket', name, capacity: limit, refillPerSecond: limit / 20 }, source, sourceUrl: SHOPIFY_DOCS, assumption: 'Shopify’s leaky bucket: it leaks a twentieth of its size per second (2 a second for 40).' })
    } else if (q.family === 'github') {
      result.policies.push({ policy: { kind: 'fixed-window', name, limit, windowMs: 3_600_000 }, source, sourceUrl: GITHUB_DOCS, assumption: 'GitHub’s primary limit: a fixed window of an hour.' })
    } else if (q.windowSeconds !== undefined && q.windowSeconds > 0) {
      const policy: RatePolicy = { kind: 'fixed-window', name, limit, windowMs: q.windowSeconds * 1000, ...(unit ? { unit } : {}) }
      result.policies.push({ policy, source, assumption: 'A fixed window of the stated length (the headers do not say which algorithm; a fixed window lets the most through around a boundary).' })
    } else {
      taken.delete(name)
      result.skipped.push({ label: q.label, reason: 'Its window is not stated and not documented here: choose a preset or a provider’s policy instead.' })
    }
  }
  return result
}

/** What one response can and cannot tell about a policy, said when only one is pasted. */
export const ONE_RESPONSE_NOTE =
  'One response shows each quota’s limit and what is left, not how it comes back: the policies below are documented or assumed. Paste several responses (a HAR, or several curl -i) to infer them.'

/**
 * The policies behind a timeline's quotas (several responses): each inferred from its readings (see
 * `inferFromTimeline`), with its confidence and evidence. A quota whose readings cannot tell keeps the
 * documented or assumed policy of {@link pacedPoliciesFromQuotas}, with the reason it could not be inferred.
 *
 * @param quotas The quotas of the paste (their stated windows and header names).
 * @param timeline The timeline of the same paste.
 */
export function pacedPoliciesFromTimeline(quotas: readonly Quota[], timeline: Pick<RateLimitTimeline, 'quotas'>, timeZone = 'UTC'): PacedPolicies {
  const result: PacedPolicies = { policies: [], skipped: [] }
  const taken = new Set<string>()
  for (const q of quotas) {
    const readings = timeline.quotas.find((t) => t.family === q.family && t.label === q.label && (t.resource ?? '') === (q.resource ?? ''))
    const inference = readings ? inferFromTimeline(readings, q.windowSeconds !== undefined && q.windowSeconds > 0 ? q.windowSeconds * 1000 : undefined, timeZone) : undefined
    if (inference?.policy) {
      const policy = { ...inference.policy, name: uniqueName(q.label, taken) }
      result.policies.push({ policy, source: headersOf(q) || q.family, assumption: 'Inferred from the remaining count over time.', inference: { confidence: inference.confidence, evidence: inference.evidence } })
      continue
    }
    const documented = pacedPoliciesFromQuotas([q])
    const found = documented.policies[0]
    if (found) {
      const policy = { ...found.policy, name: uniqueName(q.label, taken) }
      result.policies.push({ ...found, policy, ...(inference ? { inference: { confidence: inference.confidence, evidence: inference.evidence } } : {}) })
    } else {
      const skipped = documented.skipped[0]
      if (skipped) result.skipped.push(inference ? { label: skipped.label, reason: `${skipped.reason} ${inference.evidence}` } : skipped)
    }
  }
  return result
}

/** A preset's policies, each citing the preset. */
export function pacedPoliciesFromPreset(preset: PolicyPreset): PacedPolicies {
  return {
    policies: preset.policies.map((policy) => ({ policy, source: `${preset.provider}: ${preset.title}`, sourceUrl: preset.source, assumption: preset.notes })),
    skipped: [],
  }
}

/** The schedule form's fields, as typed. */
export interface ScheduleFields {
  /** Steady requests per minute after the burst. */
  perMinute: string
  /** Requests sent at once at the start. */
  burst: string
  /** Requests in all (the backlog to work through). */
  backlog: string
  /** Cost of each request on tokens or points quotas (requests quotas count 1). */
  cost: string
}

/** A schedule read from valid fields. */
export interface ScheduleSpec {
  perMinute: number
  burst: number
  backlog: number
  cost: number
}

/** Most requests a simulation runs (the table and chart stay readable, the page responsive). */
export const MAX_BACKLOG = 10_000

/** The form's defaults: 100 requests, 10 at once, then 60 a minute, each costing 1. */
export const DEFAULT_SCHEDULE_FIELDS: Readonly<ScheduleFields> = { perMinute: '60', burst: '10', backlog: '100', cost: '1' }

/**
 * Reads the form: the schedule when every field is valid, else a message per wrong field (what is wrong
 * and what is expected; the typed text is left as it is).
 *
 * @example
 * readScheduleFields({ perMinute: 'fast', burst: '0', backlog: '10', cost: '1' }).errors.perMinute // 'Enter a number of requests per minute above 0, e.g. 60.'
 */
export function readScheduleFields(fields: ScheduleFields): { spec?: ScheduleSpec; errors: Partial<Record<keyof ScheduleFields, string>> } {
  const errors: Partial<Record<keyof ScheduleFields, string>> = {}
  const num = (text: string) => (text.trim() === '' ? NaN : Number(text.trim()))
  const perMinute = num(fields.perMinute)
  const burst = num(fields.burst)
  const backlog = num(fields.backlog)
  const cost = num(fields.cost)
  if (!(Number.isFinite(backlog) && Number.isInteger(backlog) && backlog >= 1 && backlog <= MAX_BACKLOG)) errors.backlog = `Enter a whole number of requests from 1 to ${MAX_BACKLOG.toLocaleString('en')}.`
  if (!(Number.isFinite(burst) && Number.isInteger(burst) && burst >= 0)) errors.burst = 'Enter a whole number of requests, 0 or more.'
  else if (errors.backlog === undefined && burst > backlog) errors.burst = `The burst cannot be larger than the backlog (${backlog}).`
  if (!(Number.isFinite(perMinute) && perMinute > 0)) errors.perMinute = 'Enter a number of requests per minute above 0, e.g. 60.'
  if (!(Number.isFinite(cost) && cost > 0)) errors.cost = 'Enter a cost above 0 (tokens or points per request; requests quotas count 1).'
  if (Object.keys(errors).length > 0) return { errors }
  return { spec: { perMinute, burst, backlog, cost }, errors }
}
