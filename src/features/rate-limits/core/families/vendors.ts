/**
 * Families whose names are vendor-specific and whose shape is simple: OpenAI, Anthropic, Linear, X (and Okta),
 * Sentry, HubSpot.
 */
import type { ParseContext } from '../context.ts'
import type { Quota } from '../types.ts'
import { groupByLabel, impliedWindow, present, quotaFromHeaders } from './common.ts'
import { readCount } from '../numbers.ts'

/** OpenAI (and Groq, …): `x-ratelimit-{limit,remaining,reset}-{requests,tokens}`, resets as Go durations. */
export function parseOpenAi(ctx: ParseContext): Quota[] {
  const groups = groupByLabel(ctx, /^x-ratelimit-(?<field>limit|remaining|reset)-(?<label>[a-z0-9-]+)$/)
  return present(
    [...groups]
      // A lone reset is not a quota, and Discord's `x-ratelimit-reset-after` also matches the pattern.
      .filter(([label, names]) => label !== 'after' && (names.limit || names.remaining))
      .map(([label, names]) =>
      quotaFromHeaders(ctx, 'openai', label, names, 'go-duration', label.includes('token') ? { unit: 'tokens' } : {}),
    ),
  )
}

/** Anthropic: `anthropic-ratelimit-{requests,tokens,input-tokens,output-tokens}-{limit,remaining,reset}`, RFC 3339 resets. */
export function parseAnthropic(ctx: ParseContext): Quota[] {
  const groups = groupByLabel(ctx, /^anthropic-ratelimit-(?<label>[a-z0-9-]+)-(?<field>limit|remaining|reset)$/)
  return present(
    [...groups].map(([label, names]) =>
      quotaFromHeaders(ctx, 'anthropic', label, names, 'rfc3339', label.includes('token') ? { unit: 'tokens' } : {}),
    ),
  )
}

/**
 * Linear: `X-RateLimit-Requests-*` and `X-RateLimit-Complexity-*`. The reset is only believed to be epoch
 * milliseconds, so it is read by magnitude and the assumption is reported.
 */
export function parseLinear(ctx: ParseContext): Quota[] {
  const groups = groupByLabel(ctx, /^x-ratelimit-(?<label>[a-z0-9-]+?)-(?<field>limit|remaining|reset)$/)
  return present(
    [...groups]
      // `reset-after` etc. are Discord's; only a label that is not itself a field name counts.
      .filter(([label]) => !['limit', 'remaining', 'reset', 'used'].includes(label))
      .map(([label, names]) => quotaFromHeaders(ctx, 'linear', label, names, 'auto', label === 'complexity' ? { unit: 'complexity points' } : {})),
  )
}

/** X (Twitter) v2 and Okta: `x-rate-limit-*` (Unix seconds) plus X's 24-hour app and user limits. */
export function parseX(ctx: ParseContext): Quota[] {
  const h = ctx.headers
  const quotas: (Quota | undefined)[] = []
  if (h.has('x-rate-limit-limit') || h.has('x-rate-limit-reset') || (h.has('x-rate-limit-remaining') && !h.has('x-rate-limit'))) {
    quotas.push(
      quotaFromHeaders(
        ctx,
        'x',
        'endpoint',
        { limit: 'x-rate-limit-limit', remaining: 'x-rate-limit-remaining', reset: 'x-rate-limit-reset' },
        'epoch-seconds',
      ),
    )
  }
  for (const who of ['app', 'user'] as const) {
    const prefix = `x-${who}-limit-24hour-`
    if (!['limit', 'remaining', 'reset'].some((f) => h.has(prefix + f))) continue
    quotas.push(
      quotaFromHeaders(
        ctx,
        'x',
        `${who} 24-hour`,
        { limit: `${prefix}limit`, remaining: `${prefix}remaining`, reset: `${prefix}reset` },
        'epoch-seconds',
        { window: impliedWindow(ctx, `${prefix}limit`, 86_400) },
      ),
    )
  }
  return present(quotas)
}

/** Sentry: `X-Sentry-Rate-Limit-*` (Unix-seconds reset) and the concurrent-request limit. */
export function parseSentry(ctx: ParseContext): Quota[] {
  const p = 'x-sentry-rate-limit-'
  return present([
    quotaFromHeaders(ctx, 'sentry', 'requests', { limit: `${p}limit`, remaining: `${p}remaining`, reset: `${p}reset` }, 'epoch-seconds'),
    quotaFromHeaders(ctx, 'sentry', 'concurrent', { limit: `${p}concurrentlimit`, remaining: `${p}concurrentremaining` }, 'auto', {
      unit: 'concurrent requests',
    }),
  ])
}

/** HubSpot: daily, per-interval and per-second limits; no reset header, the window comes from interval-milliseconds. */
export function parseHubSpot(ctx: ParseContext): Quota[] {
  const p = 'x-hubspot-ratelimit-'
  const h = ctx.headers
  const interval = readCount(ctx, h.get(`${p}interval-milliseconds`), { what: 'interval' })
  const window = interval ? { ...interval, value: interval.value / 1000 } : undefined
  return present([
    quotaFromHeaders(ctx, 'hubspot', 'daily', { limit: `${p}daily`, remaining: `${p}daily-remaining` }, 'auto', {
      window: impliedWindow(ctx, `${p}daily`, 86_400),
    }),
    quotaFromHeaders(ctx, 'hubspot', 'interval', { limit: `${p}max`, remaining: `${p}remaining` }, 'auto', { window }),
    quotaFromHeaders(ctx, 'hubspot', 'secondly', { limit: `${p}secondly`, remaining: `${p}secondly-remaining` }, 'auto', {
      window: impliedWindow(ctx, `${p}secondly`, 1),
    }),
  ])
}
