/**
 * The body's two views: formatted for reading and editing, and as sent (the exact bytes that are signed
 * and sent). Edits in the formatted view are written back the provider's way (Stripe indented with two
 * spaces, the others compact; Shopify's 64-bit ids as raw number text), and a form body (Slack
 * interactivity: `payload=<URL-encoded JSON>`) stays a form body: the formatted view shows its JSON.
 */
import { serializePayload } from './index'
import { encodeBody, type BodyEncoding } from './form-body'
import { serializeJson } from './json'
import { parsePayloadText } from './payload-text'
import { SHOPIFY_RAW_INTEGER_KEYS } from './providers/shopify'

/** Outcome of converting between the views: the text, or why it cannot be converted. */
export type BodyViewResult = { ok: true; text: string } | { ok: false; message: string }

/** The as-sent body (JSON, or a form's `payload` field) as JSON indented with two spaces; Shopify's long ids stay exact. */
export function formattedBody(providerId: string, sent: string): BodyViewResult {
  const parsed = parsePayloadText(providerId, sent)
  if (!parsed.ok) return parsed
  return { ok: true, text: serializeJson(parsed.payload, { indent: 2, ...(providerId === 'shopify' ? { rawIntegerKeys: SHOPIFY_RAW_INTEGER_KEYS } : {}) }) }
}

/**
 * The formatted JSON written the provider's way: the bytes that are signed and sent.
 * @param encoding - the as-sent body's encoding (`form`: into the field `payload=`) @default 'json'
 */
export function sentBody(providerId: string, formatted: string, encoding: BodyEncoding = 'json'): BodyViewResult {
  const parsed = parsePayloadText(providerId, formatted)
  if (!parsed.ok) return parsed
  return { ok: true, text: serializePayload(providerId, parsed.payload, encoding) }
}

/**
 * What an edit of the formatted view sends: {@link sentBody}, or text that is not yet a JSON object as
 * typed (in the `payload=` field of a form body, so the body keeps its encoding while the user types).
 */
export function sentText(providerId: string, formatted: string, encoding: BodyEncoding = 'json'): string {
  const sent = sentBody(providerId, formatted, encoding)
  return sent.ok ? sent.text : encodeBody(formatted, encoding)
}

/**
 * How a provider lays out its bodies, in words: "compact JSON", "JSON indented with 2 spaces", or for a
 * form body "the form field payload= holding URL-encoded compact JSON".
 */
export function bodyLayout(providerId: string, encoding: BodyEncoding = 'json'): string {
  const json = serializePayload(providerId, { a: 1 }).includes('\n') ? 'JSON indented with 2 spaces' : 'compact JSON'
  return encoding === 'form' ? `the form field payload= holding URL-encoded ${json}` : json
}
