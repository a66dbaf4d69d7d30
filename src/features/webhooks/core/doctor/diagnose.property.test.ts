/**
 * Properties of the doctor over random bodies and secrets: a correctly signed delivery is `valid`;
 * any single-character change of the body (HMAC schemes) or of the signature is `invalid`.
 */
import { createHmac } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { diagnoseWebhookSignature } from './diagnose'
import type { WebhookProviderId } from './types'

const T = 1_763_900_000
const NOW = new Date(T * 1000)

/** Signs per the providers' documented schemes (the SDK-based cases are in diagnose.test.ts). */
function signed(provider: WebhookProviderId, body: string, secret: string): { headers: Record<string, string>; signature: string } {
  const hmac = (key: string | Buffer, text: string, enc: 'hex' | 'base64') => createHmac('sha256', key).update(text).digest(enc)
  switch (provider) {
    case 'github':
      return { headers: { 'X-Hub-Signature-256': `sha256=${hmac(secret, body, 'hex')}` }, signature: 'X-Hub-Signature-256' }
    case 'stripe':
      return { headers: { 'Stripe-Signature': `t=${T},v1=${hmac(secret, `${T}.${body}`, 'hex')}` }, signature: 'Stripe-Signature' }
    case 'slack':
      return { headers: { 'X-Slack-Request-Timestamp': String(T), 'X-Slack-Signature': `v0=${hmac(secret, `v0:${T}:${body}`, 'hex')}` }, signature: 'X-Slack-Signature' }
    case 'shopify':
      return { headers: { 'X-Shopify-Hmac-Sha256': hmac(secret, body, 'base64') }, signature: 'X-Shopify-Hmac-Sha256' }
    case 'standard-webhooks': {
      const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
      return { headers: { 'webhook-id': 'msg_prop', 'webhook-timestamp': String(T), 'webhook-signature': `v1,${hmac(key, `msg_prop.${T}.${body}`, 'base64')}` }, signature: 'webhook-signature' }
    }
    case 'gitlab':
      return { headers: { 'X-Gitlab-Token': secret }, signature: 'X-Gitlab-Token' }
  }
}

const HMAC: WebhookProviderId[] = ['github', 'stripe', 'slack', 'shopify', 'standard-webhooks']
const ALL: WebhookProviderId[] = [...HMAC, 'gitlab']

const secretFor = (provider: WebhookProviderId) =>
  provider === 'standard-webhooks'
    ? fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => `whsec_${Buffer.from(b).toString('base64')}`)
    : // Header values lose surrounding whitespace in transit, and secrets are trimmed of it by the doctor's own cause.
      fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() === s && s !== '' && !/[\r\n]/.test(s))

/** A different printable ASCII character than `c`. */
const otherChar = (c: string, pick: number) => {
  const code = 33 + ((c.charCodeAt(0) - 33 + 1 + (pick % 93)) % 94)
  return String.fromCharCode(code === c.charCodeAt(0) ? 33 + ((code - 33 + 1) % 94) : code)
}

describe.each(ALL)('%s', (provider) => {
  it('any body and secret, signed correctly, is valid', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 200 }), secretFor(provider), async (body, secret) => {
        const { headers } = signed(provider, body, secret)
        const d = await diagnoseWebhookSignature({ request: { headers, body }, secret, provider, now: NOW })
        expect(d.verdict).toBe('valid')
        expect(d.causes).toEqual([])
      }),
      { numRuns: 60 },
    )
  })

  it('any single-character change of the signature is invalid', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 100 }), secretFor(provider), fc.nat(), fc.nat(), async (body, secret, at, pick) => {
        const { headers, signature } = signed(provider, body, secret)
        const value = headers[signature]!
        const i = at % value.length
        headers[signature] = `${value.slice(0, i)}${otherChar(value[i]!, pick)}${value.slice(i + 1)}`
        const d = await diagnoseWebhookSignature({ request: { headers, body }, secret, provider, now: NOW })
        expect(d.verdict).toBe('invalid')
        expect(d.causes.length).toBeGreaterThan(0)
      }),
      { numRuns: 60 },
    )
  })
})

describe.each(HMAC)('%s body', (provider) => {
  it('any single-character change of the body is invalid', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 200 }), secretFor(provider), fc.nat(), fc.nat(), async (body, secret, at, pick) => {
        const { headers } = signed(provider, body, secret)
        const i = at % body.length
        const changed = `${body.slice(0, i)}${otherChar(body[i]!, pick)}${body.slice(i + 1)}`
        const d = await diagnoseWebhookSignature({ request: { headers, body: changed }, secret, provider, now: NOW })
        expect(d.verdict).toBe('invalid')
        expect(d.causes.length).toBeGreaterThan(0)
      }),
      { numRuns: 60 },
    )
  })
})
