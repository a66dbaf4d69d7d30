import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { generateWebhook, loadCatalogue, providers, signWebhook, UnknownWebhookError, verificationSnippet } from './index'

type Handler = (rawBody: Buffer, headers: Record<string, string>) => { status: number; duplicate?: boolean; challenge?: string }

const dir = mkdtempSync(join(tmpdir(), 'webhook-snippets-'))
const SECRETS: Record<string, [env: string, secret: string]> = {
  github: ['GITHUB_WEBHOOK_SECRET', 'sample-github-secret'],
  stripe: ['STRIPE_WEBHOOK_SECRET', 'whsec_sample0000000000000000000000'],
  slack: ['SLACK_SIGNING_SECRET', '0123456789abcdef0123456789abcdef'],
  shopify: ['SHOPIFY_CLIENT_SECRET', 'sample-shopify-secret'],
  'standard-webhooks': ['WEBHOOK_SECRET', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
  gitlab: ['GITLAB_WEBHOOK_TOKEN', 'sample-gitlab-token'],
}

/** Writes the snippet to a module file and imports it, so the displayed code is the tested code. */
async function load(providerId: string): Promise<Handler> {
  const file = join(dir, `${providerId}.mjs`)
  writeFileSync(file, verificationSnippet(providerId).code)
  const [env, secret] = SECRETS[providerId] ?? ['', '']
  process.env[env] = secret
  const mod = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { handleWebhook: Handler }
  return mod.handleWebhook
}

const lower = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]))

describe('verification snippets', () => {
  it('throws for an unknown provider', () => {
    expect(() => verificationSnippet('nope')).toThrow(UnknownWebhookError)
  })

  it.each(providers.map((p) => p.id))('%s: constant-time comparison, window where it exists, dedupe on the delivery id', async (providerId) => {
    const info = providers.find((p) => p.id === providerId)
    const snippet = verificationSnippet(providerId)
    expect(snippet.language).toBe('javascript')
    expect(snippet.code).toContain('crypto.timingSafeEqual')
    expect(snippet.code.includes('<= 300')).toBe(info?.timestampToleranceSeconds === 300)
    expect(snippet.code.split('\n').length).toBeLessThan(60)

    const handle = await load(providerId)
    const [, secret] = SECRETS[providerId] ?? ['', '']
    const event = info?.events.find((e) => e.type !== 'url_verification')?.type ?? ''
    const sample = generateWebhook(providerId, event)
    const headers = lower({ ...sample.headers, ...(await signWebhook(providerId, sample.body, secret, { deliveryId: sample.deliveryId })) })
    const raw = Buffer.from(sample.body)

    expect(handle(raw, headers)).toEqual({ status: 200 })
    expect(handle(raw, headers)).toEqual({ status: 200, duplicate: true })

    const fresh = generateWebhook(providerId, event)
    const tampered = Buffer.from(fresh.body.replace(/"/, ' "'))
    const freshHeaders = lower({ ...fresh.headers, ...(await signWebhook(providerId, fresh.body, secret, { deliveryId: fresh.deliveryId })) })
    if (providerId === 'gitlab') {
      expect(handle(raw, { ...freshHeaders, 'x-gitlab-token': 'wrong' }).status).toBe(401)
    } else {
      expect(handle(tampered, freshHeaders).status).toBeGreaterThanOrEqual(400)
    }
    if (info?.timestampToleranceSeconds) {
      const old = lower({ ...fresh.headers, ...(await signWebhook(providerId, fresh.body, secret, { deliveryId: fresh.deliveryId, now: new Date(Date.now() - 301_000) })) })
      expect(handle(Buffer.from(fresh.body), old).status).toBeGreaterThanOrEqual(400)
    }
    expect(handle(Buffer.from(fresh.body), freshHeaders)).toEqual({ status: 200 })
  })

  it('slack: answers url_verification with the challenge', async () => {
    const handle = await load('slack')
    const sample = generateWebhook('slack', 'url_verification')
    const headers = lower({ ...sample.headers, ...(await signWebhook('slack', sample.body, SECRETS['slack']?.[1] ?? '')) })
    expect(handle(Buffer.from(sample.body), headers)).toEqual({ status: 200, challenge: sample.payload['challenge'] })
  })

  it('slack: verifies and dedupes a form-encoded interactivity payload (block_actions)', async () => {
    await loadCatalogue('slack')
    const handle = await load('slack')
    const sample = generateWebhook('slack', 'block_actions')
    const headers = lower({ ...sample.headers, ...(await signWebhook('slack', sample.body, SECRETS['slack']?.[1] ?? '')) })
    expect(handle(Buffer.from(sample.body), headers)).toEqual({ status: 200 })
    expect(handle(Buffer.from(sample.body), headers)).toEqual({ status: 200, duplicate: true })
    expect(handle(Buffer.from(sample.body.replace('payload=', 'payload=+')), headers).status).toBe(401)
  })
})
