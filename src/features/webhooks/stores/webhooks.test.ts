/**
 * The webhook store against the real demo receiver (started in-process on a free port): signing with
 * the demo secrets verifies with the official SDKs, Send twice is reported as a duplicate, failures
 * carry a curl fallback; plus persistence (edits survive a "reload", the secret never is stored).
 */
import type { Server } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { createPinia, setActivePinia } from 'pinia'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { createSeededRandom, generateWebhook, loadCatalogue, providers, signWebhook } from '@/features/webhooks/core'
import { curlPreview } from '@/features/webhooks/core/curl-preview'
import { DRAFT_STORAGE_KEY, HANDLER_URL_STORAGE_KEY, useWebhookStore } from '@/features/webhooks/stores/webhooks'
import { useWebhookCatalogueStore } from '@/features/webhooks/stores/webhooks-catalogue'
import { handlerUrlProblem, mergeHeaders } from '@/features/webhooks/io/webhooks-delivery'
import { DEMO_SECRETS } from '../../../../demo/webhook-secrets'
import { prettyBody, readReceiverReport } from '@/features/webhooks/core/delivery-format'
import { formatElapsed } from '@/shared/core/format'
import { startWebhookReceiver } from '../../../../demo/webhook-receiver'
import { installMemoryLocalStorage } from '../../../shared/testing/memory-storage'

const storage = installMemoryLocalStorage()

const CONTEXT = { origin: 'http://127.0.0.1:4173', online: true }
let receiver: { origin: string; server: Server }

beforeAll(async () => {
  receiver = await startWebhookReceiver(0)
})
afterAll(() => new Promise<void>((resolve) => receiver.server.close(() => resolve())))

/** A fresh store, as after a page load (reads whatever the storage holds). */
function load() {
  setActivePinia(createPinia())
  return useWebhookStore()
}

beforeEach(() => storage.clear())

describe('webhook store: generation and persistence', () => {
  it('starts with a GitHub push sample whose body is the editor text', () => {
    const store = load()
    expect(store.providerId).toBe('github')
    expect(store.eventType).toBe('push')
    expect(store.bodyText).toBe(store.sample.body)
    expect(store.edited).toBe(false)
  })

  it('announces a picked event', async () => {
    const { announce, message } = useAnnouncer()
    await announce('')
    const store = load()
    store.selectProvider('stripe')
    store.selectEvent('charge.refunded')
    await nextTick()
    await nextTick()
    expect(message.value).toBe('Charge refunded (charge.refunded): Stripe sample generated.')
  })

  it("announces another provider's event picked from a search with the label the picker lists (its catalogue's)", async () => {
    const { announce, message } = useAnnouncer()
    await announce('')
    const store = load()
    const catalogue = useWebhookCatalogueStore()
    await catalogue.loadAll()
    const listed = catalogue.eventsOf('stripe').find((e) => e.type === 'payment_intent.succeeded')
    store.selectProviderEvent('stripe', 'payment_intent.succeeded')
    await nextTick()
    await nextTick()
    expect([store.providerId, store.eventType]).toEqual(['stripe', 'payment_intent.succeeded'])
    expect(message.value).toBe(`${listed?.label} (payment_intent.succeeded): Stripe sample generated.`)
    // Not the built-in list's own wording for the same event.
    expect(message.value).not.toContain('PaymentIntent succeeded')
  })

  it('keeps edits across a reload until Regenerate, with the same provider, event and headers', async () => {
    const first = load()
    first.selectProvider('stripe')
    first.selectEvent('charge.refunded')
    first.bodyText = first.bodyText.replace('"livemode": false', '"livemode": true')
    await nextTick()
    const sample = first.sample

    const second = load()
    expect(second.providerId).toBe('stripe')
    expect(second.eventType).toBe('charge.refunded')
    expect(second.bodyText).toContain('"livemode": true')
    expect(second.sample).toEqual(sample)
    expect(second.edited).toBe(true)

    second.regenerate()
    await nextTick()
    expect(second.edited).toBe(false)
    expect(second.sample.deliveryId).not.toBe(sample.deliveryId)
    expect(load().bodyText).toBe(second.sample.body)
  })

  it('generates with injected sources: the same seed and time give the same sample', () => {
    const now = new Date('2026-01-15T12:00:00Z')
    const a = load()
    a.setSources({ now: () => now, random: createSeededRandom(7) })
    a.regenerate()
    const b = load()
    b.setSources({ now: () => now, random: createSeededRandom(7) })
    b.regenerate()
    expect(b.sample).toEqual(a.sample)
    expect(a.bodyText).toContain('"pushed_at":1768478400')
  })

  it('ignores a corrupt or unknown saved draft', () => {
    storage.setItem(DRAFT_STORAGE_KEY, '{"version":1,"sample":{"provider":"nope","event":"x"},"bodyText":"{}"}')
    expect(load().providerId).toBe('github')
    storage.setItem(DRAFT_STORAGE_KEY, 'not json')
    expect(load().providerId).toBe('github')
  })

  it('remembers the handler URL but never the secret', async () => {
    const store = load()
    store.handlerUrl = `${receiver.origin}/webhook`
    store.sign = true
    store.secret = 'a-secret-that-must-stay-in-memory'
    store.bodyText = `${store.bodyText} `
    await nextTick()
    expect(await store.send(1, CONTEXT)).toBe('sent')
    expect(storage.getItem(HANDLER_URL_STORAGE_KEY)).toBe(`${receiver.origin}/webhook`)
    expect(storage.dump()).not.toContain('a-secret-that-must-stay-in-memory')
    expect(load().secret).toBe('')
  })
})

