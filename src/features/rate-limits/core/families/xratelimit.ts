/**
 * The `x-ratelimit-limit/-remaining/-reset` shape shared by GitHub, Discord, Reddit, Jira and many others. The
 * values mean different things per vendor, so the family is decided from the companion headers first.
 */
import type { ParseContext } from '../context.ts'
import { parseIsoDate } from '../dates.ts'
import type { Quota } from '../types.ts'
import { present, quotaFromHeaders, type QuotaNames } from './common.ts'
import { isDiscord, parseDiscord } from './discord.ts'

const BASE: QuotaNames = {
  limit: 'x-ratelimit-limit',
  remaining: 'x-ratelimit-remaining',
  used: 'x-ratelimit-used',
  reset: 'x-ratelimit-reset',
}

/** Which vendor an `x-ratelimit-*` set belongs to. */
export type XRateLimitVendor = 'github' | 'discord' | 'reddit' | 'jira' | 'generic'

/** Decides the vendor from companion headers; undefined when no `x-ratelimit-*` base header is present. */
function classifyXRateLimit(ctx: ParseContext): XRateLimitVendor | undefined {
  const h = ctx.headers
  if (!Object.values(BASE).some((n) => h.has(n))) return undefined
  if (isDiscord(ctx)) return 'discord'
  // GitHub always sends resource and used; Reddit sends used but never a limit.
  if (h.has('x-ratelimit-resource') || (h.has('x-ratelimit-used') && h.has('x-ratelimit-limit'))) return 'github'
  if (h.has('x-ratelimit-used') && !h.has('x-ratelimit-limit')) return 'reddit'
  const reset = h.has('x-ratelimit-reset') ? h.get('x-ratelimit-reset') : undefined
  if (h.has('x-ratelimit-nearlimit') || (reset && parseIsoDate(reset.value))) return 'jira'
  return 'generic'
}

/** GitHub, Reddit, Jira, Discord or an unknown vendor using the common `x-ratelimit-*` names. */
export function parseXRateLimit(ctx: ParseContext): Quota[] {
  const h = ctx.headers
  switch (classifyXRateLimit(ctx)) {
    case undefined:
      return []
    case 'discord':
      return parseDiscord(ctx)
    case 'github': {
      const res = h.get('x-ratelimit-resource')
      return present([
        quotaFromHeaders(ctx, 'github', res?.value || 'core', BASE, 'epoch-seconds', {
          resource: res ? { value: res.value, header: res.name } : undefined,
        }),
      ])
    }
    case 'reddit':
      // Reddit's remaining is a float ("599.0") and its reset counts seconds from now.
      return present([quotaFromHeaders(ctx, 'reddit', 'requests', BASE, 'delay-seconds', { deriveLimit: true })])
    case 'jira': {
      const near = h.get('x-ratelimit-nearlimit')
      return present([
        quotaFromHeaders(ctx, 'jira', 'requests', BASE, 'rfc3339', { sources: near ? { nearLimit: near.name } : {} }),
      ])
    }
    case 'generic':
      return present([quotaFromHeaders(ctx, 'generic', 'requests', BASE, 'auto')])
  }
}
