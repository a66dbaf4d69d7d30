/**
 * Reading an edited body back into a payload, for the robustness variants. Plain `JSON.parse` would
 * round Shopify's 64-bit ids (they exceed 2^53), and `serializePayload('shopify', …)` would then
 * write the wrong ids. Here the integer literals under Shopify's id keys are read as their decimal
 * text, exactly the form `generateWebhook` uses in `payload`, so parse → vary → serialise keeps them.
 */
import { decodeFormPayload, isFormPayloadBody } from './form-body'
import { SHOPIFY_RAW_INTEGER_KEYS } from './providers/shopify'

/** Result of {@link parsePayloadText}. */
export type PayloadTextResult = { ok: true; payload: Record<string, unknown> } | { ok: false; message: string }

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:e[+-]?\d+)?/iy
const INTEGER = /^-?(?:0|[1-9]\d*)$/

/**
 * Quotes the integer literals that are direct values of `keys` (object members, not array items),
 * leaving every other byte as it was. Strings are skipped with their escapes.
 */
function quoteRawIntegers(text: string, keys: ReadonlySet<string>): string {
  let out = ''
  let i = 0
  let lastString: string | null = null
  let keyForValue: string | null = null
  while (i < text.length) {
    const c = text[i] ?? ''
    if (c === '"') {
      let j = i + 1
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1
      const literal = text.slice(i, j + 1)
      out += literal
      try {
        lastString = JSON.parse(literal) as string
      } catch {
        lastString = null
      }
      keyForValue = null
      i = j + 1
      continue
    }
    if (c === ':') {
      keyForValue = lastString
      lastString = null
      out += c
      i++
      continue
    }
    if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i
      const match = NUMBER.exec(text)
      const token = match?.[0] ?? c
      const raw = keyForValue !== null && keys.has(keyForValue) && INTEGER.test(token)
      out += raw ? `"${token}"` : token
      i += token.length
      keyForValue = null
      lastString = null
      continue
    }
    if (!' \t\r\n'.includes(c)) {
      keyForValue = null
      lastString = null
    }
    out += c
    i++
  }
  return out
}

/**
 * Parses body text into a payload object for `robustnessVariants` and `serializePayload`.
 * For Shopify, integers under its id keys (`id`, `customer_id` …) become decimal strings, as in a
 * generated payload; other providers' text is parsed as plain JSON. A form body (`payload=<URL-encoded
 * JSON>`, Slack interactivity) is read through its decoded `payload` field.
 * @returns the payload, or a message when the text is not a JSON object
 */
export function parsePayloadText(providerId: string, body: string): PayloadTextResult {
  const text = isFormPayloadBody(body) ? decodeFormPayload(body) : body
  if (text === null) return { ok: false, message: 'The form body has no payload field.' }
  let value: unknown
  try {
    value = JSON.parse(providerId === 'shopify' ? quoteRawIntegers(text, SHOPIFY_RAW_INTEGER_KEYS) : text)
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: 'The body must be a JSON object to make a variant of it.' }
  }
  return { ok: true, payload: value as Record<string, unknown> }
}
