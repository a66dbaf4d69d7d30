/**
 * JSON numbers that JavaScript cannot hold exactly: `1e999` parses to Infinity and
 * re-serializes as `null`; integers above 2^53 (common for IDs) are rounded. Whoever re-serializes
 * parsed JSON must know, so it can send the text as typed instead.
 */

/** A number token of JSON text that `JSON.parse` would change. */
export interface LossyNumber {
  /** The number as written. */
  text: string
  /** Offset of its first character. */
  offset: number
  /** `overflow`: beyond ±1.8e308 (becomes Infinity, then null); `unsafe-integer`: an integer above 2^53 (rounded). */
  reason: 'overflow' | 'unsafe-integer'
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:e[+-]?\d+)?/iy

/**
 * Lists the numbers in JSON text that would not survive `JSON.parse` → `JSON.stringify` (one linear
 * pass; strings are skipped; invalid JSON is scanned as far as it goes).
 */
export function lossyNumbers(text: string): LossyNumber[] {
  const found: LossyNumber[] = []
  let i = 0
  while (i < text.length) {
    const c = text.charCodeAt(i)
    if (c === 0x22) {
      i++
      while (i < text.length && text.charCodeAt(i) !== 0x22) i += text.charCodeAt(i) === 0x5c ? 2 : 1
      i++
      continue
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      NUMBER.lastIndex = i
      const match = NUMBER.exec(text)
      const token = match?.[0] ?? text.charAt(i)
      const value = Number(token)
      if (match && !Number.isFinite(value)) found.push({ text: token, offset: i, reason: 'overflow' })
      else if (match && /^-?\d+$/.test(token) && !Number.isSafeInteger(value)) found.push({ text: token, offset: i, reason: 'unsafe-integer' })
      i += token.length
      continue
    }
    i++
  }
  return found
}
