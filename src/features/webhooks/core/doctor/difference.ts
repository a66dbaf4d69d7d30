/** Where two signature values differ, for marking it in the doctor's expected-vs-received view. */

/** Two strings split into the common start, the differing middles and the common end. */
export interface TextDifference {
  /** Shared by both, from the start. */
  prefix: string
  /** The differing part of the first string (may be empty). */
  first: string
  /** The differing part of the second string (may be empty). */
  second: string
  /** Shared by both, at the end (never overlapping the prefix). */
  suffix: string
  /** 1-based position of the first differing character, or `null` when the strings are equal. */
  from: number | null
}

/** Splits `a` and `b` at their longest common prefix and suffix. */
export function textDifference(a: string, b: string): TextDifference {
  let start = 0
  const limit = Math.min(a.length, b.length)
  while (start < limit && a[start] === b[start]) start++
  let end = 0
  while (end < limit - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++
  return {
    prefix: a.slice(0, start),
    first: a.slice(start, a.length - end),
    second: b.slice(start, b.length - end),
    suffix: a.slice(a.length - end),
    from: a === b ? null : start + 1,
  }
}

/**
 * A request as raw HTTP text with LF line ends (what the doctor's paste field shows): request line,
 * headers, a blank line, the body unchanged.
 */
export function formatRawRequest(request: { method?: string; path?: string; headers: Record<string, string> | [string, string][]; body: string }): string {
  const pairs = Array.isArray(request.headers) ? request.headers : Object.entries(request.headers)
  const head = [`${request.method ?? 'POST'} ${request.path ?? '/'} HTTP/1.1`, ...pairs.map(([n, v]) => `${n}: ${v}`)]
  return `${head.join('\n')}\n\n${request.body}`
}
