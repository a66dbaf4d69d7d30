import { createHmac } from 'node:crypto'
import { verify as verifyGithub } from '@octokit/webhooks-methods'
import { Webhook } from 'standardwebhooks'
import Stripe from 'stripe'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { generateWebhook, providers, signWebhook, WebhookSecretError } from './index'

// Published test vectors (see shared/reference/webhook-formats.md).
const SLACK_VECTOR_BODY =
  'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c'

describe('published test vectors', () => {
  it('GitHub X-Hub-Signature-256', async () => {
    await expect(signWebhook('github', 'Hello, World!', "It's a Secret to Everybody")).resolves.toEqual({
      'X-Hub-Signature-256': 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
    })
  })

  it('Slack v0 signature', async () => {
    const headers = await signWebhook('slack', SLACK_VECTOR_BODY, '8f742231b10e8888abcd99yyyzzz85a5', { now: new Date(1531420618 * 1000) })
    expect(headers).toEqual({
      'X-Slack-Request-Timestamp': '1531420618',
      'X-Slack-Signature': 'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503',
    })
  })

  it('Standard Webhooks v1 signature', async () => {
    const headers = await signWebhook('standard-webhooks', '{"test": 2432232314}', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', {
      now: new Date(1614265330 * 1000),
      deliveryId: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    })
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    })
  })
})

const SECRET = 'sample test secret ✓'
const bodies = (providerId: string) => [
  ...(providers.find((p) => p.id === providerId)?.events ?? []).map((e) => generateWebhook(providerId, e.type).body),
  '{"note":"unicode ✓ — 日本語 🚀","n":1}',
]

describe('official verifiers accept the signatures', () => {
  afterEach(() => vi.useRealTimers())

  it.each(bodies('github'))('@octokit/webhooks-methods verify: %#', async (body) => {
    const { 'X-Hub-Signature-256': signature = '' } = await signWebhook('github', body, SECRET)
    await expect(verifyGithub(SECRET, body, signature)).resolves.toBe(true)
    await expect(verifyGithub(SECRET, `${body} `, signature)).resolves.toBe(false)
    await expect(verifyGithub('other secret', body, signature)).resolves.toBe(false)
  })

  const stripe = new Stripe('sk_test_sample_not_a_real_key')
  const stripeSecret = 'whsec_sample0000000000000000000000'
  it.each(bodies('stripe'))('stripe webhooks.constructEvent: %#', async (body) => {
    const now = new Date('2026-03-01T12:00:00Z')
    const { 'Stripe-Signature': header = '' } = await signWebhook('stripe', body, stripeSecret, { now })
    expect(header).toMatch(/^t=1772366400,v1=[0-9a-f]{64}$/)
    const event = stripe.webhooks.constructEvent(body, header, stripeSecret, 300, undefined, now.getTime() + 299_000)
    expect(event).toEqual(JSON.parse(body))
    expect(() => stripe.webhooks.constructEvent(body, header, stripeSecret, 300, undefined, now.getTime() + 301_000)).toThrow(/tolerance/)
    expect(() => stripe.webhooks.constructEvent(body.replace('1', '2'), header, stripeSecret, 300, undefined, now.getTime())).toThrow(/signature/i)
    // The SDK's own test header for the same timestamp is identical.
    expect(stripe.webhooks.generateTestHeaderString({ payload: body, secret: stripeSecret, timestamp: 1772366400 })).toBe(header)
  })

  it.each(bodies('standard-webhooks'))('standardwebhooks Webhook.verify: %#', async (body) => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
    const now = new Date('2026-03-01T12:00:00Z')
    vi.useFakeTimers({ now })
    const headers = await signWebhook('standard-webhooks', body, secret, { now, deliveryId: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W' })
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body))
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow()
    vi.setSystemTime(now.getTime() + 301_000)
    expect(() => new Webhook(secret).verify(body, headers)).toThrow(/too old/i)
  })

  it('standardwebhooks verifies a generated id when none is given', async () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
    const sample = generateWebhook('standard-webhooks', 'invoice.paid')
    const headers = await signWebhook('standard-webhooks', sample.body, secret)
    expect(headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9]{27}$/)
    expect(new Webhook(secret).verify(sample.body, { ...sample.headers, ...headers })).toEqual(sample.payload)
  })

  it.each(bodies('slack'))("Slack's documented base string recomputed with node:crypto: %#", async (body) => {
    const now = new Date('2026-03-01T12:00:00Z')
    const headers = await signWebhook('slack', body, SECRET, { now })
    const ts = headers['X-Slack-Request-Timestamp']
    expect(ts).toBe('1772366400')
    const expected = `v0=${createHmac('sha256', SECRET).update(`v0:${String(ts)}:${body}`).digest('hex')}`
    expect(headers['X-Slack-Signature']).toBe(expected)
  })

  it.each(bodies('shopify'))('Shopify base64 HMAC recomputed with node:crypto over the raw body: %#', async (body) => {
    const headers = await signWebhook('shopify', body, SECRET)
    expect(headers['X-Shopify-Hmac-Sha256']).toBe(createHmac('sha256', SECRET).update(body, 'utf8').digest('base64'))
  })

  it('GitLab sends the plain token', async () => {
    await expect(signWebhook('gitlab', '{}', 'sample-gitlab-token')).resolves.toEqual({ 'X-Gitlab-Token': 'sample-gitlab-token' })
  })

  it('returns exactly the documented signature header names', async () => {
    for (const p of providers) {
      const secret = p.id === 'standard-webhooks' ? p.secret.example : 'sample-secret'
      const headers = await signWebhook(p.id, '{}', secret)
      expect(Object.keys(headers)).toEqual([...p.signatureHeaders])
    }
  })
})

describe('invalid secrets', () => {
  it.each(providers.map((p) => p.id))('%s: empty secret', async (id) => {
    const error = await signWebhook(id, '{}', '').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WebhookSecretError)
    expect(error).toMatchObject({ code: 'empty', providerId: id, message: 'Enter a secret to sign the request.' })
  })

  it.each(['whsec_not base64!', 'whsec_', 'whsec_abc', 'whsec_YWJj=', 'plain text'])('standard-webhooks rejects %j', async (secret) => {
    const error = await signWebhook('standard-webhooks', '{}', secret).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WebhookSecretError)
    expect(error).toMatchObject({ code: 'invalid-base64', providerId: 'standard-webhooks' })
    expect((error as Error).message).toMatch(/^The secret must be whsec_ followed by standard base64/)
  })

  it('standard-webhooks accepts a bare base64 key like the SDK', async () => {
    const now = new Date('2026-03-01T12:00:00Z')
    const a = await signWebhook('standard-webhooks', '{}', 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', { now, deliveryId: 'msg_x' })
    const b = await signWebhook('standard-webhooks', '{}', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', { now, deliveryId: 'msg_x' })
    expect(a).toEqual(b)
  })

  it.each(['line\nbreak', 'tab-ok\u0000', ' padded ', 'emoji 🚀'])('gitlab rejects a token that is not a valid header value: %j', async (secret) => {
    await expect(signWebhook('gitlab', '{}', secret)).rejects.toMatchObject({ name: 'WebhookSecretError', code: 'invalid-header-value' })
  })
})