describe('webhook store: invalid JSON', () => {
  it('locates the error, blocks Send with the reason and keeps the text', async () => {
    const store = load()
    store.handlerUrl = `${receiver.origin}/webhook`
    store.bodyText = '{\n  "a": 1,\n  "b": }'
    expect(store.diagnostics).toEqual([expect.objectContaining({ line: 3, column: 8, severity: 'error' })])
    expect(store.sendBlocked).toBe('Fix the body first: it is not valid JSON (line 3, column 8).')
    expect(await store.send(1, CONTEXT)).toBe('blocked')
    expect(store.bodyText).toBe('{\n  "a": 1,\n  "b": }')
    expect(store.applyVariant('remove-field').ok).toBe(false)
  })
})

describe('webhook store: sending to the real demo receiver', () => {
  it.each(providers.map((p) => p.id))('%s: signed with the demo secret, the receiver verifies it', async (providerId) => {
    const store = load()
    store.selectProvider(providerId)
    store.handlerUrl = `${receiver.origin}/webhook`
    store.sign = true
    store.secret = DEMO_SECRETS[providerId] ?? ''
    expect(await store.send(1, CONTEXT)).toBe('sent')
    expect(store.results).toHaveLength(1)
    const report = readReceiverReport(store.results[0]?.body ?? '')
    expect(report).toMatchObject({ received: true, signatureValid: true, duplicate: false })
  })

  it('a form-encoded Slack block_actions: the curl command, run in bash, delivers the exact signed form bytes', async () => {
    await loadCatalogue('slack')
    const sample = generateWebhook('slack', 'block_actions')
    const headers = { ...sample.headers, ...(await signWebhook('slack', sample.body, DEMO_SECRETS['slack'] ?? '')) }
    const { command } = curlPreview({ url: `${receiver.origin}/webhook`, headers, body: sample.body }, { urlOk: true, signing: 'signed' })
    expect(command).toContain("-H 'Content-Type: application/x-www-form-urlencoded'")
    const { stdout } = await promisify(execFile)('bash', ['-c', command])
    expect(JSON.parse(stdout)).toMatchObject({ signatureValid: true, provider: 'slack', event: 'block_actions' })
    const last = (await (await fetch(`${receiver.origin}/last`)).json()) as { bodyBase64: string }
    expect(Buffer.from(last.bodyBase64, 'base64').toString('utf8')).toBe(sample.body)
  })

  it('Send twice delivers the identical request; the second is a duplicate', async () => {
    const store = load()
    store.selectProvider('slack')
    store.handlerUrl = `${receiver.origin}/webhook`
    store.sign = true
    store.secret = DEMO_SECRETS.slack ?? ''
    expect(await store.send(2, CONTEXT)).toBe('sent')
    const [first, second] = store.results.map((r) => readReceiverReport(r.body))
    expect(first).toMatchObject({ signatureValid: true, duplicate: false })
    expect(second).toMatchObject({ signatureValid: true, duplicate: true, deliveryId: first?.deliveryId })
  })

  it('an unsigned or wrongly signed request is received but not valid', async () => {
    const store = load()
    store.handlerUrl = `${receiver.origin}/webhook`
    await store.send(1, CONTEXT)
    expect(readReceiverReport(store.results[0]?.body ?? '')).toMatchObject({ signatureValid: false, signatureError: expect.stringContaining('not signed') })
    store.regenerate()
    store.sign = true
    store.secret = 'wrong'
    await store.send(1, CONTEXT)
    expect(readReceiverReport(store.results[0]?.body ?? '')).toMatchObject({ signatureValid: false })
  })

  it('a malformed secret is reported at the field and nothing is sent', async () => {
    const store = load()
    store.selectProvider('standard-webhooks')
    store.handlerUrl = `${receiver.origin}/webhook`
    store.sign = true
    store.secret = 'whsec_%%%'
    expect(await store.send(1, CONTEXT)).toBe('blocked')
    expect(store.secretError).toMatch(/base64/)
    expect(store.results).toEqual([])
  })

  it('a handler that is not running is "unreachable" (never CORS), with curl and a preflight probe; a GitLab token stays out of the command', async () => {
    const closed = await startWebhookReceiver(0)
    const url = `${closed.origin}/webhook`
    await new Promise<void>((resolve) => closed.server.close(() => resolve()))
    const store = load()
    store.selectProvider('gitlab')
    store.handlerUrl = url
    store.sign = true
    store.secret = 'token-value'
    expect(await store.send(1, CONTEXT)).toBe('failed')
    const failure = store.failure
    expect(failure?.cause).toBe('unreachable')
    expect(failure?.url).toBe(url)
    expect(failure?.curl).toContain(`'${url}'`)
    expect(failure?.curl).toContain('"X-Gitlab-Token: $X_GITLAB_TOKEN"')
    expect(failure?.curl).not.toContain('token-value')
    expect(failure?.envVars).toEqual([{ header: 'X-Gitlab-Token', variable: 'X_GITLAB_TOKEN' }])
    expect(failure?.preflightHeaders).toContain('x-gitlab-event')
    expect(failure?.preflightCurl).toContain("-H 'Origin: http://127.0.0.1:4173'")
  })
})

