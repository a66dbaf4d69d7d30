/**
 * Strict numeric reading of header values, with the bad-input warnings the issue asks for.
 */
import type { HeaderField, ParseContext } from './context.ts'

/** A number read from a header (or from part of a structured header). */
export interface Reading {
  value: number
  /** Header name as pasted. */
  header: string
  line?: number
}

// Plain decimal only: `Number()` would also accept '', '0x10', '1e3' and 'Infinity', none of which a server means.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/

/** Parses a plain decimal number; undefined for anything else or a non-finite result. */
export function parseDecimal(text: string): number | undefined {
  const t = text.trim()
  if (!DECIMAL.test(t)) return undefined
  const n = Number(t)
  return Number.isFinite(n) ? n : undefined
}

/** Options of {@link readCount}. */
export interface ReadCountOptions {
  /** What the value means, for messages ("limit", "remaining"…). */
  what: string
  /**
   * Accept -1 as "not applicable" (Azure OpenAI) with an `unlimited` warning instead of `negative`.
   * @default true
   */
  minusOneMeansUnlimited?: boolean
}

/**
 * Reads a non-negative count from a header. Non-numeric and negative values give a specific warning and
 * undefined, so no NaN or nonsense reaches the report.
 */
export function readCount(ctx: ParseContext, field: HeaderField | undefined, opts: ReadCountOptions): Reading | undefined {
  if (!field) return undefined
  return checkCount(ctx, parseDecimal(field.value), field.value, { header: field.name, line: field.line }, opts)
}

/** Same checks as {@link readCount} for a number already extracted from part of a header. */
export function checkCount(
  ctx: ParseContext,
  n: number | undefined,
  raw: string,
  where: { header: string; line?: number },
  opts: ReadCountOptions,
): Reading | undefined {
  if (n === undefined) {
    ctx.warn({
      code: 'non-numeric',
      ...where,
      message: `${where.header}: "${raw}" is not a number, so the ${opts.what} is unknown.`,
    })
    return undefined
  }
  if (n < 0) {
    if (n === -1 && opts.minusOneMeansUnlimited !== false) {
      ctx.warn({
        code: 'unlimited',
        ...where,
        message: `${where.header}: -1 usually means "no limit applies" (Azure OpenAI sends it); the ${opts.what} was ignored.`,
      })
    } else {
      ctx.warn({
        code: 'negative',
        ...where,
        message: `${where.header}: ${raw} is negative, which no ${opts.what} can be; ignored.`,
      })
    }
    return undefined
  }
  const reading: Reading = { value: n, header: where.header }
  if ('line' in where) reading.line = where.line
  return reading
}
