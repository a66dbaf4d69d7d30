/**
 * The doctor against deliveries signed by the official SDKs (stripe, standardwebhooks,
 * @octokit/webhooks-methods) and, for Slack and Shopify, their documented algorithms with published
 * vectors: each valid delivery is `valid`, each corruption gives its own cause first.
 */
import { createHmac } from 'node:crypto'
import { sign as signGithub } from '@octokit/webhooks-methods'
import { Webhook } from 'standardwebhooks'
import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { diagnoseWebhookSignature } from './diagnose'
import type { DiagnoseSignatureInput, SignatureDiagnosis } from './types'

const stripeSdk = new Stripe('sk_test_doctor_not_a_real_key')
const T = 1_763_900_000 // a fixed signing time (Unix s)
const NOW = new Date(T * 1000 + 30_000) // 30 s after signing
const JSON_BODY = '{"id":"evt_1","type":"x.y","data":{"name":"Zoë","url":"https://example.com/a"}}'
const PRETTY_BODY = JSON.stringify(JSON.parse(JSON_BODY), null, 2)

const diagnose = (input: Partial<DiagnoseSignatureInput> & Pick<DiagnoseSignatureInput, 'request' | 'secret'>) => diagnoseWebhookSignature({ now: NOW, ...input })
const codes = (d: SignatureDiagnosis) => d.causes.map((c) => c.code)

/** A provider's correctly signed request for a body and secret, built with its SDK or documented algorithm. */
type Signer = (body: string, secret: string, t?: number) => Promise<Record<string, string>>

const GITHUB_SECRET = "It's a Secret to Everybody"
const STRIPE_SECRET = 'whsec_test_doctor0000000000000000'
const SLACK_SECRET = '8f742231b10e8888abcd99yyyzzz85a5'
const SHOPIFY_SECRET = 'shpss_doctor_sample_secret'
const STANDARD_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'

const signers: Record<'github' | 'stripe' | 'slack' | 'shopify' | 'standard-webhooks', { secret: string; sign: Signer; body: string }> = {
  github: { secret: GITHUB_SECRET, body: JSON_BODY, sign: async (body, secret) => ({ 'X-GitHub-Event': 'push', 'X-Hub-Signature-256': await signGithub(secret, body) }) },
  stripe: {
    secret: STRIPE_SECRET,
    body: PRETTY_BODY,
    sign: async (body, secret, t = T) => ({ 'Stripe-Signature': stripeSdk.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: t }) }),
  },
  slack: {
    secret: SLACK_SECRET,
    body: JSON_BODY,
    // Slack's documented base string (no SDK here): v0:<timestamp>:<body>, hex HMAC-SHA256.
    sign: async (body, secret, t = T) => ({ 'X-Slack-Request-Timestamp': String(t), 'X-Slack-Signature': `v0=${createHmac('sha256', secret).update(`v0:${t}:${body}`).digest('hex')}` }),
  },
  shopify: {
    secret: SHOPIFY_SECRET,
    body: JSON_BODY,
    // Shopify's documented check: base64 HMAC-SHA256 of the raw body with the app secret.
    sign: async (body, secret) => ({ 'X-Shopify-Topic': 'orders/create', 'X-Shopify-Hmac-Sha256': createHmac('sha256', secret).update(body).digest('base64') }),
  },
  'standard-webhooks': {
    secret: STANDARD_SECRET,
    body: JSON_BODY,
    sign: async (body, secret, t = T) => ({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': String(t),
      'webhook-signature': new Webhook(secret).sign('msg_p5jXN8AQM9LWM0D4loKWxJek', new Date(t * 1000), body),
    }),
  },
}
const HMAC_PROVIDERS = Object.keys(signers) as (keyof typeof signers)[]

/** The request as raw HTTP text, as a user pastes it. */
function http(headers: Record<string, string>, body: string, eol = '\r\n'): string {
  return `POST /webhook HTTP/1.1${eol}${Object.entries(headers).map(([n, v]) => `${n}: ${v}`).join(eol)}${eol}${eol}${body}`
}

