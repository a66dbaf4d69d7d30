/**
 * Wording shared by the rate-limit components: family names, numbers, units, meter text and countdown
 * phases. Pure functions, so the words screen readers hear are unit-tested in node.
 */
import { formatDuration } from '@/shared/core/format'
import { lazy } from '@/shared/core/lazy'
import { quotaStateLabel } from './state.ts'
import type { Quota } from './types.ts'

const FAMILY_NAMES: Record<string, string> = {
  github: 'GitHub',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  x: 'X',
  okta: 'Okta',
  shopify: 'Shopify',
  ietf: 'IETF RateLimit',
  discord: 'Discord',
  reddit: 'Reddit',
  gitlab: 'GitLab',
  hubspot: 'HubSpot',
  linear: 'Linear',
  sentry: 'Sentry',
  zendesk: 'Zendesk',
  jira: 'Jira',
  generic: 'Generic',
}

/** Display name of a {@link Quota.family} id ("github" → "GitHub"); unknown ids are capitalised. */
export function familyName(family: string): string {
  return FAMILY_NAMES[family] ?? (family ? family.charAt(0).toUpperCase() + family.slice(1) : 'Unknown')
}

/** "GitHub core", "OpenAI tokens": how a quota is named in headings, meters and announcements. */
export function quotaName(q: Pick<Quota, 'family' | 'label'>): string {
  return `${familyName(q.family)} ${q.label}`.trim()
}

// Formatters are built on first use: the first Intl object costs the page's load (see shared/core/lazy.ts).
const integer = lazy(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }))
const percent = lazy(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }))

/** "4,997"; fractions kept to two places ("563.5"). */
export function formatCount(n: number): string {
  return Number.isFinite(n) ? integer().format(n) : 'unknown'
}

/** "99.9 %"; one decimal at most, and never "100 %" for a value that is not exactly 100. */
export function formatPercent(p: number): string {
  if (!Number.isFinite(p)) return 'unknown'
  const shown = p > 99.9 && p < 100 ? 99.9 : p < 0.1 && p > 0 ? 0.1 : p
  return `${percent().format(shown)} %`
}

/** The quota's unit in the plural or singular for `n`: "requests", "1 request", "tokens". */
export function unitWord(q: Pick<Quota, 'unit'>, n: number): string {
  const unit = q.unit ?? 'requests'
  return n === 1 && unit.endsWith('s') ? unit.slice(0, -1) : unit
}

/**
 * The meter's `aria-valuetext`: the amount in words, the share and the state, e.g.
 * "4,997 of 5,000 requests remaining, 99.9 %, healthy".
 */
export function meterValueText(q: Pick<Quota, 'limit' | 'remaining' | 'remainingPercent' | 'unit'>): string {
  const state = quotaStateLabel(q)
  if (q.remaining === undefined) return 'remaining unknown'
  if (q.limit === undefined) return `${formatCount(q.remaining)} ${unitWord(q, q.remaining)} remaining, limit unknown`
  const share = q.remainingPercent !== undefined ? `, ${formatPercent(q.remainingPercent)}` : ''
  return `${formatCount(q.remaining)} of ${formatCount(q.limit)} ${unitWord(q, q.limit)} remaining${share}, ${state}`
}

/** A countdown's phase: `imminent` is the last {@link IMMINENT_MS} before the target. */
export type CountdownPhase = 'future' | 'imminent' | 'passed'

/** How long before the target a countdown is "imminent" (and the store announces "1 minute left"). */
export const IMMINENT_MS = 60_000

/** Phase of a countdown to `targetMs` at `nowMs`. */
export function countdownPhase(targetMs: number, nowMs: number, imminentMs: number = IMMINENT_MS): CountdownPhase {
  const left = targetMs - nowMs
  if (!(left > 0)) return 'passed'
  return left <= imminentMs ? 'imminent' : 'future'
}

/** "in 14 min 32 s", "in 850 ms" or "passed 3 min ago". */
export function countdownText(targetMs: number, nowMs: number): string {
  const left = targetMs - nowMs
  if (!Number.isFinite(left)) return 'unknown'
  if (left > 0) return `in ${formatDuration(left)}`
  return left === 0 ? 'just now' : `${formatDuration(left)} ago`
}

/** A `Date`, epoch milliseconds or ISO string as epoch milliseconds (NaN when unreadable). */
export function toMs(value: Date | number | string): number {
  if (value instanceof Date) return value.getTime()
  if (typeof value === 'number') return value
  return Date.parse(value)
}

const dateTime = lazy(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }))

/** Local date and time for display ("Jan 14, 2025, 10:29:32 AM" in en-US). */
export function formatLocalDateTime(ms: number): string {
  return Number.isFinite(ms) ? dateTime().format(ms) : 'unknown time'
}

/** Field key from {@link Quota.sources} in words: "resetTimestamp" → "reset timestamp". */
export function fieldWord(field: string): string {
  return field.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)
}
