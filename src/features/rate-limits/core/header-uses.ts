/**
 * Which pasted header fed which quota, per header. The header table marks the recognised rows and counts them;
 * for a paste of 16,667 quotas that means indexing 50,000 header names, about 100 ms on the page at CPU ×2
 * (each name is hashed fresh when it arrives from the worker). The worker computes this with the report and
 * sends it as one typed array, so the page only reads it.
 */
import type { PastedHeader, Quota } from './types.ts'

/** Value of {@link HeaderUses.first} for Retry-After. */
export const USED_FOR_RETRY_AFTER = -1
/** Value of {@link HeaderUses.first} for a header that fed nothing. */
export const NOT_USED = -2

/** Which header fed which quota, by the headers' places in the paste. */
export interface HeaderUses {
  /**
   * Per header in paste order: the index of the first quota it fed, {@link USED_FOR_RETRY_AFTER} when it fed
   * Retry-After only, {@link NOT_USED} when it fed nothing. Header names match case-insensitively.
   */
  first: Int32Array
  /** Headers (by their place) that fed more than one quota, or a quota and Retry-After: every quota index in order, -1 (Retry-After) last. */
  more: Map<number, number[]>
  /** How many headers fed a quota or Retry-After. */
  recognised: number
}

/**
 * Which of `headers` fed which of `quotas` (a quota's `sources` name its headers) or Retry-After (`retryAfterHeader`).
 * @param headers - The report's headers.
 * @param quotas - The report's quotas.
 * @param retryAfterHeader - The header Retry-After was read from, if any.
 */
export function headerUsesOf(headers: readonly PastedHeader[], quotas: readonly Quota[], retryAfterHeader?: string): HeaderUses {
  // Lower-case header name → the quotas it fed (an index, or the indices in order when several).
  const byName = new Map<string, number | number[]>()
  const add = (header: string, index: number) => {
    const key = header.toLowerCase()
    const seen = byName.get(key)
    if (seen === undefined) byName.set(key, index)
    else if (typeof seen === 'number') {
      if (seen !== index) byName.set(key, [seen, index])
    } else if (seen[seen.length - 1] !== index) seen.push(index)
  }
  for (let index = 0; index < quotas.length; index++) {
    const sources = quotas[index]?.sources ?? {}
    for (const field of Object.keys(sources)) {
      const header = sources[field]
      if (header) add(header, index)
    }
  }
  if (retryAfterHeader) add(retryAfterHeader, USED_FOR_RETRY_AFTER)
  const first = new Int32Array(headers.length)
  const more = new Map<number, number[]>()
  let recognised = 0
  for (let at = 0; at < headers.length; at++) {
    const seen = byName.get(headers[at]?.name.toLowerCase() ?? '')
    if (seen === undefined) {
      first[at] = NOT_USED
      continue
    }
    recognised++
    if (typeof seen === 'number') first[at] = seen
    else {
      first[at] = seen[0] ?? NOT_USED
      more.set(at, [...seen])
    }
  }
  return { first, more, recognised }
}

/** The quotas (indices; -1 for Retry-After) the header at `at` fed, in order; none when it fed nothing. */
export function usesAt(uses: HeaderUses, at: number): number[] {
  const first = uses.first[at]
  if (first === undefined || first === NOT_USED) return []
  return uses.more.get(at) ?? [first]
}
