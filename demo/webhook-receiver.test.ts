/**
 * The demo receiver's HTTP contract (the e2e relies on it): CORS only for loopback origins and only
 * on the CORS instance, a preflight that allows every header the generator sends, nothing secret
 * exposed, readiness and the test-only /last record (in all, and per path).
 */
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corsPreflightHeaderNames } from '@/shared/core/http'
import { createSeededRandom, decodeFormPayload, generateWebhook, loadCatalogue, loadSequences, providers, signWebhook } from '@/features/webhooks/core'
import { DEMO_SECRETS } from './webhook-secrets'
import { allowedRequestHeaders, startWebhookReceiver } from './webhook-receiver'

const APP = 'http://127.0.0.1:4173'
let cors: { origin: string; server: Server }
let plain: { origin: string; server: Server }

beforeAll(async () => {
  cors = await startWebhookReceiver(0)
  plain = await startWebhookReceiver(0, { cors: false })
})
afterAll(async () => {
  for (const r of [cors, plain]) await new Promise<void>((resolve) => r.server.close(() => resolve()))
})

const preflight = (origin: string, base: string, headers: string) =>
  fetch(`${base}/webhook`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': headers } })

describe('webhook receiver', () => {
  it('allows, in its preflight, every header a signed request of any provider and event makes the browser announce', async () => {
    const allowed = new Set(allowedRequestHeaders())
    for (const provider of providers) {
      for (const event of provider.events) {
        const sample = generateWebhook(provider.id, event.type)
        const signature = await signWebhook(provider.id, sample.body, DEMO_SECRETS[provider.id] ?? '', { deliveryId: sample.deliveryId })
        for (const name of corsPreflightHeaderNames({ ...sample.headers, ...signature })) expect(allowed, `${provider.id} ${name}`).toContain(name)
      }
    }
    const response = await preflight(APP, cors.origin, 'content-type,x-github-event,x-hub-signature-256')
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(APP)
    expect(response.headers.get('access-control-allow-methods')).toBe('POST')
    expect(response.headers.get('access-control-allow-headers')?.split(', ')).toEqual([...allowed])
    expect(response.headers.get('vary')).toBe('Origin')
  })

  it('answers foreign origins and the no-CORS instance without any Access-Control header', async () => {
    for (const [origin, base] of [['https://evil.example', cors.origin], [APP, plain.origin]] as const) {
      const response = await preflight(origin, base, 'x-github-event')
      const names = [...response.headers.keys()].filter((n) => n.startsWith('access-control-'))
      expect(names, `${origin} → ${base}`).toEqual([])
    }
  })

  it('/redirect-loop redirects to itself for every method, the preflight too (CORS headers only on the CORS instance)', async () => {
    for (const method of ['POST', 'OPTIONS']) {
      const response = await fetch(`${cors.origin}/redirect-loop`, { method, redirect: 'manual', headers: { Origin: APP } })
      expect([response.status, response.headers.get('location'), response.headers.get('access-control-allow-origin')]).toEqual([307, '/redirect-loop', APP])
    }
    const response = await fetch(`${plain.origin}/redirect-loop`, { method: 'POST', redirect: 'manual', headers: { Origin: APP } })
    expect([response.status, response.headers.get('access-control-allow-origin')]).toEqual([307, null])
  })

  it('exposes only its harmless marker header to pages', async () => {
    const response = await fetch(`${cors.origin}/webhook`, { method: 'POST', headers: { Origin: APP, 'X-GitHub-Event': 'ping' }, body: '{}' })
    expect(response.headers.get('access-control-expose-headers')).toBe('X-Webhook-Receiver')
    expect(await response.json()).toMatchObject({ received: true, signatureValid: false, duplicate: false, provider: 'github', event: 'ping' })
  }, 30_000) // the answer waits for the ping schema's first compile (seconds on a busy machine)

  it('reports readiness, refuses GET on the hook and records the last request byte for byte', async () => {
    expect(await (await fetch(`${plain.origin}/health`)).json()).toEqual({ ok: true, cors: false })
    expect((await fetch(`${plain.origin}/webhook`)).status).toBe(405)
    const body = Buffer.from('{"note":"✓ \\u0000 raw"}', 'utf8')
    await fetch(`${plain.origin}/webhook`, { method: 'POST', headers: { 'X-Gitlab-Event': 'Push Hook', 'Idempotency-Key': 'k-1' }, body })
    const last = (await (await fetch(`${plain.origin}/last`)).json()) as { method: string; headers: [string, string][]; bodyBase64: string }
    expect(last.method).toBe('POST')
    expect(Buffer.from(last.bodyBase64, 'base64').equals(body)).toBe(true)
    expect(last.headers).toContainEqual(['Idempotency-Key', 'k-1'])
  })

  it('/last?path= answers the last request to that path, whatever came to other paths after it', async () => {
    await fetch(`${plain.origin}/webhook/mine`, { method: 'POST', body: 'mine' })
    await fetch(`${plain.origin}/webhook`, { method: 'POST', body: 'another test' })
    const mine = (await (await fetch(`${plain.origin}/last?path=/webhook/mine`)).json()) as { url: string; bodyBase64: string }
    expect(mine.url).toBe('/webhook/mine')
    expect(Buffer.from(mine.bodyBase64, 'base64').toString()).toBe('mine')
    const nobody = await fetch(`${plain.origin}/last?path=/webhook/nobody`)
    expect(nobody.status).toBe(404)
    expect(await nobody.json()).toEqual({ error: 'No request to /webhook/nobody received yet.' })
  })

  it('dedupes per provider on the provider’s delivery id', async () => {
    const send = (key: string) =>
      fetch(`${plain.origin}/webhook`, { method: 'POST', headers: { 'X-Gitlab-Event': 'Push Hook', 'Idempotency-Key': key, 'X-Gitlab-Token': DEMO_SECRETS.gitlab ?? '' }, body: '{}' }).then(
        (r) => r.json() as Promise<Record<string, unknown>>,
      )
    expect(await send('dup-1')).toMatchObject({ signatureValid: true, duplicate: false, deliveryId: 'dup-1' })
    expect(await send('dup-1')).toMatchObject({ signatureValid: true, duplicate: true })
    expect(await send('dup-2')).toMatchObject({ duplicate: false })
  })

  it('answers what it found: each delivery against its provider\u2019s description, the sequence against its story', async () => {
    const { generateSequence } = await loadSequences()
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${plain.origin}/webhook`, { method: 'POST', headers, body }).then((r) => r.json() as Promise<{ checks: { problems: string[] }; sequence?: { deliveries: number; problems: string[]; unexplained: string[] } }>)
    const samples = generateSequence('github-pull-request', { now: new Date(), random: createSeededRandom(11) })
    let answer = await post(samples[0]!.headers, samples[0]!.body)
    for (const s of [...samples.slice(1)].reverse()) {
      answer = await post(s.headers, s.body)
      expect(answer.checks.problems, s.event).toEqual([])
    }
    expect(answer.sequence).toMatchObject({ deliveries: samples.length, problems: [], unexplained: [] })
    // A repository hook for an event GitHub sends only to apps, and a push that is not the merge commit.
    const installation = generateWebhook('github', 'push', { random: createSeededRandom(2) })
    const wrongHook = await post({ ...installation.headers, 'X-GitHub-Event': 'installation' }, JSON.stringify({ ...installation.payload, action: 'created' }))
    expect(wrongHook.checks.problems.join(' ')).toMatch(/only to app hooks/)
    const push = samples.at(-1)!
    const mergedAt = (samples[3]!.payload['pull_request'] as { merged_at: string }).merged_at
    const head = { ...(push.payload['head_commit'] as object), id: 'f'.repeat(40), timestamp: mergedAt }
    const stray = await post({ ...push.headers, 'X-GitHub-Delivery': 'another-delivery' }, JSON.stringify({ ...push.payload, after: 'f'.repeat(40), head_commit: head }))
    expect(stray.sequence?.problems.join(' ')).toMatch(/brings f{40}, not the merge commit/)
  }, 30_000)

  it('checks Stripe deliveries against the stripe types and their customer\u2019s story; an unsigned event is still Stripe\u2019s', async () => {
    const { generateSequence } = await loadSequences()
    type Answer = { provider: string | null; signatureValid: boolean; signatureError?: string; checks: { problems: string[] }; sequence?: { story: string; deliveries: number; problems: string[]; unexplained: string[] } }
    const post = (headers: Record<string, string>, body: string) => fetch(`${plain.origin}/webhook`, { method: 'POST', headers, body }).then((r) => r.json() as Promise<Answer>)
    const signed = async (body: string, headers: Record<string, string>) => ({ ...headers, ...(await signWebhook('stripe', body, DEMO_SECRETS.stripe ?? '')) })
    const samples = generateSequence('stripe-checkout-subscription', { now: new Date(), random: createSeededRandom(12) })
    let answer: Answer | undefined
    for (const s of [...samples].reverse()) {
      answer = await post(await signed(s.body, s.headers), s.body)
      expect(answer, s.event).toMatchObject({ provider: 'stripe', signatureValid: true, checks: { problems: [] } })
    }
    expect(answer?.sequence).toMatchObject({ deliveries: samples.length, problems: [], unexplained: [] })
    // The session names another invoice: two invoices in one subscription's Checkout.
    const session = JSON.parse(samples.at(-1)!.body) as { id: string; data: { object: Record<string, unknown> } }
    session.id = 'evt_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2'
    session.data.object['invoice'] = 'in_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2'
    const broken = JSON.stringify(session)
    expect((await post(await signed(broken, samples.at(-1)!.headers), broken)).sequence?.problems.join(' ')).toMatch(/name 2 invoices/)
    // As a page sends it: no Stripe-Signature, and the browser's own User-Agent.
    const unsigned = await post({ ...samples[0]!.headers, 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0' }, samples[0]!.body)
    expect(unsigned).toMatchObject({ provider: 'stripe', signatureValid: false, signatureError: 'No Stripe-Signature header: the request was not signed.', checks: { problems: [] } })
  }, 30_000)

  it('verifies a form-encoded Slack interactivity payload over its raw form bytes and names it', async () => {
    await loadCatalogue('slack')
    const sample = generateWebhook('slack', 'block_actions')
    const headers = { ...sample.headers, ...(await signWebhook('slack', sample.body, DEMO_SECRETS.slack ?? '')) }
    expect(headers['Content-Type']).toBe('application/x-www-form-urlencoded')
    const post = (body: string) => fetch(`${plain.origin}/webhook`, { method: 'POST', headers, body }).then((r) => r.json() as Promise<Record<string, unknown>>)
    expect(await post(sample.body)).toMatchObject({ signatureValid: true, duplicate: false, provider: 'slack', event: 'block_actions', deliveryId: sample.payload['trigger_id'] })
    // The decoded payload is not what Slack signed.
    expect(await post(decodeFormPayload(sample.body) ?? '')).toMatchObject({ signatureValid: false })
  })
})
