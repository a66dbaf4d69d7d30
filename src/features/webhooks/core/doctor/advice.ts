/**
 * What to do about each cause: a one-line fix and the line of the page's verification snippet
 * ({@link verificationSnippet}) that does it right for the provider, so the two never disagree.
 */
import { verificationSnippet } from '../snippets'
import type { SignatureCauseCode, WebhookProviderId } from './types'

/** A fix for one cause. */
export interface SignatureCauseAdvice {
  /** One sentence saying what to change. */
  fix: string
  /** The line of the provider's verification snippet that does it right; `null` when no line applies. */
  snippetLine: string | null
}

/** A short title per cause, for headings and announcements. */
export const SIGNATURE_CAUSE_TITLES: Readonly<Record<SignatureCauseCode, string>> = Object.freeze({
  'no-signature-header': 'No signature header',
  'unknown-provider': 'Unknown provider',
  'malformed-signature-header': 'Malformed signature header',
  'body-reserialized': 'Body re-serialized',
  'body-line-endings': 'Line endings changed',
  'body-charset': 'Characters re-encoded',
  'body-compressed': 'Body compressed on the way',
  'secret-whitespace': 'Whitespace around the secret',
  'secret-encoding': 'Secret read the wrong way',
  'timestamp-outside-tolerance': 'Timestamp outside the tolerance',
  'timestamp-missing': 'Timestamp missing',
  'previous-secret': 'Signed with the previous secret',
  'shopify-store-secret': 'Store secret, not app secret',
  'stripe-destination-secret': "Another destination's secret",
  'wrong-secret-or-body': 'Wrong secret or changed body',
})

const RAW_BODY = 'Verify the raw request bytes: read the body as a Buffer before any JSON parser (in Express, express.raw({ type: "application/json" }) on this route).'

const FIXES: Record<SignatureCauseCode, string | ((p: WebhookProviderId | null) => string)> = {
  'no-signature-header': 'Set a signing secret for this endpoint at the provider, and make sure no proxy or framework drops the signature header.',
  'unknown-provider': 'Choose the provider that sent this request.',
  'malformed-signature-header': (p) =>
    p === 'stripe'
      ? 'Pass Stripe-Signature through untouched: split it on "," and "=", take t and every v1.'
      : p === 'standard-webhooks'
        ? 'Pass webhook-signature through untouched: split it on spaces, then each entry on its first ",", and compare every v1.'
        : p === 'shopify'
          ? 'Compare with the base64 digest of the HMAC (not hex).'
          : 'Compare the whole header with the prefix plus the lower-case hex digest.',
  'body-reserialized': (p) =>
    p === 'slack'
      ? 'Verify the raw request bytes: read the body as a Buffer before any form or JSON parser; Slack sends interactivity form-encoded (in Express, express.raw({ type: ["application/json", "application/x-www-form-urlencoded"] }) on this route).'
      : RAW_BODY,
  'body-line-endings': 'Verify the bytes exactly as received: no proxy, logger or editor may change line endings or add a final newline.',
  'body-charset': 'Verify the bytes as received, before any decoding to text: read the body as a Buffer (not as a string in another charset), and keep proxies from transcoding it.',
  'body-compressed':
    'Verify the bytes the provider sent, uncompressed: decompress a gzip/deflate/br body (its Content-Encoding says which) before the HMAC, or stop the proxy or CDN compressing requests to this route.',
  'secret-whitespace': 'Trim the secret where it is loaded (e.g. process.env.SECRET.trim()), or store it without the newline.',
  'secret-encoding': (p) =>
    p === 'stripe'
      ? 'Use the whole whsec_… string as the HMAC key, as text: do not strip the prefix or base64-decode it.'
      : p === 'standard-webhooks'
        ? 'Strip whsec_ and base64-decode the rest: those bytes are the HMAC key.'
        : 'Use the secret as UTF-8 text, exactly as the provider shows it: do not hex- or base64-decode it.',
  'timestamp-outside-tolerance': 'Re-send a fresh delivery (old ones are rightly refused as replays) and check that the server clock is synchronised (NTP).',
  'timestamp-missing': 'Keep the timestamp header through proxies: it is part of what is signed.',
  'previous-secret': 'During the rollover verify against both secrets (accept a delivery that verifies with either), and drop the previous one once the provider signs with the new one only.',
  'shopify-store-secret':
    "Verify webhooks you created in the store admin with the store's notification secret, and webhooks of your app (API or shopify.app.toml) with the app's client secret: keep the one that matches where the webhook was made.",
  'stripe-destination-secret': "Each Stripe event destination has its own whsec_: verify snapshot events with the snapshot destination's secret and thin events with the thin destination's (different routes, or try each).",
  'wrong-secret-or-body': "Copy this endpoint's signing secret again from the provider's settings (test and live secrets differ) and verify the raw body.",
}

/** Which snippet line shows the fix: a pattern per cause, with provider-specific ones first. */
const LINES: Partial<Record<SignatureCauseCode, RegExp>> = {
  'malformed-signature-header': /split\(|safeEqual\(expected/,
  'body-reserialized': /createHmac/,
  'body-line-endings': /createHmac/,
  'body-charset': /createHmac/,
  'body-compressed': /createHmac/,
  'secret-whitespace': /^const (?:secret|token) =/,
  'secret-encoding': /^const (?:key|secret) =/,
  'timestamp-outside-tolerance': /age <= 300/,
  'timestamp-missing': /fresh\(/,
  'wrong-secret-or-body': /^const (?:secret|token) =/,
  'previous-secret': /^const (?:secret|token|key) =/,
  'shopify-store-secret': /^const (?:secret|token) =/,
  'stripe-destination-secret': /^const (?:secret|token) =/,
  'no-signature-header': /headers\['(?:x-hub-signature-256|stripe-signature|x-slack-signature|x-shopify-hmac-sha256|webhook-signature|x-gitlab-token)'\]/,
}

/** The first line of the provider's snippet matching `pattern` (trimmed), or `null`. */
function snippetLineOf(provider: WebhookProviderId, pattern: RegExp): string | null {
  const lines = verificationSnippet(provider).code.split('\n').map((l) => l.trim())
  // Standard Webhooks keeps its decoded key on its own line; prefer it over the raw secret line.
  const ordered = provider === 'standard-webhooks' ? [...lines.filter((l) => l.startsWith('const key')), ...lines] : lines
  return ordered.find((l) => pattern.test(l)) ?? null
}

/**
 * The fix for a cause, and the line of the provider's verification snippet that does it right.
 * @param provider - the diagnosed provider, or `null` when it is unknown (no snippet line then)
 */
export function signatureCauseAdvice(provider: WebhookProviderId | null, code: SignatureCauseCode): SignatureCauseAdvice {
  const fix = FIXES[code]
  const pattern = LINES[code]
  return { fix: typeof fix === 'function' ? fix(provider) : fix, snippetLine: provider && pattern ? snippetLineOf(provider, pattern) : null }
}