describe('published test vectors verify', () => {
  it('GitHub: "Hello, World!"', async () => {
    const d = await diagnose({
      request: { headers: { 'X-Hub-Signature-256': 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17' }, body: 'Hello, World!' },
      secret: GITHUB_SECRET,
    })
    expect(d).toMatchObject({ provider: 'github', verdict: 'valid', causes: [] })
  })

  it('Slack: the slash-command vector, with its base string shown', async () => {
    const body =
      'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c'
    const headers = { 'X-Slack-Request-Timestamp': '1531420618', 'X-Slack-Signature': 'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503' }
    const d = await diagnose({ request: { headers, body }, secret: SLACK_SECRET, now: new Date(1531420618 * 1000) })
    expect(d).toMatchObject({ provider: 'slack', verdict: 'valid', causes: [], expected: headers['X-Slack-Signature'], signedContent: `v0:1531420618:${body}` })
  })

  it('Standard Webhooks: the spec vector', async () => {
    const headers = { 'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek', 'webhook-timestamp': '1614265330', 'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' }
    const d = await diagnose({ request: { headers, body: '{"test": 2432232314}' }, secret: STANDARD_SECRET, now: new Date(1614265330 * 1000) })
    expect(d).toMatchObject({ provider: 'standard-webhooks', verdict: 'valid', signedContent: 'msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330.{"test": 2432232314}' })
  })
})

describe.each(HMAC_PROVIDERS)('%s', (id) => {
  const { secret, sign, body } = signers[id]

  it('SDK-signed delivery is valid, detected from the headers, as raw HTTP, JSON log and parts', async () => {
    const headers = await sign(body, secret)
    for (const request of [http(headers, body), JSON.stringify({ headers, body }), { headers: Object.entries(headers), body }]) {
      const d = await diagnose({ request, secret })
      expect(d.verdict, JSON.stringify(d)).toBe('valid')
      expect(d.provider).toBe(id)
      expect(d.causes).toEqual([])
      expect(d.expected).toBeDefined()
    }
  })

  it('header names in any case', async () => {
    const headers = Object.fromEntries(Object.entries(await sign(body, secret)).map(([n, v]) => [n.toUpperCase(), v]))
    expect((await diagnose({ request: { headers, body }, secret })).verdict).toBe('valid')
  })

  it('re-serialised JSON body → body-reserialized', async () => {
    const headers = await sign(body, secret)
    const other = body === PRETTY_BODY ? JSON_BODY : PRETTY_BODY
    const d = await diagnose({ request: { headers, body: other }, secret })
    expect(d.verdict).toBe('invalid')
    expect(codes(d)[0]).toBe('body-reserialized')
  })

  it('re-serialised by a logger that stored parsed JSON → body-reserialized, saying the bytes were lost', async () => {
    const headers = await sign(body, secret)
    const d = await diagnose({ request: JSON.stringify({ headers, body: JSON.parse(body) }), secret })
    if (body === JSON_BODY) {
      // A compact body survives JSON.stringify of the parsed data unchanged.
      expect(d.verdict).toBe('valid')
    } else {
      expect(codes(d)[0]).toBe('body-reserialized')
      expect(d.causes[0]!.message).toMatch(/parsed JSON/)
    }
  })

  it('CRLF line endings and a trailing newline → body-line-endings', async () => {
    const headers = await sign(body, secret)
    for (const changed of [`${body}\n`, PRETTY_BODY === body ? body.replace(/\n/g, '\r\n') : `${body}\r\n`]) {
      const d = await diagnose({ request: { headers, body: changed }, secret })
      expect(codes(d)[0], JSON.stringify(changed.slice(-4))).toBe('body-line-endings')
    }
    // The same through a raw paste whose body gained a newline at the end.
    expect(codes(await diagnose({ request: http(headers, `${body}\n`), secret }))[0]).toBe('body-line-endings')
  })

  it('characters re-encoded on the way (UTF-8 read as Latin-1, a byte-order mark) → body-charset', async () => {
    const headers = await sign(body, secret)
    // What a proxy that took the UTF-8 bytes for Latin-1 and wrote them out as UTF-8 passes on: "Zoë" → "ZoÃ«".
    const latin1Read = String.fromCharCode(...new TextEncoder().encode(body))
    expect(latin1Read).toContain('ZoÃ«')
    for (const changed of [latin1Read, `\uFEFF${body}`]) {
      const d = await diagnose({ request: { headers, body: changed }, secret })
      expect(d.verdict).toBe('invalid')
      expect(codes(d)[0], JSON.stringify(changed.slice(0, 12))).toBe('body-charset')
    }
  })

  it('a delivery relayed by smee.io (Host: smee.io) that re-serialised the JSON → body-reserialized naming the relay', async () => {
    const headers = await sign(body, secret)
    const other = body === PRETTY_BODY ? JSON_BODY : PRETTY_BODY
    const d = await diagnose({ request: { headers: { Host: 'smee.io', ...headers }, body: other }, secret })
    expect(codes(d)[0]).toBe('body-reserialized')
    expect(d.causes[0]!.message).toMatch(/smee\.io parses the JSON it relays/)
  })

  it('whitespace around the secret → secret-whitespace', async () => {
    const headers = await sign(body, secret)
    const d = await diagnose({ request: { headers, body }, secret: `  ${secret}\n` })
    expect(d.verdict).toBe('invalid')
    expect(codes(d)).toEqual(['secret-whitespace'])
  })

  it('a plain wrong secret → wrong-secret-or-body', async () => {
    const headers = await sign(body, secret)
    const wrong = id === 'standard-webhooks' ? 'whsec_QW5vdGhlclNlY3JldEtleTEyMzQ1Njc4OTAxMg==' : `${secret}x`
    const d = await diagnose({ request: { headers, body }, secret: wrong })
    expect(d.verdict).toBe('invalid')
    expect(codes(d)).toEqual(['wrong-secret-or-body'])
    expect(d.expected).not.toBe(d.received)
  })

  it('an empty secret → wrong-secret-or-body asking for it', async () => {
    const d = await diagnose({ request: { headers: await sign(body, secret), body }, secret: '' })
    expect(codes(d)).toEqual(['wrong-secret-or-body'])
    expect(d.causes[0]!.message).toMatch(/^Enter the secret/)
  })

  it('a missing signature header → cannot-check, naming the header', async () => {
    const headers = await sign(body, secret)
    const kept = Object.fromEntries(Object.entries(headers).filter(([n]) => !/signature|hmac/i.test(n)))
    const d = await diagnose({ request: { headers: kept, body }, secret, provider: id })
    expect(d).toMatchObject({ verdict: 'cannot-check', provider: id })
    expect(codes(d)).toEqual(['no-signature-header'])
    expect(d.causes[0]!.message).toContain(d.signatureHeader!)
  })
})

describe('timestamps', () => {
  it.each(['stripe', 'slack', 'standard-webhooks'] as const)('%s: valid at 299 s, timestamp-outside-tolerance at 301 s (and with a custom tolerance)', async (id) => {
    const { secret, sign, body } = signers[id]
    const headers = await sign(body, secret)
    expect((await diagnose({ request: { headers, body }, secret, now: new Date((T + 299) * 1000) })).verdict).toBe('valid')
    const late = await diagnose({ request: { headers, body }, secret, now: new Date((T + 301) * 1000) })
    expect(late).toMatchObject({ verdict: 'invalid', causes: [{ code: 'timestamp-outside-tolerance' }] })
    expect(late.causes[0]!.message).toContain('5 min 1 s before now')
    expect((await diagnose({ request: { headers, body }, secret, now: new Date((T + 3600) * 1000), toleranceSeconds: 0 })).verdict).toBe('valid')
    expect(codes(await diagnose({ request: { headers, body }, secret, now: new Date((T + 61) * 1000), toleranceSeconds: 60 }))).toEqual(['timestamp-outside-tolerance'])
  })

  it('the SDKs agree at the edges: stripe-node accepts 300 s, rejects 301 s', async () => {
    const { secret, sign, body } = signers.stripe
    const header = (await sign(body, secret))['Stripe-Signature']!
    expect(() => stripeSdk.webhooks.constructEvent(body, header, secret, 300, undefined, (T + 300) * 1000)).not.toThrow()
    expect(() => stripeSdk.webhooks.constructEvent(body, header, secret, 300, undefined, (T + 301) * 1000)).toThrow(/tolerance/)
  })

  it('future timestamps: Stripe accepts them (as stripe-node), Slack and Standard Webhooks reject them', async () => {
    for (const id of ['stripe', 'slack', 'standard-webhooks'] as const) {
      const { secret, sign, body } = signers[id]
      const d = await diagnose({ request: { headers: await sign(body, secret, T + 1000), body }, secret })
      expect(d.verdict, id).toBe(id === 'stripe' ? 'valid' : 'invalid')
      if (id !== 'stripe') expect(d.causes[0]!.message).toContain('after now')
    }
    const { secret, sign, body } = signers.stripe
    const header = (await sign(body, secret, T + 1000))['Stripe-Signature']!
    expect(() => stripeSdk.webhooks.constructEvent(body, header, secret, 300, undefined, T * 1000)).not.toThrow()
  })

  it('a signature fixed by a candidate and also too old lists both causes', async () => {
    const { secret, sign, body } = signers.slack
    const d = await diagnose({ request: { headers: await sign(body, secret), body: `${body}\n` }, secret, now: new Date((T + 900) * 1000) })
    expect(codes(d)).toEqual(['body-line-endings', 'timestamp-outside-tolerance'])
  })

  it('Slack without X-Slack-Request-Timestamp and Standard Webhooks without webhook-timestamp → timestamp-missing', async () => {
    for (const [id, name] of [['slack', 'X-Slack-Request-Timestamp'], ['standard-webhooks', 'webhook-timestamp']] as const) {
      const { secret, sign, body } = signers[id]
      const headers = Object.fromEntries(Object.entries(await sign(body, secret)).filter(([n]) => n !== name))
      const d = await diagnose({ request: { headers, body }, secret })
      expect(d).toMatchObject({ verdict: 'invalid', causes: [{ code: 'timestamp-missing' }] })
      expect(d.causes[0]!.message).toContain(name)
    }
  })
})

describe('malformed headers → malformed-signature-header', () => {
  const cases: [string, Record<string, string>, string][] = [
    ['GitHub hex of the wrong length', { 'X-Hub-Signature-256': 'sha256=abc123' }, GITHUB_SECRET],
    ['GitHub without sha256=', { 'X-Hub-Signature-256': '757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17' }, GITHUB_SECRET],
    ['GitHub upper-case hex', { 'X-Hub-Signature-256': 'sha256=757107EA0EB2509FC211221CCE984B8A37570B6D7586C22C46F4379C8B043E17' }, GITHUB_SECRET],
    ['Stripe without t=', { 'Stripe-Signature': `v1=${'a'.repeat(64)}` }, STRIPE_SECRET],
    ['Stripe without v1=', { 'Stripe-Signature': `t=${T},v0=${'a'.repeat(64)}` }, STRIPE_SECRET],
    ['Stripe v1 of the wrong length', { 'Stripe-Signature': `t=${T},v1=abcd` }, STRIPE_SECRET],
    ['Slack without v0=', { 'X-Slack-Request-Timestamp': String(T), 'X-Slack-Signature': 'a'.repeat(64) }, SLACK_SECRET],
    ['Shopify hex instead of base64', { 'X-Shopify-Hmac-Sha256': 'a'.repeat(64) }, SHOPIFY_SECRET],
    ['Standard Webhooks without a v1 entry', { 'webhook-id': 'msg_1', 'webhook-timestamp': String(T), 'webhook-signature': 'v1a,abc' }, STANDARD_SECRET],
  ]
  it.each(cases)('%s', async (_, headers, secret) => {
    const d = await diagnose({ request: { headers, body: 'Hello, World!' }, secret })
    expect(d.verdict).toBe('invalid')
    expect(codes(d)).toEqual(['malformed-signature-header'])
  })

  it('GitHub upper-case hex of the right signature says so, with the expected lower-case value', async () => {
    const d = await diagnose({ request: { headers: { 'X-Hub-Signature-256': 'sha256=757107EA0EB2509FC211221CCE984B8A37570B6D7586C22C46F4379C8B043E17' }, body: 'Hello, World!' }, secret: GITHUB_SECRET })
    expect(d.causes[0]!.message).toMatch(/upper-case/)
    expect(d.expected).toBe('sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17')
  })
})

describe('secret encoding → secret-encoding', () => {
  it('Stripe: the secret entered without its whsec_ prefix', async () => {
    const { secret, sign, body } = signers.stripe
    const d = await diagnose({ request: { headers: await sign(body, secret), body }, secret: secret.slice('whsec_'.length) })
    expect(codes(d)).toEqual(['secret-encoding'])
    expect(d.causes[0]!.message).toContain('with the whsec_ prefix')
  })

  it('Stripe: a sender that base64-decoded the part after whsec_ (the Standard Webhooks way)', async () => {
    const body = JSON_BODY
    const key = Buffer.from(STANDARD_SECRET.slice(6), 'base64')
    const v1 = createHmac('sha256', key).update(`${T}.${body}`).digest('hex')
    const d = await diagnose({ request: { headers: { 'Stripe-Signature': `t=${T},v1=${v1}` }, body }, secret: STANDARD_SECRET })
    expect(codes(d)).toEqual(['secret-encoding'])
  })

  it('Standard Webhooks: a sender that used the whole whsec_ string as text', async () => {
    const body = JSON_BODY
    const signature = createHmac('sha256', STANDARD_SECRET).update(`msg_1.${T}.${body}`).digest('base64')
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(T), 'webhook-signature': `v1,${signature}` }
    const d = await diagnose({ request: { headers, body }, secret: STANDARD_SECRET })
    expect(codes(d)).toEqual(['secret-encoding'])
    expect(d.causes[0]!.message).toContain('not base64-decoded')
  })

  it('Slack: a hex-looking secret that was hex-decoded, and also padded with whitespace', async () => {
    const body = JSON_BODY
    const v0 = createHmac('sha256', Buffer.from('a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5', 'hex')).update(`v0:${T}:${body}`).digest('hex')
    const headers = { 'X-Slack-Request-Timestamp': String(T), 'X-Slack-Signature': `v0=${v0}` }
    expect(codes(await diagnose({ request: { headers, body }, secret: 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5' }))).toEqual(['secret-encoding'])
    expect(codes(await diagnose({ request: { headers, body }, secret: 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5\n' }))).toEqual(['secret-whitespace', 'secret-encoding'])
  })

  it('Standard Webhooks: a secret that is not base64 and matches no other reading → wrong-secret-or-body saying so', async () => {
    const { sign, body } = signers['standard-webhooks']
    const d = await diagnose({ request: { headers: await sign(body, STANDARD_SECRET), body }, secret: 'whsec_not base64!' })
    expect(codes(d)).toEqual(['wrong-secret-or-body'])
    expect(d.causes[0]!.message).toMatch(/not a Standard Webhooks key/)
    expect(d.expected).toBeUndefined()
  })
})

describe('several signatures', () => {
  it('Stripe during secret rotation: any matching v1 verifies; the test-mode v0 is ignored', async () => {
    const { secret, sign, body } = signers.stripe
    const good = (await sign(body, secret))['Stripe-Signature']!
    const v1 = good.split('v1=')[1]!
    const header = `t=${T},v1=${'0'.repeat(64)},v1=${v1},v0=${'f'.repeat(64)}`
    expect(() => stripeSdk.webhooks.constructEvent(body, header, secret, 300, undefined, T * 1000)).not.toThrow()
    expect((await diagnose({ request: { headers: { 'Stripe-Signature': header }, body }, secret })).verdict).toBe('valid')
  })

  it('Standard Webhooks: any matching v1 among space-separated entries verifies', async () => {
    const { secret, sign, body } = signers['standard-webhooks']
    const headers = await sign(body, secret)
    headers['webhook-signature'] = `v1a,ignoredAsymmetric v1,${Buffer.alloc(32).toString('base64')} ${headers['webhook-signature']}`
    expect(() => new Webhook(secret).verify(body, headers)).toThrow(/too old/) // the SDK reads the real clock; the doctor takes `now`
    expect((await diagnose({ request: { headers, body }, secret })).verdict).toBe('valid')
  })

  it('Svix header names (svix-id, svix-timestamp, svix-signature) are the same scheme', async () => {
    const { secret, sign, body } = signers['standard-webhooks']
    const headers = Object.fromEntries(Object.entries(await sign(body, secret)).map(([n, v]) => [n.replace('webhook-', 'svix-'), v]))
    expect(await diagnose({ request: { headers, body }, secret })).toMatchObject({ provider: 'standard-webhooks', verdict: 'valid', signatureHeader: 'svix-signature' })
  })
})

describe('GitHub legacy X-Hub-Signature (sha1)', () => {
  it('verifies alone, and X-Hub-Signature-256 wins when both are present', async () => {
    const sha1 = `sha1=${createHmac('sha1', GITHUB_SECRET).update(JSON_BODY).digest('hex')}`
    expect(await diagnose({ request: { headers: { 'X-Hub-Signature': sha1 }, body: JSON_BODY }, secret: GITHUB_SECRET })).toMatchObject({ verdict: 'valid', signatureHeader: 'X-Hub-Signature', expected: sha1 })
    const both = { 'X-Hub-Signature': sha1, 'X-Hub-Signature-256': await signGithub(GITHUB_SECRET, JSON_BODY) }
    expect(await diagnose({ request: { headers: both, body: JSON_BODY }, secret: GITHUB_SECRET })).toMatchObject({ verdict: 'valid', signatureHeader: 'X-Hub-Signature-256' })
  })
})

describe('GitLab (a plain token)', () => {
  const headers = { 'X-Gitlab-Event': 'Push Hook', 'X-Gitlab-Token': 'awb-token' }
  it('the token equal to the secret is valid whatever the body', async () => {
    expect(await diagnose({ request: { headers, body: '{"a":1}' }, secret: 'awb-token' })).toMatchObject({ provider: 'gitlab', verdict: 'valid' })
  })
  it('whitespace around the secret, another token, no header', async () => {
    expect(codes(await diagnose({ request: { headers, body: '' }, secret: ' awb-token\n' }))).toEqual(['secret-whitespace'])
    expect(codes(await diagnose({ request: { headers, body: '' }, secret: 'other' }))).toEqual(['wrong-secret-or-body'])
    const d = await diagnose({ request: { headers: { 'X-Gitlab-Event': 'Push Hook' }, body: '' }, secret: 'awb-token' })
    expect(d).toMatchObject({ verdict: 'cannot-check', causes: [{ code: 'no-signature-header' }] })
  })
  it('GitLab with Standard Webhooks headers (its newer signing) is checked as Standard Webhooks', async () => {
    const { secret, sign, body } = signers['standard-webhooks']
    const d = await diagnose({ request: { headers: { 'X-Gitlab-Event': 'Push Hook', ...(await sign(body, secret)) }, body }, secret })
    expect(d).toMatchObject({ provider: 'standard-webhooks', verdict: 'valid' })
  })
})

describe('what cannot be checked', () => {
  it('no known headers → unknown-provider; the provider can be chosen', async () => {
    const d = await diagnose({ request: { headers: { 'Content-Type': 'application/json' }, body: '{}' }, secret: 's' })
    expect(d).toMatchObject({ provider: null, verdict: 'cannot-check', causes: [{ code: 'unknown-provider' }] })
    const chosen = await diagnose({ request: { headers: { 'Content-Type': 'application/json' }, body: '{}' }, secret: 's', provider: 'shopify' })
    expect(chosen).toMatchObject({ provider: 'shopify', verdict: 'cannot-check', causes: [{ code: 'no-signature-header' }] })
  })

  it('unreadable text → cannot-check with the reason; never throws', async () => {
    const d = await diagnose({ request: 'this is not a request\nat all', secret: 's' })
    expect(d).toMatchObject({ verdict: 'cannot-check', causes: [{ code: 'no-signature-header' }] })
    expect(d.causes[0]!.message).toMatch(/Line 1 is not a header/)
    expect((await diagnose({ request: '', secret: 's' })).verdict).toBe('cannot-check')
  })

  it('uses the current time by default', async () => {
    const { secret, sign, body } = signers.slack
    const headers = await sign(body, secret, Math.floor(Date.now() / 1000))
    expect((await diagnoseWebhookSignature({ request: { headers, body }, secret })).verdict).toBe('valid')
  })
})

describe('Slack interactivity: form bodies (payload=<URL-encoded JSON>)', () => {
  const FORM_BODY = `payload=${new URLSearchParams({ payload: '{"type":"block_actions","actions":[{"value":"a b"}]}' }).toString().slice('payload='.length)}`
  const slackSign = signers.slack.sign

  it('the raw form bytes verify', async () => {
    const d = await diagnose({ request: { headers: await slackSign(FORM_BODY, SLACK_SECRET), body: FORM_BODY }, secret: SLACK_SECRET })
    expect(d.verdict).toBe('valid')
  })

  it('a check over the decoded payload field → body-reserialized, naming the form body', async () => {
    const decoded = new URLSearchParams(FORM_BODY).get('payload') ?? ''
    const d = await diagnose({ request: { headers: await slackSign(FORM_BODY, SLACK_SECRET), body: decoded }, secret: SLACK_SECRET })
    expect(codes(d)[0]).toBe('body-reserialized')
    expect(d.causes[0]!.message).toMatch(/form body as the form field payload=/)
  })

  it('the form re-encoded with %20 for spaces → body-reserialized', async () => {
    const reencoded = `payload=${encodeURIComponent(new URLSearchParams(FORM_BODY).get('payload') ?? '')}`
    const d = await diagnose({ request: { headers: await slackSign(FORM_BODY, SLACK_SECRET), body: reencoded }, secret: SLACK_SECRET })
    expect(codes(d)[0]).toBe('body-reserialized')
    expect(d.causes[0]!.message).toMatch(/spaces as "\+"/)
  })
})

describe('a body too large to try every candidate', { timeout: 60_000 }, () => {
  const big = `{"data":"${'x'.repeat(2_000_000)}"}`

  it('tries only the secret’s readings, and says what it skipped', async () => {
    const headers = { 'X-Hub-Signature-256': await signGithub('another secret', big), 'X-GitHub-Event': 'push' }
    const d = await diagnose({ request: { headers, body: big }, secret: GITHUB_SECRET })
    expect(d.verdict).toBe('invalid')
    expect(codes(d)).toEqual(['wrong-secret-or-body'])
    expect(d.skipped).toBe("The body is 2.0 MB, so re-serialised JSON and changed line endings were not tried (they are for bodies up to 1.0 MB); the secret's other readings were.")
    expect(d.causes[0]?.message).not.toContain('re-serialised JSON')
  })

  it('still finds a secret with whitespace around it, and a valid signature', async () => {
    const headers = { 'X-Hub-Signature-256': await signGithub(GITHUB_SECRET, big), 'X-GitHub-Event': 'push' }
    expect(codes(await diagnose({ request: { headers, body: big }, secret: `${GITHUB_SECRET}\n` }))).toEqual(['secret-whitespace'])
    expect((await diagnose({ request: { headers, body: big }, secret: GITHUB_SECRET })).verdict).toBe('valid')
  })
})
