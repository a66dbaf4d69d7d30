/**
 * One table, every cause the doctor knows: a delivery signed by the provider's SDK (or its published
 * algorithm), with one fault planted, must get that fault as its first cause.
 */
import { createHmac } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { Webhook } from 'standardwebhooks'
import Stripe from 'stripe'
import { diagnoseWebhookSignature } from './diagnose'
import type { DiagnoseSignatureInput, SignatureCauseCode } from './types'

const T = 1_763_900_000
const NOW = new Date(T * 1000 + 30_000)
const stripe = new Stripe('sk_test_doctor_causes_not_a_real_key')
const BODY = '{"id":"evt_1","type":"x.y","data":{"name":"Zoë","url":"https://example.com/a"}}'
const PRETTY = JSON.stringify(JSON.parse(BODY), null, 2)
const GITHUB = "It's a Secret to Everybody"
const STRIPE = 'whsec_causes00000000000000000000000'
const STRIPE_THIN = 'whsec_thinDestination0000000000000'
const SLACK = '8f742231b10e8888abcd99yyyzzz85a5'
const SHOPIFY_APP = 'shpss_app_client_secret'
const SHOPIFY_STORE = 'store-notification-secret-0123456789abcdef'
const STANDARD = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const STANDARD_PREVIOUS = 'whsec_cHJldmlvdXMtc2VjcmV0LW9mLXRoaXMtZW5kcG9pbnQ='

