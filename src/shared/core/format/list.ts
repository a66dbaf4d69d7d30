/** Lists and counted nouns in words. */

import { lazy } from '../lazy'

/**
 * Joins names the English way, without the serial comma: "", "a", "a and b", "a, b and c".
 *
 * @param names - already in the order to say them.
 */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

// Built on first use: the first Intl object costs every page that loads this module (see lazy.ts).
const count = lazy(() => new Intl.NumberFormat('en-US'))

/**
 * A count with digit grouping: "1,204". One shared formatter: `n.toLocaleString('en-US')` builds a
 * new one on every call (about 50 times slower; the JSON tree calls this for every row it draws).
 *
 * @param n - the count.
 */
export function formatCount(n: number): string {
  return count().format(n)
}

/**
 * A count with its noun, singular only for exactly 1: "1 line", "0 lines", "1,204 requests".
 *
 * @param n - the count.
 * @param singular - the noun for one, e.g. "line".
 * @param plural - the noun for any other count. @default `${singular}s`
 */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`
}
