/** Filtering, ranking and grouping of catalogue events for the event picker. */
import type { CatalogueEvent } from './types'

/** One category of matching events, best match first. */
export interface EventGroup {
  /** The category, e.g. `pull_request` or `invoice`. */
  readonly category: string
  readonly events: readonly CatalogueEvent[]
}

/**
 * How well an event matches a query, best first (the picker sorts by it; Enter picks the best).
 * - `exact`: the type is the query (`invoice.paid`)
 * - `prefix`: the type starts with the query (`invoice.payment_f` → `invoice.payment_failed`)
 * - `segment`: a segment after `.`, `_` or `/` starts with the query (`payment_f` → `invoice.payment_failed`)
 * - `words`: the query's words start words of the type or label, in order (`payment failed`)
 * - `substring`: each word occurs somewhere in the type, label, category or description
 */
export type MatchTier = 'exact' | 'prefix' | 'segment' | 'words' | 'substring'

const tierOrder: readonly MatchTier[] = ['exact', 'prefix', 'segment', 'words', 'substring']
const separators = /[\s._/]+/

function splitWords(text: string): string[] {
  return text.toLowerCase().split(separators).filter(Boolean)
}

/** Whether each of `query` starts one of `words`, in the query's order. */
function wordsInOrder(query: readonly string[], words: readonly string[]): boolean {
  let at = 0
  for (const q of query) {
    while (at < words.length && !words[at]!.startsWith(q)) at++
    if (at === words.length) return false
    at++
  }
  return true
}

/**
 * The tier of `event` for `query`, or `undefined` when it does not match at all.
 * Case-insensitive; `_`, `.`, `/` and spaces in the query are interchangeable word separators for the
 * `words` and `substring` tiers, while the first three compare the query as typed.
 * @param query - what the user typed, trimmed and not blank
 */
export function matchTier(event: CatalogueEvent, query: string): MatchTier | undefined {
  const q = query.trim().toLowerCase()
  const type = event.type.toLowerCase()
  if (type === q) return 'exact'
  if (type.startsWith(q)) return 'prefix'
  for (let i = type.indexOf(q, 1); i > 0; i = type.indexOf(q, i + 1)) {
    if (/[._/]/.test(type[i - 1]!)) return 'segment'
  }
  const words = splitWords(q)
  if (words.length === 0) return undefined
  if (wordsInOrder(words, splitWords(event.type)) || wordsInOrder(words, splitWords(event.label))) return 'words'
  const haystack = `${event.type} ${event.label} ${event.category} ${event.description}`.toLowerCase().replace(/[._/]/g, ' ')
  return words.every((w) => haystack.includes(w)) ? 'substring' : undefined
}

/** An event ranked by {@link rankEvents}: its tier's position in the order (0 = exact, or any event for a blank query). */
interface RankedEvent {
  readonly event: CatalogueEvent
  readonly tier: number
}

/**
 * The events matching `query`, best first: by {@link MatchTier}, then by how many words of the type the
 * query leaves unmatched (`invoice.payment_failed` before `checkout.session.async_payment_failed` for
 * `payment failed`), then by catalogue order. Blank query: every event, in catalogue order.
 */
function rankEvents(events: readonly CatalogueEvent[], query: string): RankedEvent[] {
  const q = query.trim()
  const queryWords = splitWords(q).length
  const ranked: { event: CatalogueEvent; tier: number; extra: number; index: number }[] = []
  events.forEach((event, index) => {
    if (q === '') {
      ranked.push({ event, tier: 0, extra: 0, index })
      return
    }
    const tier = matchTier(event, q)
    if (tier === undefined) return
    ranked.push({ event, tier: tierOrder.indexOf(tier), extra: Math.max(0, splitWords(event.type).length - queryWords), index })
  })
  if (q !== '') ranked.sort((a, b) => a.tier - b.tier || a.extra - b.extra || a.index - b.index)
  return ranked
}

/**
 * The events matching `query`, grouped by category, in the order of {@link rankEvents}. Blank query:
 * groups in order of first appearance. Groups keep the rank of their best event, so the first event of
 * the first group is the best match overall: the one Enter picks.
 * @param query - what the user typed; blank matches everything
 */
export function searchEvents(events: readonly CatalogueEvent[], query: string): EventGroup[] {
  const groups = new Map<string, CatalogueEvent[]>()
  for (const { event } of rankEvents(events, query)) {
    const group = groups.get(event.category)
    if (group) group.push(event)
    else groups.set(event.category, [event])
  }
  return [...groups].map(([category, list]) => ({ category, events: list }))
}

/** One provider's events, for {@link searchOtherProviders}. */
export interface ProviderEvents {
  /** The provider's id, e.g. `stripe`. */
  readonly id: string
  /** The provider's name, e.g. `Stripe`. */
  readonly name: string
  /** Its events (its loaded catalogue). */
  readonly events: readonly CatalogueEvent[]
}

/** A provider's best matches for a query, from {@link searchOtherProviders}. */
export interface ProviderMatches {
  readonly id: string
  readonly name: string
  /** Its matching events, best first. */
  readonly events: readonly CatalogueEvent[]
}

/**
 * The events of other providers that match `query`, for a search that found nothing in the chosen
 * provider (`payment_intent.succeeded` typed with GitHub chosen). Providers are ranked by their best
 * match's {@link MatchTier}, then kept in the given order; each lists at most `limit` events, best first.
 * @param providers - the other providers, in display order
 * @param query - what the user typed; blank finds nothing
 * @param limit - events listed per provider. @default 5
 */
export function searchOtherProviders(providers: readonly ProviderEvents[], query: string, limit = 5): ProviderMatches[] {
  if (query.trim() === '') return []
  const found: { matches: ProviderMatches; tier: number; index: number }[] = []
  providers.forEach((provider, index) => {
    const ranked = rankEvents(provider.events, query)
    if (ranked.length === 0) return
    found.push({ matches: { id: provider.id, name: provider.name, events: ranked.slice(0, limit).map((r) => r.event) }, tier: ranked[0]!.tier, index })
  })
  return found.sort((a, b) => a.tier - b.tier || a.index - b.index).map((f) => f.matches)
}
