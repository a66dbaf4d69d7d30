/**
 * GitLab: `RateLimit-*` names like the IETF draft, but RateLimit-Reset is a Unix time. Recognised by
 * RateLimit-Observed or RateLimit-ResetTime, which the draft never had.
 */
import type { ParseContext } from '../context.ts'
import type { Quota } from '../types.ts'
import { present, quotaFromHeaders } from './common.ts'

/** True when the `RateLimit-*` headers are GitLab's rather than the IETF draft's. */
export function isGitLab(ctx: ParseContext): boolean {
  return ctx.headers.has('ratelimit-observed') || ctx.headers.has('ratelimit-resettime')
}

/** Parses GitLab's throttle headers; RateLimit-ResetTime (an HTTP-date) is used when RateLimit-Reset is absent. */
export function parseGitLab(ctx: ParseContext): Quota[] {
  if (!isGitLab(ctx)) return []
  const h = ctx.headers
  const name = h.get('ratelimit-name')
  const useResetTime = !h.has('ratelimit-reset')
  const resetTime = h.get('ratelimit-resettime')
  return present([
    quotaFromHeaders(
      ctx,
      'gitlab',
      name?.value || 'requests',
      {
        limit: 'ratelimit-limit',
        remaining: 'ratelimit-remaining',
        used: 'ratelimit-observed',
        reset: useResetTime ? 'ratelimit-resettime' : 'ratelimit-reset',
      },
      useResetTime ? 'http-date' : 'epoch-seconds',
      { sources: { ...(name ? { policy: name.name } : {}), ...(resetTime && !useResetTime ? { resetTime: resetTime.name } : {}) } },
    ),
  ])
}