describe('webhook store: robustness variants', () => {
  it('applies variants in the provider serialisation and reverts them', () => {
    const store = load()
    const original = store.bodyText
    expect(store.applyVariant('remove-field')).toMatchObject({ ok: true, message: 'Removed `ref`.' })
    expect(JSON.parse(store.bodyText)).not.toHaveProperty('ref')
    expect(store.applyVariant('add-unknown-field').ok).toBe(true)
    expect(store.bodyText).toContain('"unexpected_field"')
    store.revertVariant()
    expect(store.bodyText).toBe(original)
  })

  it('keeps Shopify 64-bit ids exact', () => {
    const store = load()
    store.selectProvider('shopify')
    const id = /"id":(\d{18})/.exec(store.bodyText)?.[1]
    store.applyVariant('add-unknown-field')
    expect(store.bodyText).toContain(`"id":${id}`)
  })
})

describe('helpers', () => {
  it('mergeHeaders lets signed values win, case-insensitively', () => {
    expect(mergeHeaders({ 'Content-Type': 'application/json', 'webhook-timestamp': '1' }, { 'Webhook-Timestamp': '2', 'webhook-signature': 'v1,x' })).toEqual({
      'Content-Type': 'application/json',
      'Webhook-Timestamp': '2',
      'webhook-signature': 'v1,x',
    })
  })

  it('handlerUrlProblem explains each bad URL', () => {
    expect(handlerUrlProblem('')).toMatch(/^Enter the URL/)
    expect(handlerUrlProblem('example.com/hook')).toMatch(/not a complete URL/)
    expect(handlerUrlProblem('ftp://example.com/')).toMatch(/ftp:/)
    expect(handlerUrlProblem('https://user:pw@example.com/')).toMatch(/user name and password/)
    expect(handlerUrlProblem(' https://example.com/hook ')).toBeNull()
  })

  it('format helpers: receiver fields only from a JSON object, durations, pretty bodies', () => {
    expect(readReceiverReport('{"received":true,"duplicate":true,"other":1}')).toEqual({ received: true, duplicate: true })
    expect(readReceiverReport('{"other":1}')).toBeNull()
    expect(readReceiverReport('<html>')).toBeNull()
    expect(readReceiverReport('[true]')).toBeNull()
    expect(formatElapsed(12.4)).toBe('12 ms')
    // One wording for measured times across the app (the GraphQL tester's): two decimals under 10 s, was '1.8 s'.
    expect(formatElapsed(1830)).toBe('1.83 s')
    expect(prettyBody('{"a":[1]}')).toBe('{\n  "a": [\n    1\n  ]\n}')
    expect(prettyBody('not json')).toBe('not json')
  })
})
