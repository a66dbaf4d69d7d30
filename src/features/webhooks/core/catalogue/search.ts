/** Filtering and grouping of catalogue events for the event picker. */
import type { CatalogueEvent } from './types'

/** One category of matching events, in catalogue order. */
export interface EventGroup {
  /** The category, e.g. `pull_request` or `invoice`. */
  readonly category: string
  readonly events: readonly CatalogueEvent[]
}

/**
 * The events matching `query`, grouped by category (groups in order of first appearance).
 * Every whitespace-separated word must occur (case-insensitive) in the type, label, category or
 * description; `_`, `.` and `/` in the query match spaces too, so `payment failed` finds `invoice.payment_failed`.
 * @param query - what the user typed; blank matches everything
 */
export function searchEvents(events: readonly CatalogueEvent[], query: string): EventGroup[] {
  const words = query.toLowerCase().split(/[\s._/]+/).filter(Boolean)
  const groups = new Map<string, CatalogueEvent[]>()
  for (const event of events) {
    const haystack = `${event.type} ${event.label} ${event.category} ${event.description}`.toLowerCase().replace(/[._/]/g, ' ')
    if (!words.every((w) => haystack.includes(w))) continue
    const group = groups.get(event.category)
    if (group) group.push(event)
    else groups.set(event.category, [event])
  }
  return [...groups].map(([category, list]) => ({ category, events: list }))
}