const github = (body: string, secret = GITHUB) => ({ 'X-GitHub-Event': 'push', 'X-Hub-Signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` })
const stripeHeader = (body: string, secret = STRIPE, t = T) => ({ 'Stripe-Signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: t }) })
const slack = (body: string, t = T) => ({ 'X-Slack-Request-Timestamp': String(t), 'X-Slack-Signature': `v0=${createHmac('sha256', SLACK).update(`v0:${t}:${body}`).digest('hex')}` })
const shopify = (body: string, secret: string) => ({ 'X-Shopify-Topic': 'orders/create', 'X-Shopify-Hmac-Sha256': createHmac('sha256', secret).update(body).digest('base64') })
const standard = (body: string, secret = STANDARD) => ({ 'webhook-id': 'msg_1', 'webhook-timestamp': String(T), 'webhook-signature': new Webhook(secret).sign('msg_1', new Date(T * 1000), body) })
/** UTF-8 bytes taken for Latin-1 and written out again: "Zoë" → "ZoÃ«". */
const latin1Read = (text: string) => String.fromCharCode(...new TextEncoder().encode(text))
/** A body gzipped by a proxy (node:zlib), as the pasted text holds it: one char per byte, or decoded as UTF-8 (bytes lost). */
const gzipped = gzipSync(BODY)
const gzipBytes = String.fromCharCode(...gzipped)
const gzipDecoded = new TextDecoder().decode(gzipped)
const without = (headers: Record<string, string>, name: string) => Object.fromEntries(Object.entries(headers).filter(([n]) => n !== name))

type Row = [label: string, input: DiagnoseSignatureInput, first: SignatureCauseCode, says?: RegExp]
const rows: Row[] = [
  ['no signature header (GitHub without X-Hub-Signature-256)', { request: { headers: { 'X-GitHub-Event': 'push', 'X-GitHub-Delivery': 'd1' }, body: BODY }, secret: GITHUB }, 'no-signature-header'],
  ['no provider headers at all', { request: { headers: { 'Content-Type': 'application/json' }, body: BODY }, secret: GITHUB }, 'unknown-provider'],
  ['Stripe-Signature without t=', { request: { headers: { 'Stripe-Signature': 'v1=abc' }, body: BODY }, secret: STRIPE }, 'malformed-signature-header'],
  ['JSON re-serialised by the handler', { request: { headers: github(BODY), body: PRETTY }, secret: GITHUB }, 'body-reserialized'],
  ['JSON re-serialised by smee.io', { request: { headers: { Host: 'smee.io', ...github(PRETTY) }, body: BODY }, secret: GITHUB }, 'body-reserialized', /smee\.io/],
  ['JSON logged as parsed data', { request: JSON.stringify({ headers: stripeHeader(PRETTY), body: JSON.parse(PRETTY) }), secret: STRIPE }, 'body-reserialized', /parsed JSON/],
  ['a trailing newline added', { request: { headers: slack(BODY), body: `${BODY}\n` }, secret: SLACK }, 'body-line-endings'],
  ['UTF-8 read as Latin-1 by a proxy', { request: { headers: shopify(BODY, SHOPIFY_APP), body: latin1Read(BODY) }, secret: SHOPIFY_APP }, 'body-charset', /Latin-1/],
  ['a byte-order mark added', { request: { headers: standard(BODY), body: `\uFEFF${BODY}` }, secret: STANDARD }, 'body-charset', /byte-order mark/],
  ['gzipped by a proxy (Content-Encoding: gzip), the bytes kept', { request: { headers: { ...github(BODY), 'Content-Encoding': 'gzip' }, body: gzipBytes }, secret: GITHUB }, 'body-compressed', /verifies for the body decompressed \(Content-Encoding: gzip\)/],
  ['gzipped, then decoded as UTF-8 (no header left)', { request: { headers: stripeHeader(BODY), body: gzipDecoded }, secret: STRIPE }, 'body-compressed', /magic bytes.*not confirmed/],
  ['a newline after the secret', { request: { headers: github(BODY), body: BODY }, secret: `${GITHUB}\n` }, 'secret-whitespace'],
  ['the Stripe secret without whsec_', { request: { headers: stripeHeader(BODY), body: BODY }, secret: STRIPE.slice('whsec_'.length) }, 'secret-encoding'],
  ['a delivery replayed 15 minutes later', { request: { headers: slack(BODY), body: BODY }, secret: SLACK, now: new Date((T + 900) * 1000) }, 'timestamp-outside-tolerance', /15 min before now/],
  ['a sender whose clock is 10 minutes ahead', { request: { headers: slack(BODY, T + 600), body: BODY }, secret: SLACK, now: new Date(T * 1000) }, 'timestamp-outside-tolerance', /10 min after now/],
  ['Slack without its timestamp header', { request: { headers: without(slack(BODY), 'X-Slack-Request-Timestamp'), body: BODY }, secret: SLACK }, 'timestamp-missing'],
  ['signed with the previous secret of a rotation', { request: { headers: standard(BODY, STANDARD_PREVIOUS), body: BODY }, secret: STANDARD, knownSecrets: [{ kind: 'previous', secret: STANDARD_PREVIOUS }] }, 'previous-secret'],
  ["Shopify's store secret where the app secret was used", { request: { headers: shopify(BODY, SHOPIFY_STORE), body: BODY }, secret: SHOPIFY_APP, knownSecrets: [{ kind: 'shopify-store', secret: SHOPIFY_STORE }] }, 'shopify-store-secret'],
  ["Stripe's thin-event destination secret", { request: { headers: stripeHeader(BODY, STRIPE_THIN), body: BODY }, secret: STRIPE, knownSecrets: [{ kind: 'stripe-thin', secret: STRIPE_THIN }] }, 'stripe-destination-secret'],
  ['another secret altogether', { request: { headers: github(BODY, 'someone else'), body: BODY }, secret: GITHUB, knownSecrets: [{ kind: 'previous', secret: 'not this one either' }] }, 'wrong-secret-or-body'],
]

describe('the doctor names the planted cause first', () => {
  it('covers at least 16 causes and variants', () => {
    expect(rows.length).toBeGreaterThanOrEqual(16)
  })

  it.each(rows)('%s', async (_label, input, first, says) => {
    const d = await diagnoseWebhookSignature({ now: NOW, ...input })
    expect(d.causes[0]?.code, JSON.stringify(d.causes)).toBe(first)
    if (says) expect(d.causes[0]?.message).toMatch(says)
  })
})
