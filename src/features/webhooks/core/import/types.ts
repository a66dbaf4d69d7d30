/** Public types of the delivery import ({@link importDelivery}). */
import type { WebhookProviderId } from '../doctor/types'

/**
 * The forms a captured delivery is pasted in:
 * - `http`: a raw HTTP request (request line optional, headers, blank line, body)
 * - `json-parts`: `{ "headers": {…}, "body": … }` as logging middleware writes it
 * - `curl`: a curl command (DevTools' "Copy as cURL", a relay's "copy as curl")
 * - `har`: a HAR 1.2 log (DevTools, ngrok's inspector, Charles) — its first POST entry
 * - `webhook.site`: a request of webhook.site's API (`GET /token/{id}/requests`, one or the list)
 * - `smee`: an event of smee.io (its page's payload, or what the smee client receives)
 * - `stripe-cli`: an event printed by `stripe listen --print-json`
 * - `receiver`: our demo receiver's `GET /last`
 */
export type DeliveryFormat = 'http' | 'json-parts' | 'curl' | 'har' | 'webhook.site' | 'smee' | 'stripe-cli' | 'receiver'

/** A captured delivery, read. */
export interface ImportedDelivery {
  /** Which form was recognised. */
  format: DeliveryFormat
  /** The request method. @default 'POST' where the form does not carry it */
  method: string
  /** The URL or path it was sent to, when the form carries it. */
  url?: string
  /** Header pairs in the order given, names as written. */
  headers: [string, string][]
  /** The body text. */
  body: string
  /**
   * Whether `body` holds the bytes as sent. `false` when the form carried the body as parsed data
   * (smee.io, a JSON log line, the Stripe CLI's print-out), so it was written out again here and a
   * signature made over the original bytes cannot match it.
   */
  bodyExact: boolean
  /** The provider its headers name (the Stripe CLI form: Stripe), or `null`. */
  provider: WebhookProviderId | null
  /** What was not carried over or had to be assumed, one sentence each. */
  notes: string[]
}

/** Outcome of {@link importDelivery}: the delivery, or why not in words. */
export type DeliveryImportResult = ({ ok: true } & ImportedDelivery) | { ok: false; message: string }
