/**
 * The demo webhook receiver: a small handler on 127.0.0.1 that the webhook page sends to. It verifies
 * signatures with the providers' official SDKs (or their documented scheme where there is no SDK)
 * for the demo secrets in demo/webhook-secrets.ts, remembers delivery ids, checks each delivery against its
 * provider's description (demo/webhook-checks.ts) and the story of the deliveries before it
 * (demo/webhook-story.ts), and answers `{received, signatureValid, duplicate, provider, event, deliveryId,
 * checks, sequence}`.
 *
 *   npx tsx demo/webhook-receiver.ts --port 4500 [--no-cors] [--rotating]
 *
 * --rotating: a handler in the middle of a secret rotation, accepting each provider's previous demo
 * secret as well as its current one (demo/webhook-secrets.ts).
 *
 * Routes: POST /webhook (any other POST path is accepted too), POST /never (reads the request and
 * never answers: a hung handler, for Send's timeout and Cancel), `/big?mb=100&type=json|text` and
 * `/gzip-bomb?mb=10` (hostile answers for the crash tests: large-bodies.ts), `/redirect-loop` (a 307 to
 * itself for every method, the preflight too), GET /health (readiness), and the
 * test-only GET /last: the last received request as sent (method, url, raw header pairs, body as
 * base64), so the e2e can compare the bytes a curl command delivered — `?path=/webhook/mine` for the
 * last one sent to that path, as tests running beside each other share the receiver — and GET /answers: the latest
 * answers in the order given (a page's reading of them is bounded, so the e2e reads the verdicts here).
 *
 * CORS (unless --no-cors): loopback origins only (the app under `npm start`, `vite preview` or the dev
 * server); the preflight allows POST and exactly the header names the generator can produce, and
 * the one exposed response header is a harmless marker. The --no-cors twin sends no CORS headers at
 * all, so a browser's preflight fails there, as it would against a handler that never heard of CORS.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { verify as verifyGithub } from '@octokit/webhooks-methods'
import { Webhook } from 'standardwebhooks'
import Stripe from 'stripe'
import { isLoopbackHost } from '../src/shared/core/http/url.ts'
import { generateWebhook, providers } from '../src/features/webhooks/core/index.ts'
import { DEMO_PREVIOUS_SECRETS, DEMO_SECRETS } from './webhook-secrets.ts'
import { serveLargeBody } from './large-bodies.ts'
import { checkDelivery, parseDeliveryBody } from './webhook-checks.ts'
import { createStoryChecker, type StoryVerdict } from './webhook-story.ts'

/** What the receiver answers for a delivery. */
export interface ReceiverAnswer {
  received: true
  /** Whether the signature (GitLab: the token) matched the demo secret. */
  signatureValid: boolean
  /** Why the signature was not valid, in words; absent when valid. */
  signatureError?: string
  /** Whether this provider's delivery id was seen before. */
  duplicate: boolean
  /** Detected provider id, or null when no provider's headers were present. */
  provider: string | null
  event: string | null
  deliveryId: string | null
  /** Slack url_verification: the challenge a handler must echo. */
  challenge?: string
  /**
   * What in this delivery differs from its provider's description (GitHub: its schemas and hook types;
   * others: the documented headers and payloads), or from its own earlier delivery; empty when nothing.
   */
  checks: { problems: string[] }
  /** For a GitHub repository's, GitLab project's or Stripe customer's deliveries: the relations across them so far. */
  sequence?: StoryVerdict
}

/** The last request as it arrived. */
export interface LastRequest {
  method: string
  url: string
  /** Raw header pairs in order, names as sent. */
  headers: [string, string][]
  bodyBase64: string
}

const MAX_BODY = 1024 * 1024
/** How many paths GET /last?path= remembers. */
const LAST_PATHS_KEPT = 200

/** How many answers GET /answers keeps. */
const KEPT_ANSWERS = 500
const MARKER_HEADER = 'X-Webhook-Receiver'

/** Every header name the generator can send (sample headers and signature headers), lower-cased. */
export function allowedRequestHeaders(): string[] {
  const names = new Set<string>()
  for (const provider of providers) {
    for (const name of provider.signatureHeaders) names.add(name.toLowerCase())
    for (const event of provider.events) {
      for (const name of Object.keys(generateWebhook(provider.id, event.type).headers)) names.add(name.toLowerCase())
    }
  }
  return [...names].sort()
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}

