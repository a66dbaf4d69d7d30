/**
 * Turns a reset value into an absolute time and a countdown, honouring the family's documented form and
 * falling back to a magnitude guess only when the value plainly does not fit that form (and saying so).
 */
import type { HeaderField, ParseContext } from './context.ts'
import { parseHttpDate, parseIsoDate, parseJsDateString, safeDate } from './dates.ts'
import { parseGoDuration } from './duration.ts'
import { parseDecimal } from './numbers.ts'
import { formatDuration } from '@/shared/core/format'

/** How a family documents its reset value. `auto` means undocumented: guess by magnitude. */
export type ResetForm =
  | 'epoch-seconds'
  | 'epoch-ms'
  | 'delay-seconds'
  | 'delay-ms'
  | 'go-duration'
  | 'rfc3339'
  | 'http-date'
  | 'auto'

/** A resolved reset. */
export interface ResetReading {
  resetAt: Date
  resetInMs: number
  /** Header name as pasted. */
  header: string
  /** The form actually used (differs from the documented one when guessed). */
  form: Exclude<ResetForm, 'auto'>
}

/** Values at or above this are read as epoch milliseconds when guessing (≈ 2001-09-09 in ms). */
const EPOCH_MS_THRESHOLD = 1e12
/** Values at or above this are read as epoch seconds when guessing (≈ 2001-09-09 in s). */
const EPOCH_SECONDS_THRESHOLD = 1e9

const FORM_WORDS: Record<Exclude<ResetForm, 'auto'>, string> = {
  'epoch-seconds': 'a Unix time in seconds',
  'epoch-ms': 'a Unix time in milliseconds',
  'delay-seconds': 'seconds from now',
  'delay-ms': 'milliseconds from now',
  'go-duration': 'a duration',
  rfc3339: 'an RFC 3339 date',
  'http-date': 'an HTTP-date',
}

function byMagnitude(n: number): 'epoch-ms' | 'epoch-seconds' | 'delay-seconds' {
  if (n >= EPOCH_MS_THRESHOLD) return 'epoch-ms'
  if (n >= EPOCH_SECONDS_THRESHOLD) return 'epoch-seconds'
  return 'delay-seconds'
}

/** Whether a number fits the documented numeric form well enough to trust it without a guess. */
function fits(form: ResetForm, n: number): boolean {
  switch (form) {
    case 'epoch-seconds':
      return n >= EPOCH_SECONDS_THRESHOLD && n < EPOCH_MS_THRESHOLD
    case 'epoch-ms':
      return n >= EPOCH_MS_THRESHOLD
    case 'delay-seconds':
    case 'delay-ms':
      return n < EPOCH_SECONDS_THRESHOLD
    default:
      return false
  }
}

/**
 * Rounds to the microsecond: decimal seconds such as 64.57 become 64569.99999999999 ms in binary floating point,
 * which would show as a flickering countdown and break equality; Go's nanoseconds keep their ms fraction.
 */
export function tidy(ms: number): number {
  const r = Math.round(ms * 1000) / 1000
  return Number.isFinite(r) ? r : ms
}

/**
 * Converts an absolute server-clock time into a reading: the moment it names (moved by real clock skew only, see
 * {@link ParseContext.clockOffsetMs}), counted from now, so an old paste's reset shows as passed.
 */
function fromAbsolute(ctx: ParseContext, absMs: number): { resetAt: Date; resetInMs: number } | undefined {
  const at = absMs - ctx.clockOffsetMs
  const resetAt = safeDate(at)
  const resetInMs = tidy(at - ctx.nowMs)
  return resetAt && Number.isFinite(resetInMs) ? { resetAt, resetInMs } : undefined
}

/** Relative values count from when the response was sent (its `Date` header, else now). */
function fromDelay(ctx: ParseContext, raw: number): { resetAt: Date; resetInMs: number } | undefined {
  const resetAt = safeDate(ctx.responseAtMs + raw)
  return resetAt ? { resetAt, resetInMs: tidy(ctx.responseAtMs + raw - ctx.nowMs) } : undefined
}

function numeric(ctx: ParseContext, n: number, form: Exclude<ResetForm, 'auto' | 'go-duration' | 'rfc3339' | 'http-date'>) {
  switch (form) {
    case 'epoch-seconds':
      return fromAbsolute(ctx, n * 1000)
    case 'epoch-ms':
      return fromAbsolute(ctx, n)
    case 'delay-seconds':
      return fromDelay(ctx, n * 1000)
    case 'delay-ms':
      return fromDelay(ctx, n)
  }
}

