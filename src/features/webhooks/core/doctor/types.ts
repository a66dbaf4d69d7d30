/** Public types of the signature doctor ({@link diagnoseWebhookSignature}). */

/** The providers whose signature schemes the doctor knows. */
export type WebhookProviderId = 'github' | 'stripe' | 'slack' | 'shopify' | 'standard-webhooks' | 'gitlab'

/** Header pairs as received (names in any case), or a record of them. */
export type WebhookHeadersInput = Record<string, string> | [string, string][]

/** What a handler received: headers and the body text. */
export interface WebhookRequestParts {
  /** Header names in any case; a record or `[name, value]` pairs. */
  headers: WebhookHeadersInput
  /** The body exactly as received. */
  body: string
}

/** Input of {@link diagnoseWebhookSignature}. */
export interface DiagnoseSignatureInput {
  /**
   * What the handler received: a raw HTTP request (request line optional, headers, blank line, body), a JSON
   * object `{ "headers": {…}, "body": "…" }` as logging middleware writes it, or headers and body.
   */
  request: string | WebhookRequestParts
  /** The secret the handler verifies with (kept in memory only by callers). */
  secret: string
  /**
   * The scheme to check with.
   * @default detected from the headers
   */
  provider?: WebhookProviderId
  /**
   * The time to judge a signed timestamp against.
   * @default new Date()
   */
  now?: Date
  /**
   * Accepted age of a signed timestamp in seconds; `0` skips the check (as Stripe's SDK does).
   * @default the provider's own: 300 for Stripe, Slack and Standard Webhooks
   */
  toleranceSeconds?: number
  /**
   * Other secrets the user has for this provider, tried when `secret` does not verify: the previous
   * one of a rotation, a Shopify store's notification secret, a Stripe thin-event destination's.
   * @default []
   */
  knownSecrets?: readonly KnownSecret[]
}

/** A secret the user also has, and what it is. */
export interface KnownSecret {
  /**
   * - `previous`: the secret before a rotation
   * - `shopify-store`: the store's webhook notification secret (Settings → Notifications), not the app's
   * - `stripe-thin`: the secret of a Stripe event destination for thin events
   */
  kind: 'previous' | 'shopify-store' | 'stripe-thin'
  secret: string
}

/** Why a signature does not verify (or cannot be checked). */
export type SignatureCauseCode =
  /** Nothing to check: the signature header (named in the message) is missing. */
  | 'no-signature-header'
  /** The headers do not tell which scheme applies; the user must choose. */
  | 'unknown-provider'
  /** The header is not in the scheme's format (e.g. Stripe without `t=` or `v1=`, hex of the wrong length). */
  | 'malformed-signature-header'
  /** The JSON body re-serialised (compact ↔ indented, escaping, key order) verifies: verify the raw bytes. */
  | 'body-reserialized'
  /** CRLF ↔ LF, or a trailing newline added or removed, verifies. */
  | 'body-line-endings'
  /** The body's characters re-encoded (UTF-8 read as Latin-1 on the way, a byte-order mark added or removed) verify. */
  | 'body-charset'
  /** The body arrived compressed (a proxy or CDN gzipped it: `Content-Encoding`, or gzip's magic bytes): the provider signed it uncompressed. */
  | 'body-compressed'
  /** The secret with surrounding whitespace trimmed verifies. */
  | 'secret-whitespace'
  /** The secret decoded the other way (whsec_ prefix, base64, hex) verifies. */
  | 'secret-encoding'
  /** The signature is right but its timestamp is older (or newer) than the tolerance. */
  | 'timestamp-outside-tolerance'
  /** The signed timestamp header (or `t=`) is missing. */
  | 'timestamp-missing'
  /** It verifies with the previous secret of a rotation (a known secret of kind `previous`). */
  | 'previous-secret'
  /** It verifies with the Shopify store's notification secret, where the app's client secret was used (or the reverse). */
  | 'shopify-store-secret'
  /** It verifies with the Stripe thin-event destination's secret: a snapshot event checked with the other destination's secret, or the reverse. */
  | 'stripe-destination-secret'
  /** Nothing above explains it: another secret, or a body changed beyond recognition. */
  | 'wrong-secret-or-body'

/** One reason, in words. */
export interface SignatureCause {
  /** What kind of problem it is. */
  code: SignatureCauseCode
  /** One or two sentences for the user, naming headers and values. */
  message: string
}

/** What the doctor found. */
export interface SignatureDiagnosis {
  /** The scheme checked with (given or detected); `null` when it could not be told. */
  provider: WebhookProviderId | null
  /** `valid`: verifies and is in time; `invalid`: a handler rejects it; `cannot-check`: nothing to check. */
  verdict: 'valid' | 'invalid' | 'cannot-check'
  /** Most likely first; `[]` when valid and in time. */
  causes: SignatureCause[]
  /** The signature header value as it should be for this body and secret. */
  expected?: string
  /** The signature header value as received. */
  received?: string
  /** Name of the signature header compared (e.g. `Stripe-Signature`). */
  signatureHeader?: string
  /** The exact string that is signed, for schemes that sign more than the body (Stripe, Slack, Standard Webhooks). */
  signedContent?: string
  /** What the search for a cause left out (a body too large to re-serialise every way), in words. @default undefined */
  skipped?: string
}

/** How the doctor's page takes the request: one field (raw HTTP or `{headers, body}` JSON), or headers and body apart. */
export type DoctorInputMode = 'one' | 'two'