function detectProvider(req: IncomingMessage): string | null {
  if (header(req, 'x-github-event')) return 'github'
  if (header(req, 'stripe-signature') || /^Stripe\//.test(header(req, 'user-agent') ?? '')) return 'stripe'
  if (header(req, 'x-slack-signature') || header(req, 'x-slack-request-timestamp') || /^Slackbot/.test(header(req, 'user-agent') ?? '')) return 'slack'
  if (header(req, 'x-shopify-topic')) return 'shopify'
  if (header(req, 'x-gitlab-event')) return 'gitlab'
  if (header(req, 'webhook-id')) return 'standard-webhooks'
  return null
}

/**
 * Whether a body is a Stripe event (`evt_` id, `object: "event"`): an unsigned one sent from a browser
 * carries no Stripe header at all (a page cannot set User-Agent), yet is Stripe's.
 */
function isStripeEvent(json: Record<string, unknown> | null): boolean {
  return json?.['object'] === 'event' && typeof json['id'] === 'string' && json['id'].startsWith('evt_') && typeof json['type'] === 'string'
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

const stripe = new Stripe('sk_test_demo_receiver_not_a_real_key')

/**
 * Verifies with the official SDK or the documented scheme against each of the provider's secrets, as a
 * handler does during a rotation; resolves to an error sentence (the first secret's) or null.
 */
async function checkSignature(provider: string, req: IncomingMessage, body: Buffer, secrets: Readonly<Record<string, readonly string[]>>): Promise<string | null> {
  const list = secrets[provider] ?? ['']
  let first: string | null = null
  for (const secret of list) {
    const error = await checkWithSecret(provider, req, body, secret)
    if (error === null) return null
    first ??= error
  }
  return list.length > 1 && first ? `${first} (checked against ${list.length} secrets)` : first
}

/** Verifies with one secret; resolves to an error sentence or null. */
async function checkWithSecret(provider: string, req: IncomingMessage, body: Buffer, secret: string): Promise<string | null> {
  const text = body.toString('utf8')
  const missing = (name: string) => `No ${name} header: the request was not signed.`
  switch (provider) {
    case 'github': {
      const signature = header(req, 'x-hub-signature-256')
      if (!signature) return missing('X-Hub-Signature-256')
      return (await verifyGithub(secret, text, signature)) ? null : 'X-Hub-Signature-256 does not match the demo secret.'
    }
    case 'stripe': {
      const signature = header(req, 'stripe-signature')
      if (!signature) return missing('Stripe-Signature')
      try {
        stripe.webhooks.constructEvent(body, signature, secret)
        return null
      } catch (error) {
        return error instanceof Error ? error.message : String(error)
      }
    }
    case 'slack': {
      const timestamp = header(req, 'x-slack-request-timestamp') ?? ''
      const signature = header(req, 'x-slack-signature')
      if (!signature) return missing('X-Slack-Signature')
      if (!(Math.abs(Date.now() / 1000 - Number(timestamp)) <= 300)) return 'X-Slack-Request-Timestamp is more than 5 minutes away.'
      const expected = `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${text}`).digest('hex')}`
      return safeEqual(expected, signature) ? null : 'X-Slack-Signature does not match the demo secret.'
    }
    case 'shopify': {
      const signature = header(req, 'x-shopify-hmac-sha256')
      if (!signature) return missing('X-Shopify-Hmac-Sha256')
      const expected = createHmac('sha256', secret).update(body).digest('base64')
      return safeEqual(expected, signature) ? null : 'X-Shopify-Hmac-Sha256 does not match the demo secret.'
    }
    case 'standard-webhooks': {
      if (!header(req, 'webhook-signature')) return missing('webhook-signature')
      try {
        new Webhook(secret).verify(text, {
          'webhook-id': header(req, 'webhook-id') ?? '',
          'webhook-timestamp': header(req, 'webhook-timestamp') ?? '',
          'webhook-signature': header(req, 'webhook-signature') ?? '',
        })
        return null
      } catch (error) {
        return error instanceof Error ? error.message : String(error)
      }
    }
    case 'gitlab': {
      const token = header(req, 'x-gitlab-token')
      if (!token) return missing('X-Gitlab-Token')
      return safeEqual(secret, token) ? null : 'X-Gitlab-Token does not match the demo token.'
    }
    default:
      return 'No known provider headers (X-GitHub-Event, Stripe-Signature, X-Slack-Signature, X-Shopify-Topic, X-Gitlab-Event, webhook-id).'
  }
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}

/** The id the provider's handlers dedupe on, and the event name. */
function identify(provider: string | null, req: IncomingMessage, json: Record<string, unknown> | null): { deliveryId: string | null; event: string | null } {
  const inner = json?.event && typeof json.event === 'object' ? (json.event as Record<string, unknown>) : null
  switch (provider) {
    case 'github': {
      const action = str(json?.action)
      const name = header(req, 'x-github-event') ?? null
      return { deliveryId: header(req, 'x-github-delivery') ?? null, event: name && action ? `${name}.${action}` : name }
    }
    case 'stripe':
      return { deliveryId: str(json?.id), event: str(json?.type) }
    case 'slack': {
      // Interactivity payloads carry no event id: the trigger_id (or, without one, the view hash) identifies them.
      const view = json?.view && typeof json.view === 'object' ? (json.view as Record<string, unknown>) : null
      return { deliveryId: str(json?.event_id) ?? str(json?.trigger_id) ?? str(view?.hash), event: str(inner?.type) ?? str(json?.type) }
    }
    case 'shopify':
      return { deliveryId: header(req, 'x-shopify-event-id') ?? null, event: header(req, 'x-shopify-topic') ?? null }
    case 'standard-webhooks':
      return { deliveryId: header(req, 'webhook-id') ?? null, event: str(json?.type) }
    case 'gitlab':
      return { deliveryId: header(req, 'idempotency-key') ?? null, event: header(req, 'x-gitlab-event') ?? null }
    default:
      return { deliveryId: null, event: null }
  }
}

/** Options of {@link createWebhookReceiver}. */
export interface ReceiverOptions {
  /** Send CORS headers (allow loopback origins). @default true */
  cors?: boolean
  /**
   * The secrets each provider's signature is checked against; a delivery is valid when one matches.
   * @default one per provider: {@link DEMO_SECRETS}
   */
  secrets?: Readonly<Record<string, readonly string[]>>
}

/** The secrets of a receiver in the middle of a rotation: each provider's previous demo secret and its current one. */
export const ROTATING_SECRETS: Readonly<Record<string, readonly string[]>> = Object.freeze(
  Object.fromEntries(Object.entries(DEMO_SECRETS).map(([provider, secret]) => [provider, [DEMO_PREVIOUS_SECRETS[provider] ?? '', secret]])),
)

/** Creates (does not start) the receiver. */
export function createWebhookReceiver(options: ReceiverOptions = {}): Server {
  const cors = options.cors ?? true
  const secrets = options.secrets ?? Object.fromEntries(Object.entries(DEMO_SECRETS).map(([provider, secret]) => [provider, [secret]]))
  const allowHeaders = allowedRequestHeaders().join(', ')
  const seen = new Set<string>()
  const stories = createStoryChecker()
  const answers: ReceiverAnswer[] = []
  let last: LastRequest | null = null
  /** The last request by path, the oldest path forgotten past {@link LAST_PATHS_KEPT}. */
  const lastByPath = new Map<string, LastRequest>()

  const corsHeaders = (req: IncomingMessage): Record<string, string> => {
    const origin = header(req, 'origin')
    if (!cors || !origin) return {}
    const url = URL.canParse(origin) ? new URL(origin) : null
    const loopback = !!url && (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname)
    if (!loopback) return { Vary: 'Origin' }
    return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': MARKER_HEADER, Vary: 'Origin' }
  }

  const reply = (req: IncomingMessage, res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', [MARKER_HEADER]: 'api-workbench-demo', ...corsHeaders(req) })
    res.end(JSON.stringify(body))
  }

  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://receiver.invalid')
    if (url.pathname === '/redirect-loop') {
      // A handler behind a rewrite rule that points at itself: every method, the preflight too.
      res.writeHead(307, { Location: '/redirect-loop', ...corsHeaders(req) })
      res.end()
      return
    }
    if (req.method === 'OPTIONS') {
      const allow = corsHeaders(req)
      if (!allow['Access-Control-Allow-Origin']) {
        // No CORS (or a foreign origin): answer without any Access-Control-* header, so the browser refuses.
        res.writeHead(204, allow)
        res.end()
        return
      }
      res.writeHead(204, { ...allow, 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': allowHeaders, 'Access-Control-Max-Age': '600' })
      res.end()
      return
    }
    if (req.method === 'GET' && url.pathname === '/health') return reply(req, res, 200, { ok: true, cors })
    if (req.method === 'GET' && url.pathname === '/answers') return reply(req, res, 200, answers)
    if (req.method === 'GET' && url.pathname === '/last') {
      const path = url.searchParams.get('path')
      const found = path === null ? last : lastByPath.get(path)
      return found ? reply(req, res, 200, found) : reply(req, res, 404, { error: path === null ? 'No request received yet.' : `No request to ${path} received yet.` })
    }
    for (const [name, value] of Object.entries(corsHeaders(req))) res.setHeader(name, value)
    if (serveLargeBody(url, req, res)) return
    if (req.method !== 'POST') return reply(req, res, 405, { error: 'Send webhooks with POST.' })
    // A handler that hangs: the body is read (so the client is not blocked writing it), no answer is ever sent.
    if (url.pathname === '/never') return void req.resume()

    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY) chunks.push(chunk)
    })
    req.on('end', () => {
      if (size > MAX_BODY) return reply(req, res, 413, { error: 'Body larger than 1 MB.' })
      const body = Buffer.concat(chunks)
      const headers: [string, string][] = []
      for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.push([req.rawHeaders[i] ?? '', req.rawHeaders[i + 1] ?? ''])
      last = { method: req.method ?? '', url: req.url ?? '', headers, bodyBase64: body.toString('base64') }
      lastByPath.delete(url.pathname)
      lastByPath.set(url.pathname, last)
      if (lastByPath.size > LAST_PATHS_KEPT) lastByPath.delete(lastByPath.keys().next().value ?? '')

      const text = body.toString('utf8')
      const json = parseDeliveryBody(text)
      const provider = detectProvider(req) ?? (isStripeEvent(json) ? 'stripe' : null)
      const { deliveryId, event } = identify(provider, req, json)
      void Promise.all([checkSignature(provider ?? '', req, body, secrets), provider ? checkDelivery(provider, (name) => header(req, name), json, text) : []]).then(([signatureError, problems]) => {
        const key = provider && deliveryId ? `${provider}:${deliveryId}` : null
        const duplicate = key !== null && seen.has(key)
        if (key) seen.add(key)
        const { redelivery, story } = stories.add(provider ?? '', deliveryId, json, text)
        const answer: ReceiverAnswer = { received: true, signatureValid: signatureError === null, duplicate, provider, event, deliveryId, checks: { problems: [...problems, ...redelivery] } }
        if (story) answer.sequence = story
        answers.push(answer)
        if (answers.length > KEPT_ANSWERS) answers.shift()
        if (signatureError !== null) answer.signatureError = signatureError
        if (provider === 'slack' && json?.type === 'url_verification' && typeof json.challenge === 'string') answer.challenge = json.challenge
        reply(req, res, 200, answer)
      })
    })
  })
}

/** Starts a receiver on 127.0.0.1 (port 0: any free port) and resolves to its origin. */
export async function startWebhookReceiver(port: number, options: ReceiverOptions = {}): Promise<{ origin: string; server: Server }> {
  const server = createWebhookReceiver(options)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const { port: actual } = server.address() as AddressInfo
  return { origin: `http://127.0.0.1:${actual}`, server }
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name)
  return i >= 0 ? process.argv[i + 1] : undefined
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(argValue('--port') ?? '4500')
  const cors = !process.argv.includes('--no-cors')
  const rotating = process.argv.includes('--rotating')
  const { origin } = await startWebhookReceiver(port, { cors, ...(rotating ? { secrets: ROTATING_SECRETS } : {}) })
  console.log(`Webhook receiver${cors ? '' : ' (no CORS)'}${rotating ? ' (previous and current secrets)' : ''} listening on ${origin}/webhook`)
  const stop = () => process.exit(0)
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