/** Tries every textual date form; used for documented date forms and as a fallback. */
function textual(ctx: ParseContext, field: HeaderField): { abs: number; form: 'rfc3339' | 'http-date'; assumedUtc: boolean } | undefined {
  const iso = parseIsoDate(field.value)
  if (iso) return { abs: iso.ms, form: 'rfc3339', assumedUtc: iso.assumedUtc }
  const http = parseHttpDate(field.value, ctx.nowMs) ?? parseJsDateString(field.value)
  if (http !== undefined) return { abs: http, form: 'http-date', assumedUtc: false }
  return undefined
}

/**
 * Resolves a numeric reset (from a whole header or a structured-field parameter such as IETF `t`).
 * @param raw The text as pasted, for messages.
 */
export function resetFromNumber(
  ctx: ParseContext,
  n: number,
  raw: string,
  form: ResetForm,
  where: { header: string; line?: number },
): ResetReading | undefined {
  if (!Number.isFinite(n) || n < 0) {
    ctx.warn({ code: 'negative', ...where, message: `${where.header}: reset ${raw} is negative; ignored.` })
    return undefined
  }
  let used: Exclude<ResetForm, 'auto'>
  if (form === 'go-duration' && n === 0) {
    used = 'go-duration'
  } else if (fits(form, n)) {
    used = form as typeof used
  } else {
    used = byMagnitude(n)
    const documented = form === 'auto' ? 'not documented' : `documented as ${FORM_WORDS[form]}`
    ctx.warn({
      code: 'reset-guessed',
      ...where,
      message: `${where.header}: the reset form is ${documented}; ${raw} was read as ${FORM_WORDS[used]} from its magnitude (an assumption).`,
    })
  }
  const result = used === 'go-duration' ? fromDelay(ctx, 0) : numeric(ctx, n, used as 'epoch-seconds')
  return finish(ctx, result, raw, used, where)
}

function finish(
  ctx: ParseContext,
  result: { resetAt: Date; resetInMs: number } | undefined,
  raw: string,
  form: Exclude<ResetForm, 'auto'>,
  where: { header: string; line?: number },
): ResetReading | undefined {
  if (!result) {
    ctx.warn({ code: 'invalid-reset', ...where, message: `${where.header}: "${raw}" is out of the range of dates; the reset is unknown.` })
    return undefined
  }
  if (result.resetInMs < 0) {
    ctx.warn({
      code: 'reset-passed',
      ...where,
      message: `${where.header}: the reset time ${result.resetAt.toISOString()} has passed (${formatDuration(-result.resetInMs)} ago); the quota has likely been refilled since.`,
    })
  }
  return { resetAt: result.resetAt, resetInMs: result.resetInMs, header: where.header, form }
}

/**
 * Resolves a reset header.
 * @param form The family's documented form; `auto` guesses by magnitude (≥ 1e12 epoch ms, ≥ 1e9 epoch s, else
 *   seconds from now) and always warns that it did.
 * @returns undefined (with an `invalid-reset` or `negative` warning) when the value cannot be read.
 */
export function readReset(ctx: ParseContext, field: HeaderField | undefined, form: ResetForm): ResetReading | undefined {
  if (!field) return undefined
  const where = { header: field.name, line: field.line }
  const n = parseDecimal(field.value)
  if (n !== undefined) return resetFromNumber(ctx, n, field.value, form, where)

  const go = form === 'go-duration' || form === 'auto' ? parseGoDuration(field.value) : undefined
  if (go !== undefined) {
    if (go < 0) {
      ctx.warn({ code: 'negative', ...where, message: `${field.name}: reset ${field.value} is negative; ignored.` })
      return undefined
    }
    return finish(ctx, fromDelay(ctx, go), field.value, 'go-duration', where)
  }
  const date = textual(ctx, field)
  if (!date) {
    ctx.warn({
      code: 'invalid-reset',
      ...where,
      message: `${field.name}: "${field.value}" is not ${form === 'auto' ? 'a reset time or duration' : FORM_WORDS[form]}; the reset is unknown.`,
    })
    return undefined
  }
  // Both textual forms are absolute dates, so reading one where the other was documented is no real guess.
  const dateDocumented = form === 'rfc3339' || form === 'http-date' || form === 'auto'
  if (!dateDocumented) {
    ctx.warn({
      code: 'reset-guessed',
      ...where,
      message: `${field.name}: documented as ${FORM_WORDS[form]} but "${field.value}" is a date; read as a date.`,
    })
  }
  if (date.assumedUtc) {
    ctx.warn({
      code: 'reset-timezone-assumed',
      ...where,
      message: `${field.name}: "${field.value}" has no time zone; UTC was assumed.`,
    })
  }
  return finish(ctx, fromAbsolute(ctx, date.abs), field.value, date.form, where)
}
