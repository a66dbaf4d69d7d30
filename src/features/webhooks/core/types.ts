/** Public and internal types of the webhook generator. */
import type { RandomSource } from './random'

/** One event a provider can send. */
export interface WebhookEventInfo {
  /** The provider's own event name, e.g. `push`, `pull_request.opened`, `orders/create`. */
  readonly type: string
  /** A short human label, e.g. `Pull request opened`. */
  readonly label: string
  /** One sentence saying when the provider sends it. */
  readonly description: string
}

/** How the user's test secret looks for a provider (shown at the secret field). */
export interface SecretFormat {
  /** Field label, e.g. `Webhook secret` or `Signing secret`. */
  readonly label: string
  /** A harmless example value for the placeholder (not a real credential). */
  readonly example: string
  /** One sentence describing the expected format. */
  readonly hint: string
}

/** Public description of a provider. */
export interface WebhookProviderInfo {
  /** Stable id used by {@link generateWebhook}, e.g. `github`, `standard-webhooks`. */
  readonly id: string
  /** Display name. */
  readonly name: string
  /** The events this generator can produce. */
  readonly events: readonly WebhookEventInfo[]
  /** Names of the headers {@link signWebhook} returns, in the order it returns them. */
  readonly signatureHeaders: readonly string[]
  /** One sentence describing the signature scheme. */
  readonly signatureDescription: string
  /** Format of the test secret. */
  readonly secret: SecretFormat
  /** Header carrying the id a handler dedupes on, or `null` when it is only in the body (Stripe, Slack). */
  readonly deliveryIdHeader: string | null
  /** Where the delivery id lives, in words, e.g. `X-GitHub-Delivery header` or `body.id (evt_…)`. */
  readonly deliveryIdLocation: string
  /** Accepted age of a signed timestamp in seconds, or `null` when the scheme has no timestamp. */
  readonly timestampToleranceSeconds: number | null
}

/** A generated request: what the provider would send, unsigned. */
export interface WebhookSample {
  /** Provider id. */
  provider: string
  /** Event type as listed in {@link WebhookProviderInfo.events}. */
  event: string
  /** The id a handler dedupes on (X-GitHub-Delivery, Stripe evt_…, Slack event_id, webhook-id, X-Shopify-Event-Id …). */
  deliveryId: string
  /** What the provider sends, Content-Type included; no signature headers. */
  headers: Record<string, string>
  /**
   * The JSON body as data. Shopify 64-bit ids are held as decimal strings here (JS numbers cannot
   * represent them); `body` writes them as raw number text.
   */
  payload: Record<string, unknown>
  /** The exact bytes to send (serialised payload). */
  body: string
}

/** Options of {@link generateWebhook}. */
export interface GenerateOptions {
  /**
   * Generation time used for every timestamp.
   * @default new Date()
   */
  now?: Date
  /**
   * Source of random bytes for identifiers.
   * @default globalThis.crypto (crypto.getRandomValues)
   */
  random?: RandomSource
}

/** Options of {@link signWebhook}. */
export interface SignOptions {
  /**
   * Signing time for schemes with a timestamp (Stripe, Slack, Standard Webhooks).
   * @default new Date()
   */
  now?: Date
  /**
   * Message id signed by Standard Webhooks (`webhook-id`); pass the sample's `deliveryId`.
   * @default a fresh `msg_…` id
   */
  deliveryId?: string
}

/** Everything a template needs. */
export interface GenerateContext {
  readonly now: Date
  readonly random: RandomSource
}

/** A provider's template output before the registry adds provider/event names. */
export type GeneratedRequest = Omit<WebhookSample, 'provider' | 'event'>

/** A provider implementation: public info plus generation and signing. */
export interface WebhookProvider extends WebhookProviderInfo {
  /** Builds the request for `eventType` (already checked to be one of `events`). */
  generate(eventType: string, ctx: GenerateContext): GeneratedRequest
  /** Serialises a payload exactly as this provider's `body` is built. */
  serialize(payload: Record<string, unknown>): string
  /** Signature headers over exactly `body`; the secret is already checked to be non-empty. */
  sign(body: string, secret: string, options: Required<Pick<SignOptions, 'now'>> & SignOptions & { random: RandomSource }): Promise<Record<string, string>>
}
