/**
 * Retry-After (RFC 9110 §10.2.3): delay seconds or an HTTP-date in any of its three forms, and OpenAI's
 * `retry-after-ms`. Clients try a number first, then a date.
 */
import type { HeaderField, ParseContext } from './context.ts'
import { parseHttpDate, safeDate } from './dates.ts'
import { parseDecimal } from './numbers.ts'
import { tidy } from './reset.ts'
import { formatDuration } from '@/shared/core/format'
import type { RateLimitReport } from './types.ts'

type RetryAfter = NonNullable<RateLimitReport['retryAfter']>

/** A delay counts from when the response was sent (its `Date` header, else now). */
function fromDelayMs(ctx: ParseContext, raw: number, header: string, from = ctx.responseAtMs): RetryAfter | undefined {
  const ms = tidy(raw)
  const at = safeDate(from + ms)
  return at ? { seconds: ms / 1000, at, header } : undefined
}

function invalid(ctx: ParseContext, field: HeaderField, why: string): undefined {
  ctx.warn({ code: 'invalid-retry-after', header: field.name, line: field.line, message: `${field.name}: "${field.value}" ${why}; ignored.` })
  return undefined
}

function readMs(ctx: ParseContext, field: HeaderField): RetryAfter | undefined {
  const n = parseDecimal(field.value)
  if (n === undefined) return invalid(ctx, field, 'is not a number of milliseconds')
  if (n < 0) {
    ctx.warn({ code: 'negative', header: field.name, line: field.line, message: `${field.name}: ${field.value} is negative; ignored.` })
    return undefined
  }
  return fromDelayMs(ctx, n, field.name) ?? invalid(ctx, field, 'is too large')
}

function readRetryAfterField(ctx: ParseContext, field: HeaderField): RetryAfter | undefined {
  const where = { header: field.name, line: field.line }
  // Shopify sends floats ("2.0"), so decimals are accepted although RFC 9110 only has digits.
  const n = parseDecimal(field.value)
  if (n !== undefined) {
    if (n < 0) {
      ctx.warn({ code: 'negative', ...where, message: `${field.name}: ${field.value} seconds is negative; ignored.` })
      return undefined
    }
    const delay = fromDelayMs(ctx, n * 1000, field.name)
    if (delay && delay.at.getTime() < ctx.nowMs) passed(ctx, field, delay.at.getTime())
    return delay ?? invalid(ctx, field, 'is too large')
  }
  const date = parseHttpDate(field.value, ctx.nowMs)
  if (date === undefined) return invalid(ctx, field, 'is neither delay seconds nor an HTTP-date')
  // An HTTP-date names a moment (on the server's clock, moved by real skew only): counted from now.
  const at = date - ctx.clockOffsetMs
  if (at < ctx.nowMs) passed(ctx, field, at)
  return fromDelayMs(ctx, Math.max(0, at - ctx.nowMs), field.name, ctx.nowMs) ?? invalid(ctx, field, 'is out of range')
}

function passed(ctx: ParseContext, field: HeaderField, atMs: number): void {
  ctx.warn({
    code: 'retry-after-passed',
    header: field.name,
    line: field.line,
    message: `${field.name}: ${field.value} has passed (${formatDuration(ctx.nowMs - atMs)} ago); retrying now is allowed.`,
  })
}

/** Reads `retry-after-ms` (preferred, more precise) or `retry-after`; undefined when neither is usable. */
export function readRetryAfter(ctx: ParseContext): RetryAfter | undefined {
  const ms = ctx.headers.get('retry-after-ms')
  const fromMs = ms ? readMs(ctx, ms) : undefined
  if (fromMs) return fromMs
  const ra = ctx.headers.get('retry-after')
  return ra ? readRetryAfterField(ctx, ra) : undefined
}
