/**
 * A delivery the demo receiver got, read back from its GET /last by the webhook import, keeps the
 * bytes its signature covers: the official verifiers accept what was imported, for every provider.
 */
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verify } from '@octokit/webhooks-methods'
import { Webhook } from 'standardwebhooks'
import Stripe from 'stripe'
import { generateWebhook, providers, signWebhook } from '@/features/webhooks/core'
import { importDelivery } from '@/features/webhooks/core/import/import-delivery'
import { exportDelivery } from '@/features/webhooks/core/import/export-delivery'
import { DEMO_SECRETS } from './webhook-secrets'
import { startWebhookReceiver } from './webhook-receiver'

let receiver: { origin: string; server: Server }
beforeAll(async () => {
  receiver = await startWebhookReceiver(0)
})
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.server.close(() => resolve()))
})

describe('importing the receiver\'s /last', () => {
  it.each(providers.map((p) => p.id))('%s: the imported delivery is what was sent, and its signature verifies', async (id) => {
    const provider = providers.find((p) => p.id === id)!
    const sample = generateWebhook(id, provider.events[0]!.type)
    const secret = DEMO_SECRETS[id] ?? ''
    const signature = await signWebhook(id, sample.body, secret, { deliveryId: sample.deliveryId })
    const headers = { ...sample.headers, ...signature }
    const path = `/webhook/import-${id}`
    await fetch(`${receiver.origin}${path}`, { method: 'POST', headers, body: sample.body }).then((r) => r.arrayBuffer())
    const last = await fetch(`${receiver.origin}/last?path=${encodeURIComponent(path)}`).then((r) => r.text())
    const read = importDelivery(last)
    if (!read.ok) throw new Error(read.message)
    expect(read).toMatchObject({ format: 'receiver', method: 'POST', url: path, provider: id, bodyExact: true, body: sample.body })
    // Round trip through our own export of the receiver form.
    const again = importDelivery(exportDelivery(read, 'receiver'))
    expect(again).toMatchObject({ ok: true, body: sample.body, headers: read.headers })
    const header = (name: string) => read.headers.find(([n]) => n.toLowerCase() === name)?.[1] ?? ''
    if (id === 'github') await expect(verify(secret, read.body, header('x-hub-signature-256'))).resolves.toBe(true)
    if (id === 'stripe') expect(new Stripe('sk_test_x').webhooks.constructEvent(read.body, header('stripe-signature'), secret).id).toBeTruthy()
    if (id === 'standard-webhooks') {
      expect(() => new Webhook(secret).verify(read.body, { 'webhook-id': header('webhook-id'), 'webhook-timestamp': header('webhook-timestamp'), 'webhook-signature': header('webhook-signature') })).not.toThrow()
    }
  })
})
