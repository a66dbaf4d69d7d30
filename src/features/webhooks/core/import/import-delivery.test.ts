import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createHmac } from 'node:crypto'
import { verify } from '@octokit/webhooks-methods'
import Stripe from 'stripe'
import { importDelivery } from './import-delivery'
import { exportDelivery, type DeliveryExportFormat } from './export-delivery'

const secret = 'It’s a Secret to Everybody'
const githubBody = '{"zen":"Design for failure.","hook_id":123456}'
const githubSignature = `sha256=${createHmac('sha256', secret).update(githubBody).digest('hex')}`

describe('importDelivery', () => {
  it('reads a raw request as GitHub documents its delivery headers, body byte for byte (docs.github.com "Delivery headers")', async () => {
    const text = [
      'POST /payload HTTP/2',
      'X-GitHub-Delivery: 72d3162e-cc78-11e3-81ab-4c9367dc0958',
      'X-Hub-Signature-256: ' + githubSignature,
      'User-Agent: GitHub-Hookshot/044aadd',
      'Content-Type: application/json',
      'X-GitHub-Event: ping',
      'X-GitHub-Hook-ID: 123456',
      '',
      githubBody,
    ].join('\r\n')
    const read = importDelivery(text)
    expect(read).toMatchObject({ ok: true, format: 'http', method: 'POST', url: '/payload', provider: 'github', bodyExact: true, body: githubBody })
    if (!read.ok) return
    // The official verifier accepts what was imported: the bytes survived.
    await expect(verify(secret, read.body, githubSignature)).resolves.toBe(true)
  })

  it("reads DevTools' Copy as cURL (bash) of a Stripe delivery", () => {
    const body = '{\n  "id": "evt_1",\n  "object": "event"\n}'
    const text = `curl 'https://example.com/webhooks/stripe' \\\n  -H 'content-type: application/json; charset=utf-8' \\\n  -H 'stripe-signature: t=1700000000,v1=abc' \\\n  --data-raw $'${body.replace(/\n/g, '\\n')}'`
    const read = importDelivery(text)
    expect(read).toMatchObject({ ok: true, format: 'curl', method: 'POST', url: 'https://example.com/webhooks/stripe', provider: 'stripe', body })
  })

  it('reads the first POST of a HAR 1.2 log (the spec\'s log.entries[].request.postData.text), leaving out HTTP/2 pseudo-headers', () => {
    const har = {
      log: {
        version: '1.2',
        creator: { name: 'WebInspector', version: '537.36' },
        entries: [
          { request: { method: 'GET', url: 'https://example.com/', headers: [], queryString: [] } },
          {
            request: {
              method: 'POST',
              url: 'https://example.com/hooks/shopify',
              httpVersion: 'http/2.0',
              headers: [
                { name: ':authority', value: 'example.com' },
                { name: ':method', value: 'POST' },
                { name: 'content-type', value: 'application/json' },
                { name: 'x-shopify-hmac-sha256', value: 'XWmrwMey6OsLMeiZKwP4FppHH3cmAiiJJAweH5Jo4bM=' },
                { name: 'x-shopify-topic', value: 'orders/create' },
              ],
              postData: { mimeType: 'application/json', text: '{"id":820982911946154508}' },
            },
          },
        ],
      },
    }
    const read = importDelivery(JSON.stringify(har, null, 2))
    expect(read).toMatchObject({ ok: true, format: 'har', url: 'https://example.com/hooks/shopify', provider: 'shopify', body: '{"id":820982911946154508}' })
    if (!read.ok) return
    expect(read.headers.map(([n]) => n)).toEqual(['content-type', 'x-shopify-hmac-sha256', 'x-shopify-topic'])
    expect(read.notes.join(' ')).toMatch(/pseudo-headers \(:authority, :method\)/)
  })

  it("reads webhook.site's request (webhooksite/webhook.site app/Storage/Request.php: content is the raw input, headers list values per lower-cased name)", () => {
    const request = {
      uuid: '0d4f3c1e-9a2b-4c5d-8e7f-1a2b3c4d5e6f',
      token_id: '6f1c2d3e-4b5a-4968-8776-5a4b3c2d1e0f',
      ip: '192.0.2.1',
      hostname: 'webhook.site',
      method: 'POST',
      user_agent: 'Svix-Webhooks/1.24.0',
      content: '{"type":"user.created","data":{"id":"u_1"}}',
      query: null,
      headers: { 'content-type': ['application/json'], 'webhook-id': ['msg_2KWPBgLlAfxdpx2AI54pPJ85f4W'], 'webhook-timestamp': ['1674087231'], 'webhook-signature': ['v1,abc= v1,def='] },
      url: 'https://webhook.site/6f1c2d3e-4b5a-4968-8776-5a4b3c2d1e0f',
      created_at: '2026-11-27 10:00:00.000',
    }
    const read = importDelivery(JSON.stringify({ data: [request, { ...request, uuid: 'other' }], total: 2 }))
    expect(read).toMatchObject({ ok: true, format: 'webhook.site', provider: 'standard-webhooks', body: request.content, bodyExact: true })
    if (!read.ok) return
    expect(read.headers).toContainEqual(['webhook-signature', 'v1,abc= v1,def='])
    expect(read.notes).toEqual(['The list holds 2 requests; the first is imported.'])
  })

  it("reads a smee.io event (probot/smee.io lib/server.js: the headers beside the parsed body, query and timestamp) and says the bytes are lost", async () => {
    const event = {
      host: 'smee.io',
      'content-type': 'application/json',
      'x-github-event': 'ping',
      'x-hub-signature-256': githubSignature,
      body: JSON.parse(githubBody),
      query: {},
      timestamp: 1764237600000,
    }
    const read = importDelivery(JSON.stringify(event))
    expect(read).toMatchObject({ ok: true, format: 'smee', provider: 'github', bodyExact: false })
    if (!read.ok) return
    // What the smee client forwards (probot/smee-client index.ts): JSON.stringify of the parsed body.
    expect(read.body).toBe(JSON.stringify(event.body))
    expect(read.headers.map(([n]) => n)).not.toContain('timestamp')
    expect(read.notes[0]).toMatch(/smee.io parsed the JSON body/)
  })

  it('a relay\'s re-serialised body no longer verifies, so the note is the truth (official verifier)', async () => {
    const spaced = '{\n  "zen": "Design for failure."\n}'
    const signature = `sha256=${createHmac('sha256', secret).update(spaced).digest('hex')}`
    const read = importDelivery(JSON.stringify({ 'x-hub-signature-256': signature, 'x-github-event': 'ping', body: JSON.parse(spaced), query: {}, timestamp: 1 }))
    if (!read.ok) throw new Error(read.message)
    await expect(verify(secret, read.body, signature)).resolves.toBe(false)
  })

  it('reads `stripe listen --print-json` output as a Stripe event without headers, to be signed', () => {
    const event = { id: 'evt_1QXYZ', object: 'event', api_version: '2025-01-27.acacia', created: 1737936000, data: { object: { id: 'ch_1', object: 'charge' } }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type: 'charge.succeeded' }
    const text = `${JSON.stringify(event, null, 2)}\n`
    const read = importDelivery(text)
    expect(read).toMatchObject({ ok: true, format: 'stripe-cli', provider: 'stripe', bodyExact: false, body: text.trim() })
    if (!read.ok) return
    // Signed with the user's secret, the official library takes it.
    const header = Stripe.webhooks.generateTestHeaderString({ payload: read.body, secret: 'whsec_test' })
    expect(new Stripe('sk_test_x').webhooks.constructEvent(read.body, header, 'whsec_test').type).toBe('charge.succeeded')
  })

  it('names what it could not read, at the form it looks like', () => {
    expect(importDelivery('')).toMatchObject({ ok: false, message: expect.stringMatching(/Paste a delivery/) })
    expect(importDelivery('{"hello": 1}')).toMatchObject({ ok: false, message: expect.stringMatching(/not a delivery form we read/) })
    expect(importDelivery('{"log": {"entries": [{"request": {"method": "GET", "url": "https://e.x/"}}]}}')).toMatchObject({ ok: false, message: expect.stringMatching(/has 1 request and none sends a body/) })
    expect(importDelivery("curl 'https://e.x/' -H")).toMatchObject({ ok: false, message: expect.stringMatching(/^The curl command could not be read/) })
    expect(importDelivery('this is not\na request')).toMatchObject({ ok: false, message: expect.stringMatching(/Line 1 is not a header/) })
  })
})

