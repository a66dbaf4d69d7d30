/**
 * A depth guard for recursive parsers and walkers. graphql-js parses, prints, visits
 * and validates recursively, and so do our JSON walkers: a 75-character share link holding
 * `{a{a{a…}}}` nested ~2,000 levels threw `RangeError: Maximum call stack size exceeded` and took
 * the GraphQL tester down. This one linear pass finds where text first nests deeper than a limit,
 * skipping brackets inside strings (and GraphQL comments), so callers refuse it with a located
 * message before recursing.
 */

/** Nesting no real query, schema or variables JSON reaches, and far below any engine's stack. @default 200 */
export const MAX_NESTING = 200

/** Where text first nests deeper than the limit. */
export interface ExcessNesting {
  /** Offset of the bracket that opens level `limit + 1`. */
  offset: number
  /** The limit that was exceeded. */
  limit: number
}

/**
 * Finds the first bracket (`{`, `[` or `(`) that opens a level deeper than `limit`.
 *
 * @param text - GraphQL or JSON text (possibly invalid: the scan never throws).
 * @param syntax - `graphql` also skips `#` comments and `"""block strings"""`.
 * @param limit - the deepest level allowed. @default {@link MAX_NESTING}
 * @returns undefined when the text stays within the limit.
 */
export function findExcessNesting(text: string, syntax: 'graphql' | 'json', limit: number = MAX_NESTING): ExcessNesting | undefined {
  let depth = 0
  let i = 0
  const n = text.length
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === 0x22 /* " */) {
      if (syntax === 'graphql' && text.startsWith('"""', i)) {
        const end = blockStringEnd(text, i + 3)
        i = end
        continue
      }
      i = stringEnd(text, i + 1)
      continue
    }
    if (c === 0x23 /* # */ && syntax === 'graphql') {
      while (i < n && text.charCodeAt(i) !== 0x0a && text.charCodeAt(i) !== 0x0d) i++
      continue
    }
    if (c === 0x7b || c === 0x5b || c === 0x28) {
      depth++
      if (depth > limit) return { offset: i, limit }
    } else if (c === 0x7d || c === 0x5d || c === 0x29) {
      if (depth > 0) depth--
    }
    i++
  }
  return undefined
}

/** Index after the closing quote of a one-line string whose body starts at `i` (or the line's end). */
function stringEnd(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i)
    if (c === 0x5c /* \ */) i += 2
    else if (c === 0x22) return i + 1
    else if (c === 0x0a || c === 0x0d) return i
    else i++
  }
  return i
}

/** Index after the closing `"""` of a GraphQL block string whose body starts at `i` (or the text's end). */
function blockStringEnd(text: string, i: number): number {
  while (i < text.length) {
    if (text.startsWith('\\"""', i)) i += 4
    else if (text.startsWith('"""', i)) return i + 3
    else i++
  }
  return i
}

/** The sentence for the user: what was refused, where and why. */
export function excessNestingMessage(what: string, excess: ExcessNesting): string {
  return `${what} nests deeper than ${excess.limit} levels here; the page stops reading it so it stays responsive. Flatten it or check where it came from.`
}

/**
 * Whether a parsed value (objects and arrays) nests deeper than `limit`, measured without
 * recursion. For values that arrive already parsed, e.g. an introspection result whose `ofType`
 * chain a hostile server nested thousands of levels: graphql-js's `buildClientSchema` follows it
 * recursively and would overflow the stack.
 *
 * @param value - any value; primitives have depth 0.
 * @param limit - the deepest level allowed. @default {@link MAX_NESTING}
 */
export function nestsDeeperThan(value: unknown, limit: number = MAX_NESTING): boolean {
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number]
    if (item === null || typeof item !== 'object') continue
    if (depth + 1 > limit) return true
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1])
  }
  return false
}
