/**
 * Real diagnoses for the doctor's stories: requests signed with fixed secrets at the stories' frozen
 * time, then corrupted one way each, and diagnosed by the real core (WebCrypto, in the browser).
 */
import { diagnoseWebhookSignature, signWebhook, type SignatureDiagnosis } from '../core'
import { hmacSha256, toBase64 } from '../core/crypto'
import { NOW, sampleOf } from './fixtures'

const SECRETS = {
  github: 'sample-github-secret',
  stripe: 'whsec_sampleStripeSecret0000000000000',
  slack: '8f742231b10e8888abcd99yyyzzz85a5',
  standard: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
}
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000)

async function signed(providerId: string, eventType: string, secret: string, when = NOW) {
  const sample = sampleOf(providerId, eventType)
  const signature = await signWebhook(providerId, sample.body, secret, { now: when, deliveryId: sample.deliveryId })
  return { headers: { ...sample.headers, ...signature }, body: sample.body }
}

const without = (headers: Record<string, string>, name: string) => Object.fromEntries(Object.entries(headers).filter(([n]) => n !== name))

/** The states the doctor's report shows, each a real diagnosis. */
export const doctorCases = {
  valid: async () => diagnoseWebhookSignature({ request: await signed('github', 'push', SECRETS.github), secret: SECRETS.github, now: NOW }),
  unknownProvider: async () => diagnoseWebhookSignature({ request: { headers: { 'Content-Type': 'application/json' }, body: '{"event":"ping"}' }, secret: 'secret', now: NOW }),
  noSignatureHeader: async () => {
    const r = await signed('stripe', 'payment_intent.succeeded', SECRETS.stripe)
    return diagnoseWebhookSignature({ request: { headers: without(r.headers, 'Stripe-Signature'), body: r.body }, secret: SECRETS.stripe, now: NOW })
  },
  malformed: async () => {
    const r = await signed('stripe', 'payment_intent.succeeded', SECRETS.stripe)
    const header = r.headers['Stripe-Signature']!.replace(/^t=\d+,/, '')
    return diagnoseWebhookSignature({ request: { headers: { ...r.headers, 'Stripe-Signature': header }, body: r.body }, secret: SECRETS.stripe, now: NOW })
  },
  bodyReserialized: async () => {
    const r = await signed('stripe', 'payment_intent.succeeded', SECRETS.stripe)
    return diagnoseWebhookSignature({ request: { headers: r.headers, body: JSON.stringify(JSON.parse(r.body)) }, secret: SECRETS.stripe, now: NOW })
  },
  bodyLineEndings: async () => {
    const r = await signed('github', 'ping', SECRETS.github)
    return diagnoseWebhookSignature({ request: { headers: r.headers, body: `${r.body}\n` }, secret: SECRETS.github, now: NOW })
  },
  secretWhitespace: async () => diagnoseWebhookSignature({ request: await signed('slack', 'app_mention', SECRETS.slack), secret: `${SECRETS.slack}\n`, now: NOW }),
  secretEncoding: async () => {
    const sample = sampleOf('standard-webhooks', 'invoice.paid')
    const t = Math.floor(NOW.getTime() / 1000)
    const signature = toBase64(await hmacSha256(SECRETS.standard, `${sample.deliveryId}.${t}.${sample.body}`))
    const headers = { ...sample.headers, 'webhook-timestamp': String(t), 'webhook-signature': `v1,${signature}` }
    return diagnoseWebhookSignature({ request: { headers, body: sample.body }, secret: SECRETS.standard, now: NOW })
  },
  timestampOutsideTolerance: async () => diagnoseWebhookSignature({ request: await signed('slack', 'app_mention', SECRETS.slack, at(-3600)), secret: SECRETS.slack, now: NOW }),
  timestampMissing: async () => {
    const r = await signed('standard-webhooks', 'invoice.paid', SECRETS.standard)
    return diagnoseWebhookSignature({ request: { headers: without(r.headers, 'webhook-timestamp'), body: r.body }, secret: SECRETS.standard, now: NOW })
  },
  /** Signed with the rotation's previous secret, which the user entered as their other secret. */
  previousSecret: async () =>
    diagnoseWebhookSignature({ request: await signed('github', 'push', 'sample-previous-github-secret'), secret: SECRETS.github, knownSecrets: [{ kind: 'previous', secret: 'sample-previous-github-secret' }], now: NOW }),
  /** A proxy gzipped the body (CompressionStream, as a CDN would) and said so in Content-Encoding. */
  bodyCompressed: async () => {
    const r = await signed('github', 'ping', SECRETS.github)
    const stream = new Blob([r.body]).stream().pipeThrough(new CompressionStream('gzip'))
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer())
    return diagnoseWebhookSignature({ request: { headers: { ...r.headers, 'Content-Encoding': 'gzip' }, body: String.fromCharCode(...bytes) }, secret: SECRETS.github, now: NOW })
  },
  wrongSecret: async () => diagnoseWebhookSignature({ request: await signed('github', 'push', SECRETS.github), secret: 'not-the-github-secret', now: NOW }),
  /** Three causes at once over a long Stripe body: secret whitespace, re-serialised body, old timestamp. */
  long: async () => {
    const r = await signed('stripe', 'charge.refunded', SECRETS.stripe, at(-7200))
    return diagnoseWebhookSignature({ request: { headers: r.headers, body: JSON.stringify(JSON.parse(r.body)) }, secret: ` ${SECRETS.stripe} `, now: NOW })
  },
} satisfies Record<string, () => Promise<SignatureDiagnosis>>
