/** Types of the on-demand event catalogues. */
import type { GenerateContext, GeneratedRequest, WebhookEventInfo } from '../types'

/** One catalogue event: the provider's event info plus the category the picker groups it under. */
export interface CatalogueEvent extends WebhookEventInfo {
  /** Group in the picker, e.g. the GitHub event (`pull_request`) or the Stripe resource (`invoice`). */
  readonly category: string
}

/** A provider's full event list with a generator for each of its events. */
export interface ProviderCatalogue {
  /** Every event, sorted by type. */
  readonly events: readonly CatalogueEvent[]
  /** Builds the request for one of `events` (the registry checks the type first). */
  generate(eventType: string, ctx: GenerateContext): GeneratedRequest
}
