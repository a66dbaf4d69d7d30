/**
 * The body's two views: formatted for reading and editing, and as sent (the exact bytes that are signed
 * and sent). Edits in the formatted view are written back the provider's way (Stripe indented with two
 * spaces, the others compact; Shopify's 64-bit ids as raw number text).
 */
import { serializePayload } from './index'
import { serializeJson } from './json'
import { parsePayloadText } from './payload-text'
import { SHOPIFY_RAW_INTEGER_KEYS } from './shopify'

/** Outcome of converting between the views: the text, or why it cannot be converted. */
export type BodyViewResult = { ok: true; text: string } | { ok: false; message: string }

/** The as-sent body indented with two spaces for reading; Shopify's long ids stay exact. */
export function formattedBody(providerId: string, sent: string): BodyViewResult {
  const parsed = parsePayloadText(providerId, sent)
  if (!parsed.ok) return parsed
  return { ok: true, text: serializeJson(parsed.payload, { indent: 2, ...(providerId === 'shopify' ? { rawIntegerKeys: SHOPIFY_RAW_INTEGER_KEYS } : {}) }) }
}

/** The formatted text written the provider's way: the bytes that are signed and sent. */
export function sentBody(providerId: string, formatted: string): BodyViewResult {
  const parsed = parsePayloadText(providerId, formatted)
  if (!parsed.ok) return parsed
  return { ok: true, text: serializePayload(providerId, parsed.payload) }
}

/** How a provider lays out its JSON bodies, in words: "compact JSON" or "JSON indented with 2 spaces". */
export function bodyLayout(providerId: string): string {
  return serializePayload(providerId, { a: 1 }).includes('\n') ? 'JSON indented with 2 spaces' : 'compact JSON'
}
