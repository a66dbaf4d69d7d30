/**
 * Discord: `X-RateLimit-*` plus Reset-After (seconds from now, with decimals), Bucket, Scope and Global.
 */
import type { ParseContext } from '../context.ts'
import type { Quota } from '../types.ts'
import { present, quotaFromHeaders } from './common.ts'

const MARKERS = ['x-ratelimit-reset-after', 'x-ratelimit-bucket', 'x-ratelimit-scope', 'x-ratelimit-global']

/** Discord is the only vendor sending these companions of `x-ratelimit-*`. */
export function isDiscord(ctx: ParseContext): boolean {
  return MARKERS.some((n) => ctx.headers.has(n))
}

/** Parses Discord's per-route bucket. Reset-After is preferred over Reset: being relative, it needs no clock. */
export function parseDiscord(ctx: ParseContext): Quota[] {
  const h = ctx.headers
  const bucket = h.get('x-ratelimit-bucket')
  const scope = h.get('x-ratelimit-scope')
  const global = h.get('x-ratelimit-global')
  const isGlobal = global?.value.toLowerCase() === 'true'
  const afterKnown = h.has('x-ratelimit-reset-after')
  const sources: Record<string, string> = {}
  if (scope) sources.scope = scope.name
  if (global) sources.global = global.name
  // Reset-After wins, but the absolute Reset is still recorded as read so it is not reported as unrecognised.
  const absolute = afterKnown ? h.get('x-ratelimit-reset') : undefined
  if (absolute) sources.resetTimestamp = absolute.name
  const label = isGlobal ? 'global' : scope?.value ? `${scope.value} scope` : 'route'
  return present([
    quotaFromHeaders(
      ctx,
      'discord',
      label,
      {
        limit: 'x-ratelimit-limit',
        remaining: 'x-ratelimit-remaining',
        reset: afterKnown ? 'x-ratelimit-reset-after' : 'x-ratelimit-reset',
      },
      afterKnown ? 'delay-seconds' : 'epoch-seconds',
      { resource: bucket ? { value: bucket.value, header: bucket.name } : undefined, sources },
    ),
  ])
}
