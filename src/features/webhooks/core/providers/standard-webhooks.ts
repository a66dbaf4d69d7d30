/** Standard Webhooks (also Svix): `webhook-id` / `webhook-timestamp` / `webhook-signature` with a `whsec_` base64 key. */
import { fromBase64, hmacSha256, toBase64 } from '../crypto'
import { WebhookSecretError } from '../errors'
import { ALPHANUMERIC, randomInt, randomString } from '../ids'
import { serializeJson } from '../json'
import { isoMillis, unixSeconds } from '../time'
import type { GeneratedRequest, GenerateContext, WebhookProvider } from '../types'
import type { RandomSource } from '../random'

/** A message id like `msg_2KWPBgLlAfxdpx2AI54pPJ85f4W` (`msg_` + 27 alphanumerics). */
function standardWebhookId(random: RandomSource): string {
  return `msg_${randomString(random, ALPHANUMERIC, 27)}`
}

/**
 * Decodes a Standard Webhooks secret: an optional `whsec_` prefix followed by standard base64.
 * @throws {WebhookSecretError} `invalid-base64` when the part after the prefix is not valid base64 or empty
 */
function decodeStandardSecret(secret: string): Uint8Array<ArrayBuffer> {
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret
  const key = fromBase64(encoded)
  if (!key || key.length === 0) {
    throw new WebhookSecretError(
      'invalid-base64',
      'standard-webhooks',
      'The secret must be whsec_ followed by standard base64 (A–Z, a–z, 0–9, +, / and = padding), e.g. whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw.',
    )
  }
  return key
}

/** Wraps `data` in a Standard Webhooks message (`type`, `timestamp`, `data`) with a fresh `msg_` id. */
export function standardRequest(type: string, data: Record<string, unknown>, ctx: GenerateContext): GeneratedRequest {
  const id = standardWebhookId(ctx.random)
  const payload = { type, timestamp: isoMillis(ctx.now), data }
  return {
    deliveryId: id,
    headers: { 'Content-Type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(unixSeconds(ctx.now)) },
    payload,
    body: serializeJson(payload),
  }
}

/** Standard Webhooks: HMAC-SHA256 over `<id>.<timestamp>.<body>` with the decoded key, as `v1,<base64>`. */
export const standardWebhooks: WebhookProvider = {
  id: 'standard-webhooks',
  name: 'Standard Webhooks',
  events: [{ type: 'invoice.paid', label: 'Invoice paid', description: 'A generic example event, sent when an invoice of a sample billing system is paid.' }],
  signatureHeaders: ['webhook-id', 'webhook-timestamp', 'webhook-signature'],
  signatureDescription: 'HMAC-SHA256 over "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoded whsec_ secret, as v1,<base64>; 300 s window.',
  secret: { label: 'Signing secret', example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', hint: 'whsec_ followed by a base64-encoded key (24–64 bytes recommended).' },
  deliveryIdHeader: 'webhook-id',
  deliveryIdLocation: 'webhook-id header (msg_…), the idempotency key, stable across retries',
  timestampToleranceSeconds: 300,
  generate(eventType, ctx) {
    if (eventType !== 'invoice.paid') throw new Error(`standard-webhooks: no template for ${eventType}`)
    const amount = randomInt(ctx.random, 10, 900) * 100
    return standardRequest('invoice.paid', {
      id: `inv_${randomString(ctx.random, ALPHANUMERIC, 20)}`,
      customer_id: `cust_${randomString(ctx.random, ALPHANUMERIC, 16)}`,
      customer_email: 'billing@example.com',
      amount,
      currency: 'USD',
      status: 'paid',
      paid_at: isoMillis(ctx.now),
      lines: [{ description: 'Sample plan, monthly', quantity: 1, amount }],
    }, ctx)
  },
  serialize: (payload) => serializeJson(payload),
  async sign(body, secret, { now, deliveryId, random }) {
    const key = decodeStandardSecret(secret)
    const id = deliveryId ?? standardWebhookId(random)
    const timestamp = String(unixSeconds(now))
    const signature = toBase64(await hmacSha256(key, `${id}.${timestamp}.${body}`))
    return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` }
  },
}
