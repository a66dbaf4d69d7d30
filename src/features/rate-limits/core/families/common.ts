/**
 * Helpers shared by the family parsers.
 */
import type { ParseContext } from '../context.ts'
import { readCount, type Reading } from '../numbers.ts'
import { buildQuota, type QuotaInput } from '../quota.ts'
import { readReset, type ResetForm } from '../reset.ts'
import type { Quota } from '../types.ts'

/** A family parser: reads the headers it knows and returns one quota per limit found (none when absent). */
export type FamilyParser = (ctx: ParseContext) => Quota[]

/** Lower-case header names of one limit. */
export interface QuotaNames {
  limit?: string
  remaining?: string
  used?: string
  reset?: string
}

/**
 * Builds a quota from whole-header values: counts via {@link readCount}, the reset in the family's form.
 * @param extra Further quota input (window, resource, sources, …).
 */
export function quotaFromHeaders(
  ctx: ParseContext,
  family: string,
  label: string,
  names: QuotaNames,
  resetForm: ResetForm,
  extra: Partial<QuotaInput> = {},
): Quota | undefined {
  const h = ctx.headers
  const get = (n: string | undefined) => (n ? h.get(n) : undefined)
  return buildQuota(ctx, {
    family,
    label,
    limit: readCount(ctx, get(names.limit), { what: 'limit' }),
    remaining: readCount(ctx, get(names.remaining), { what: 'remaining count' }),
    used: readCount(ctx, get(names.used), { what: 'used count' }),
    reset: readReset(ctx, get(names.reset), resetForm),
    ...extra,
  })
}

/**
 * Groups headers matching `pattern` by a label capture, e.g. OpenAI's `x-ratelimit-limit-tokens` →
 * `tokens: { limit }`. The pattern must capture `label` and `field` named groups.
 */
export function groupByLabel(ctx: ParseContext, pattern: RegExp): Map<string, QuotaNames> {
  const groups = new Map<string, QuotaNames>()
  for (const name of ctx.headers.names()) {
    const m = pattern.exec(name)
    const label = m?.groups?.label
    const field = m?.groups?.field as keyof QuotaNames | undefined
    if (!label || !field) continue
    const g = groups.get(label) ?? {}
    g[field] = name
    groups.set(label, g)
  }
  return groups
}

/** A fixed window implied by a header's name (X's 24-hour limits) rather than its value. */
export function impliedWindow(ctx: ParseContext, lowerName: string, seconds: number): Reading | undefined {
  const field = ctx.headers.has(lowerName) ? ctx.headers.get(lowerName) : undefined
  return field ? { value: seconds, header: field.name, line: field.line } : undefined
}

/** Drops undefined entries. */
export function present<T>(items: (T | undefined)[]): T[] {
  return items.filter((x): x is T => x !== undefined)
}
