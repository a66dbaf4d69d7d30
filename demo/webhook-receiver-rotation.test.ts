/**
 * The demo receiver in the middle of a secret rotation (`--rotating`): it accepts a delivery signed with
 * the provider's previous demo secret or its current one, verified by the providers' own libraries;
 * the default receiver knows only the current secret. The replay lab's rollover timeline is sent to both.
 */
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateWebhook, providers } from '@/features/webhooks/core'
import { mergeHeaders } from '@/features/webhooks/io/webhooks-delivery'
import { rolloverSteps, signWithSecrets } from '@/features/webhooks/core/rotation/sign-with-secrets'
import { DEMO_PREVIOUS_SECRETS, DEMO_SECRETS } from './webhook-secrets'
import { ROTATING_SECRETS, startWebhookReceiver } from './webhook-receiver'

let rotating: { origin: string; server: Server }
let current: { origin: string; server: Server }

beforeAll(async () => {
  rotating = await startWebhookReceiver(0, { secrets: ROTATING_SECRETS })
  current = await startWebhookReceiver(0)
})
afterAll(async () => {
  for (const r of [rotating, current]) await new Promise<void>((resolve) => r.server.close(() => resolve()))
})

/** Sends one rollover step of a fresh sample and reads the receiver's verdict. */
async function verdict(origin: string, providerId: string, secrets: string[]): Promise<boolean> {
  const provider = providers.find((p) => p.id === providerId)!
  const sample = generateWebhook(providerId, provider.events[0]!.type)
  const { headers } = await signWithSecrets(providerId, sample.body, secrets, { deliveryId: sample.deliveryId })
  const response = await fetch(`${origin}/webhook`, { method: 'POST', headers: mergeHeaders(sample.headers, headers), body: sample.body })
  return ((await response.json()) as { signatureValid: boolean }).signatureValid
}

describe('webhook receiver during a rotation', () => {
  it('has a distinct previous secret per provider, of the same form as the current one', () => {
    for (const provider of providers) {
      const [previous, now] = [DEMO_PREVIOUS_SECRETS[provider.id], DEMO_SECRETS[provider.id]]
      expect(previous, provider.id).toBeTruthy()
      expect(previous, provider.id).not.toBe(now)
      expect(previous!.startsWith('whsec_'), provider.id).toBe(now!.startsWith('whsec_'))
    }
  })

  it.each(providers.map((p) => p.id))('%s: every rollover step passes the rotating receiver; the one knowing only the new secret rejects the previous-only step', async (providerId) => {
    const steps = rolloverSteps(DEMO_PREVIOUS_SECRETS[providerId]!, DEMO_SECRETS[providerId]!)
    const both = []
    const newOnly = []
    for (const step of steps) {
      both.push(await verdict(rotating.origin, providerId, step.secrets))
      newOnly.push(await verdict(current.origin, providerId, step.secrets))
    }
    expect(both).toEqual([true, true, true])
    // "Both secrets" carries both signatures for Stripe and Standard Webhooks; the others carry the first (previous) secret's alone.
    const multi = providerId === 'stripe' || providerId === 'standard-webhooks'
    expect(newOnly).toEqual([false, multi, true])
  })
})
