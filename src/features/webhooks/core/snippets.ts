/**
 * Verification snippets: short Node handlers showing how each provider's request is checked
 * (constant-time comparison with `crypto.timingSafeEqual`, the timestamp window where one exists)
 * and deduplicated on the delivery id. Each snippet is an ES module exporting
 * `handleWebhook(rawBody, headers)`: `rawBody` is the unparsed request body (Buffer or string),
 * `headers` is Node's `req.headers` (lower-case names); it returns `{ status, duplicate? }`.
 */
import { UnknownWebhookError } from './errors'

/** A code sample for the UI. */
export interface CodeSnippet {
  /** Language for syntax highlighting. */
  language: 'javascript'
  /** The source text. */
  code: string
}

const PRELUDE = `import crypto from 'node:crypto'

// Delivery ids already handled. In production use a database table with a unique key.
const seen = new Set()

function safeEqual(a, b) {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && crypto.timingSafeEqual(x, y)
}

function dedupe(id) {
  if (!id) return { status: 400 }
  if (seen.has(id)) return { status: 200, duplicate: true } // already processed: acknowledge, do nothing
  seen.add(id)
  return null
}
`

const WINDOW = `
function fresh(timestamp) {
  const age = Math.abs(Date.now() / 1000 - Number(timestamp))
  return Number.isFinite(age) && age <= 300 // 5-minute window against replays
}
`

const HANDLERS: Record<string, string> = {
  github: `
const secret = process.env.GITHUB_WEBHOOK_SECRET

// rawBody: the exact bytes received (never re-serialised JSON); headers: req.headers
export function handleWebhook(rawBody, headers) {
  const expected = 'sha256=' + crypto.createHmac('sha256', secret).update(rawBody).digest('hex')
  if (!safeEqual(expected, headers['x-hub-signature-256'] ?? '')) return { status: 401 }
  const duplicate = dedupe(headers['x-github-delivery'])
  if (duplicate) return duplicate
  const payload = JSON.parse(rawBody.toString('utf8'))
  // handle headers['x-github-event'] / payload.action here
  return { status: 200 }
}
`,
  stripe: `${WINDOW}
const secret = process.env.STRIPE_WEBHOOK_SECRET // whsec_…, used as-is

export function handleWebhook(rawBody, headers) {
  const parts = (headers['stripe-signature'] ?? '').split(',').map((p) => p.split('='))
  const t = parts.find(([k]) => k === 't')?.[1]
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v)
  if (!t || !fresh(t)) return { status: 400 }
  const expected = crypto.createHmac('sha256', secret).update(t + '.' + rawBody.toString('utf8')).digest('hex')
  if (!signatures.some((s) => safeEqual(expected, s))) return { status: 400 }
  const event = JSON.parse(rawBody.toString('utf8'))
  const duplicate = dedupe(event.id) // evt_…
  if (duplicate) return duplicate
  // handle event.type / event.data.object here
  return { status: 200 }
}
`,
  slack: `${WINDOW}
const secret = process.env.SLACK_SIGNING_SECRET

export function handleWebhook(rawBody, headers) {
  const timestamp = headers['x-slack-request-timestamp'] ?? ''
  if (!fresh(timestamp)) return { status: 401 }
  const base = 'v0:' + timestamp + ':' + rawBody.toString('utf8')
  const expected = 'v0=' + crypto.createHmac('sha256', secret).update(base).digest('hex')
  if (!safeEqual(expected, headers['x-slack-signature'] ?? '')) return { status: 401 }
  const text = rawBody.toString('utf8')
  // interactivity (buttons, modals, shortcuts) is form-encoded: payload=<URL-encoded JSON>
  const body = JSON.parse(text.startsWith('payload=') ? new URLSearchParams(text).get('payload') : text)
  if (body.type === 'url_verification') return { status: 200, challenge: body.challenge }
  const duplicate = dedupe(body.event_id ?? body.trigger_id ?? body.view?.hash) // Ev…; retries carry x-slack-retry-num
  if (duplicate) return duplicate
  // handle body.event here
  return { status: 200 }
}
`,
  shopify: `
const secret = process.env.SHOPIFY_CLIENT_SECRET

export function handleWebhook(rawBody, headers) {
  const expected = crypto.createHmac('sha256', secret).update(rawBody).digest('base64')
  if (!safeEqual(expected, headers['x-shopify-hmac-sha256'] ?? '')) return { status: 401 }
  const duplicate = dedupe(headers['x-shopify-event-id'])
  if (duplicate) return duplicate
  // ids exceed 2^53: parse them as strings (e.g. with a BigInt-aware JSON parser), not with JSON.parse
  return { status: 200 }
}
`,
  'standard-webhooks': `${WINDOW}
const secret = process.env.WEBHOOK_SECRET // whsec_<base64>
const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')

export function handleWebhook(rawBody, headers) {
  const id = headers['webhook-id']
  const timestamp = headers['webhook-timestamp'] ?? ''
  if (!id || !fresh(timestamp)) return { status: 401 }
  const content = id + '.' + timestamp + '.' + rawBody.toString('utf8')
  const expected = crypto.createHmac('sha256', key).update(content).digest('base64')
  const signatures = (headers['webhook-signature'] ?? '').split(' ').map((s) => s.split(','))
  if (!signatures.some(([version, sig]) => version === 'v1' && safeEqual(expected, sig ?? ''))) return { status: 401 }
  const duplicate = dedupe(id) // webhook-id is the idempotency key
  if (duplicate) return duplicate
  // handle JSON.parse(rawBody).type here
  return { status: 200 }
}
`,
  gitlab: `
const token = process.env.GITLAB_WEBHOOK_TOKEN

export function handleWebhook(rawBody, headers) {
  // GitLab sends the secret itself, not an HMAC: compare it in constant time anyway
  if (!safeEqual(token, headers['x-gitlab-token'] ?? '')) return { status: 401 }
  const duplicate = dedupe(headers['idempotency-key'])
  if (duplicate) return duplicate
  // handle headers['x-gitlab-event'] / JSON.parse(rawBody).object_kind here
  return { status: 200 }
}
`,
}

/**
 * A short Node handler that verifies `providerId`'s requests and dedupes on the delivery id.
 * @throws {UnknownWebhookError} for an unknown provider
 */
export function verificationSnippet(providerId: string): CodeSnippet {
  const handler = HANDLERS[providerId]
  if (handler === undefined) throw new UnknownWebhookError('provider', providerId, `Unknown webhook provider "${providerId}"`)
  return { language: 'javascript', code: PRELUDE + handler }
}
