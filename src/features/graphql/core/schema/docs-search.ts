/**
 * Search of the docs explorer's index (built by `docsModel` in docs.ts): by name, case-insensitively, ranked, and
 * narrowed as the user types one more letter.
 */
import type { DocsHitKind, DocsIndex, DocsSearchHit, SearchEntry } from './docs'

/** Ranks of match quality; lower is better. */
const EXACT = 0
const PREFIX = 1
const WORD = 2
const SUBSTRING = 3
const KIND_ORDER: Record<DocsHitKind, number> = { type: 0, field: 1, 'input-field': 2, 'enum-value': 3, argument: 4 }

/**
 * Finds types, fields, arguments and enum values by name, case-insensitively. Ranking: exact
 * name, then prefix, then a word inside the name (`owner` finds `repositoryOwner`), then any
 * substring; ties go to types before fields before arguments, non-deprecated first, then shorter
 * and alphabetical names. `Type.field` narrows to fields of types whose name starts with `Type`.
 *
 * @param index - from `docsModel` (docs.ts).
 * @param query - what the user typed; blank gives no hits.
 * @param limit - maximum number of hits. @default 50
 */
export function searchSchema(index: DocsIndex, query: string, limit = 50): DocsSearchHit[] {
  return docsSearcher(index)(query, limit)
}

/**
 * {@link searchSchema} for one index as the user types: when the query extends the previous one
 * (one more letter), only the previous query's matches are scanned, since a name that contains
 * `pullr` contains `pull`; any other change scans the whole index again. Same hits, same order.
 *
 * @param index - from `docsModel` (docs.ts).
 * @returns the search: `(query, limit = 50) => hits`.
 */
export function docsSearcher(index: DocsIndex): (query: string, limit?: number) => DocsSearchHit[] {
  let last: { owner: string | undefined; needle: string; matches: readonly SearchEntry[] } | undefined
  return (query, limit = 50) => {
    const q = query.trim().toLowerCase()
    if (q === '' || limit <= 0) return []
    const dot = q.indexOf('.')
    const owner = dot > 0 ? q.slice(0, dot) : undefined
    const needle = dot >= 0 ? q.slice(dot + 1) : q
    const narrows = last !== undefined && last.owner === owner && needle.startsWith(last.needle)
    const found = searchEntries(narrows && last ? last.matches : index.entries, owner, needle, limit)
    last = { owner, needle, matches: found.matches }
    return found.hits
  }
}

/** The best `limit` hits among `entries`, and every entry that matched (for narrowing). */
function searchEntries(entries: readonly SearchEntry[], owner: string | undefined, needle: string, limit: number): { hits: DocsSearchHit[]; matches: SearchEntry[] } {
  // Keep the best `limit` hits in a sorted array: O(n) scan, insertion only for good candidates.
  // One number per hit (tier, kind, deprecation, length) so the hot comparison is a subtraction.
  const best: { rank: number; hit: DocsSearchHit }[] = []
  const matches: SearchEntry[] = []
  for (const entry of entries) {
    const { hit } = entry
    if (owner !== undefined) {
      if (hit.kind !== 'field' && hit.kind !== 'input-field' && hit.kind !== 'enum-value') continue
      if (!(hit.path[0] ?? '').toLowerCase().startsWith(owner)) continue
    }
    const tier = needle === '' ? PREFIX : matchTier(entry, needle)
    if (tier < 0) continue
    matches.push(entry)
    const rank = tier * 1e7 + KIND_ORDER[hit.kind] * 1e6 + (hit.deprecated ? 1e5 : 0) + Math.min(hit.name.length, 99_999)
    const worst = best[best.length - 1]
    if (best.length === limit && worst && compare(rank, hit, worst) >= 0) continue
    let at = best.length
    while (at > 0 && compare(rank, hit, best[at - 1]!) < 0) at--
    best.splice(at, 0, { rank, hit })
    if (best.length > limit) best.pop()
  }
  return { hits: best.map((b) => b.hit), matches }
}

function matchTier(entry: SearchEntry, needle: string): number {
  const at = entry.lower.indexOf(needle)
  if (at < 0) return -1
  if (at === 0) return entry.lower.length === needle.length ? EXACT : PREFIX
  for (const start of entry.words) if (start > 0 && entry.lower.startsWith(needle, start)) return WORD
  return SUBSTRING
}

function compare(rank: number, hit: DocsSearchHit, other: { rank: number; hit: DocsSearchHit }): number {
  if (rank !== other.rank) return rank - other.rank
  const a = hit.path.join('.')
  const b = other.hit.path.join('.')
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * Where words start in an identifier, for "word prefix" ranking: `repositoryOwner` → [0, 10],
 * `CREATED_AT` → [0, 8]. Computed once per name when the index is built.
 */
export function wordStarts(name: string): number[] {
  const starts = [0]
  for (let i = 1; i < name.length; i++) {
    const c = name[i] ?? ''
    const prev = name[i - 1] ?? ''
    const upper = c >= 'A' && c <= 'Z'
    const prevLower = (prev >= 'a' && prev <= 'z') || (prev >= '0' && prev <= '9')
    if ((upper && prevLower) || (prev === '_' && c !== '_')) starts.push(i)
  }
  return starts
}
