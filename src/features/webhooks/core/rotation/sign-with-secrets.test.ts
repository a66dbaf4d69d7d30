import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import Stripe from 'stripe'
import { Webhook } from 'standardwebhooks'
import { verify } from '@octokit/webhooks-methods'
import { rolloverSteps, signWithSecrets } from './sign-with-secrets'

const stripe = new Stripe('sk_test_rotation_not_a_real_key')
const stripeVerifies = (body: string, header: string, secret: string) => {
  try {
    stripe.webhooks.constructEvent(body, header, secret)
    return true
  } catch {
    return false
  }
}
const standardVerifies = (body: string, headers: Record<string, string>, secret: string) => {
  try {
    new Webhook(secret).verify(body, headers)
    return true
  } catch {
    return false
  }
}

const jsonBody = fc.json({ maxDepth: 2 })
const stripeSecret = fc.stringMatching(/^whsec_[A-Za-z0-9]{8,32}$/)
const standardSecret = fc.uint8Array({ minLength: 24, maxLength: 32 }).map((bytes) => `whsec_${Buffer.from(bytes).toString('base64')}`)
/** Two to four distinct secrets, and one more that is not among them. */
const secretsAndStranger = (secret: fc.Arbitrary<string>) => fc.uniqueArray(secret, { minLength: 3, maxLength: 5 }).map((all) => ({ secrets: all.slice(0, -1), stranger: all.at(-1)! }))

describe('signWithSecrets', () => {
  it('Stripe: the official library accepts the delivery with any one of the secrets, and refuses any other', async () => {
    await fc.assert(
      fc.asyncProperty(jsonBody, secretsAndStranger(stripeSecret), async (body, { secrets, stranger }) => {
        const { headers, notes } = await signWithSecrets('stripe', body, secrets)
        expect(notes).toEqual([])
        expect(headers['Stripe-Signature']!.split(',').filter((p) => p.startsWith('v1='))).toHaveLength(secrets.length)
        for (const secret of secrets) expect(stripeVerifies(body, headers['Stripe-Signature']!, secret)).toBe(true)
        expect(stripeVerifies(body, headers['Stripe-Signature']!, stranger)).toBe(false)
      }),
      { numRuns: 40 },
    )
  })

  it('Standard Webhooks: the official library accepts the delivery with any one of the secrets, and refuses any other', async () => {
    await fc.assert(
      fc.asyncProperty(jsonBody, secretsAndStranger(standardSecret), async (body, { secrets, stranger }) => {
        const { headers } = await signWithSecrets('standard-webhooks', body, secrets)
        expect(headers['webhook-signature']!.split(' ')).toHaveLength(secrets.length)
        for (const secret of secrets) expect(standardVerifies(body, headers, secret)).toBe(true)
        expect(standardVerifies(body, headers, stranger)).toBe(false)
      }),
      { numRuns: 40 },
    )
  })

  it('GitHub carries one signature: the first secret\'s, with a note to verify against the list', async () => {
    const body = '{"zen":"Keep it logically awesome."}'
    const { headers, notes } = await signWithSecrets('github', body, ['old-secret', 'new-secret'])
    await expect(verify('old-secret', body, headers['X-Hub-Signature-256']!)).resolves.toBe(true)
    await expect(verify('new-secret', body, headers['X-Hub-Signature-256']!)).resolves.toBe(false)
    expect(notes[0]).toMatch(/one signature, made with one secret/)
  })

  it('a rollover goes previous only → both → new only, each verifiable by a handler that knows its step\'s secrets', async () => {
    const [previous, next] = ['whsec_previousSecret000000000000', 'whsec_nextSecret0000000000000000']
    const body = '{"id":"evt_1","object":"event"}'
    const steps = rolloverSteps(previous, next)
    expect(steps.map((s) => s.label)).toEqual(['Previous secret only', 'Both secrets', 'New secret only'])
    const verdicts = []
    for (const step of steps) {
      const { headers } = await signWithSecrets('stripe', body, step.secrets)
      verdicts.push([stripeVerifies(body, headers['Stripe-Signature']!, previous), stripeVerifies(body, headers['Stripe-Signature']!, next)])
    }
    // A handler that only knows the new secret rejects the first step: what the timeline shows the user.
    expect(verdicts).toEqual([[true, false], [true, true], [false, true]])
  })
})
