import { describe, expect, it } from 'vitest'
import { createHmac } from 'node:crypto'
import { verify } from '@octokit/webhooks-methods'
import { Webhook } from 'standardwebhooks'
import Stripe from 'stripe'
import { createSeededRandom, generateWebhook, signWebhook } from '../index'
import { signWithSecrets } from '../rotation/sign-with-secrets'
import { exportDelivery } from './export-delivery'
import { importDelivery } from './import-delivery'
import { prepareReplay } from './replay'

const NOW = new Date('2026-11-27T12:00:00Z')
const stripe = new Stripe('sk_test_replay_not_a_real_key')
const header = (headers: readonly (readonly [string, string])[], name: string) => headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1]

/** A delivery as captured: generated, signed with the provider's old secret, written as raw HTTP, imported. */
async function captured(id: string, event: string, secret: string) {
  const sample = generateWebhook(id, event, { random: createSeededRandom(7), now: new Date('2026-01-01T00:00:00Z') })
  const signature = await signWebhook(id, sample.body, secret, { deliveryId: sample.deliveryId, now: new Date('2026-01-01T00:00:00Z') })
  const read = importDelivery(exportDelivery({ method: 'POST', url: '/webhook', headers: Object.entries({ ...sample.headers, ...signature }), body: sample.body }, 'http'))
  if (!read.ok) throw new Error(read.message)
  return read
}

describe('prepareReplay', () => {
  it('GitHub: edited, given a new delivery GUID and re-signed, it verifies with the new secret (octokit) and the old signature is gone', async () => {
    const read = await captured('github', 'push', 'old')
    const edited = read.body.replace('"ref":"refs/heads/', '"ref":"refs/heads/hotfix-')
    const prepared = prepareReplay(read.provider, read.headers, edited, { refreshIds: true, now: NOW, random: createSeededRandom(1) })
    expect(header(prepared.headers, 'X-Hub-Signature-256')).toBeUndefined()
    expect(header(prepared.headers, 'X-GitHub-Delivery')).not.toBe(header(read.headers, 'X-GitHub-Delivery'))
    expect(header(prepared.headers, 'X-GitHub-Delivery')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(prepared.changed).toEqual(['X-GitHub-Delivery: a new id'])
    const { headers } = await signWithSecrets('github', prepared.body, ['new'], { now: NOW })
    await expect(verify('new', prepared.body, headers['X-Hub-Signature-256']!)).resolves.toBe(true)
  })

  it('Stripe: a new evt_ id and created in the body, every other byte kept, accepted by stripe-node with the new id', async () => {
    const read = await captured('stripe', 'payment_intent.succeeded', 'whsec_old')
    const prepared = prepareReplay(read.provider, read.headers, read.body, { refreshIds: true, refreshTimestamps: true, now: NOW, random: createSeededRandom(2) })
    const before = JSON.parse(read.body) as { id: string; created: number }
    const after = JSON.parse(prepared.body) as { id: string; created: number }
    expect(after.id).toMatch(/^evt_[A-Za-z0-9]{24}$/)
    expect(after.id).not.toBe(before.id)
    expect(after.created).toBe(NOW.getTime() / 1000)
    // Only those two values changed.
    expect(prepared.body.replace(after.id, before.id).replace(String(after.created), String(before.created))).toBe(read.body)
    const { headers } = await signWithSecrets('stripe', prepared.body, ['whsec_new'], { now: NOW })
    const event = stripe.webhooks.constructEvent(prepared.body, headers['Stripe-Signature']!, 'whsec_new', 300, undefined, NOW.getTime())
    expect(event.id).toBe(after.id)
  })

  it('Standard Webhooks: the message id kept (a retry) or new, signed with two secrets during a rotation (standardwebhooks)', async () => {
    const secrets = ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'whsec_cHJldmlvdXMtc2VjcmV0LW9mLXRoaXMtZW5kcG9pbnQ=']
    const read = await captured('standard-webhooks', 'invoice.paid', secrets[0]!)
    for (const refreshIds of [false, true]) {
      const prepared = prepareReplay(read.provider, read.headers, read.body, { refreshIds, now: NOW })
      expect(prepared.deliveryId === header(read.headers, 'webhook-id')).toBe(!refreshIds)
      expect(header(prepared.headers, 'webhook-signature')).toBeUndefined()
      // Signed now (standardwebhooks checks the timestamp against the real clock), as the lab sends it.
      const { headers } = await signWithSecrets('standard-webhooks', prepared.body, secrets, { deliveryId: prepared.deliveryId! })
      expect(headers['webhook-id']).toBe(prepared.deliveryId)
      for (const secret of secrets) expect(() => new Webhook(secret).verify(prepared.body, headers)).not.toThrow()
    }
  })

  it('Shopify: new webhook and event ids and triggered-at now; the HMAC over the untouched body (its documented algorithm)', async () => {
    const read = await captured('shopify', 'orders/create', 'old-app-secret')
    const prepared = prepareReplay(read.provider, read.headers, read.body, { refreshIds: true, refreshTimestamps: true, now: NOW })
    expect(header(prepared.headers, 'X-Shopify-Triggered-At')).toBe('2026-11-27T12:00:00.000Z')
    expect(prepared.changed).toHaveLength(3)
    expect(prepared.body).toBe(read.body)
    const { headers } = await signWithSecrets('shopify', prepared.body, ['new-app-secret'])
    expect(headers['X-Shopify-Hmac-Sha256']).toBe(createHmac('sha256', 'new-app-secret').update(prepared.body).digest('base64'))
  })
})