describe('exportDelivery', () => {
  const token = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/).filter((n) => !/^(?:content-type|content-length|host)$/i.test(n))
  // Visible ASCII, spaces inside only (a header value's ends are trimmed).
  const value = fc.stringMatching(/^[\x21-\x7e](?:[\x20-\x7e]{0,30}[\x21-\x7e])?$/)
  const request = fc.record({
    path: fc.stringMatching(/^\/[a-z0-9/_-]{0,20}$/),
    headers: fc.array(fc.tuple(token, value), { maxLength: 6 }),
    body: fc.string({ unit: 'grapheme', maxLength: 80 }),
  })

  it.each<DeliveryExportFormat>(['http', 'curl', 'har', 'receiver'])('import(export(x, %s)) gives x back: method, URL, headers in order, body', (format) => {
    fc.assert(
      fc.property(request, ({ path, headers, body }) => {
        const url = format === 'http' || format === 'receiver' ? path : `https://hooks.example.com${path}`
        const all: [string, string][] = [['Content-Type', 'application/json'], ...headers]
        const read = importDelivery(exportDelivery({ method: 'POST', url, headers: all, body }, format))
        if (!read.ok) throw new Error(read.message)
        expect(read.method).toBe('POST')
        expect(read.url).toBe(url)
        expect(read.headers).toEqual(all)
        expect(read.body).toBe(body)
      }),
      { numRuns: 60 },
    )
  })
})
