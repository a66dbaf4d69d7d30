/**
 * Reading a captured webhook delivery in the forms developers have one in — a raw request, a curl
 * command, a HAR, webhook.site's and smee.io's JSON, `stripe listen --print-json`, our receiver's
 * `/last` — into method, URL, header pairs and body, with the provider its headers name and what
 * the form could not carry.
 */
import { parseCurl } from '@/shared/core/http/curl-import'
import { looksLikeCurl } from '@/shared/core/http/curl'
import { readRequestText } from '../doctor/request-text'
import { detectWebhookProvider } from '../doctor/schemes'
import type { WebhookProviderId } from '../doctor/types'
import type { DeliveryFormat, DeliveryImportResult, ImportedDelivery } from './types'

const REQUEST_LINE = /^([A-Z]+) (\S+)(?: HTTP\/\d(?:\.\d)?)?$/

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

function delivery(
  format: DeliveryFormat,
  parts: { method?: string | undefined; url?: string | undefined; headers: [string, string][]; body: string; bodyExact?: boolean; notes?: string[]; provider?: WebhookProviderId },
): DeliveryImportResult {
  const read: ImportedDelivery = {
    format,
    method: parts.method || 'POST',
    headers: parts.headers,
    body: parts.body,
    bodyExact: parts.bodyExact ?? true,
    provider: parts.provider ?? detectWebhookProvider(parts.headers),
    notes: parts.notes ?? [],
  }
  if (parts.url) read.url = parts.url
  return { ok: true, ...read }
}

const stringPairs = (record: Json): [string, string][] =>
  Object.entries(record).map(([name, value]) => [name, Array.isArray(value) ? value.map(String).join(', ') : String(value)])

/** HTTP/2 and HTTP/3 captures list pseudo-headers (`:authority`, `:path`); a handler never sees them as headers. */
function withoutPseudoHeaders(headers: [string, string][], notes: string[]): [string, string][] {
  const kept = headers.filter(([name]) => !name.startsWith(':'))
  if (kept.length < headers.length) notes.push(`The HTTP/2 pseudo-headers (${headers.filter(([n]) => n.startsWith(':')).map(([n]) => n).join(', ')}) are left out: they are not headers a handler reads.`)
  return kept
}

/** A HAR 1.2 log (W3C Web Performance draft, `log.entries[].request`): its first request with a body. */
function fromHar(log: Json): DeliveryImportResult {
  const entries = Array.isArray(log['entries']) ? log['entries'].filter(isObject) : []
  const requests = entries.map((e) => e['request']).filter(isObject)
  const withBody = requests.filter((r) => isObject(r['postData']))
  const request = withBody[0]
  if (!request) return { ok: false, message: `This HAR has ${requests.length} request${requests.length === 1 ? '' : 's'} and none sends a body: export the entry of the delivery (a POST).` }
  const notes: string[] = []
  if (withBody.length > 1) notes.push(`The HAR holds ${withBody.length} requests with a body; the first (${String(request['method'])} ${String(request['url'])}) is imported.`)
  const postData = request['postData'] as Json
  const headerList = Array.isArray(request['headers']) ? request['headers'].filter(isObject) : []
  const headers = withoutPseudoHeaders(headerList.map((h) => [String(h['name']), String(h['value'])] as [string, string]), notes)
  let body = typeof postData['text'] === 'string' ? postData['text'] : ''
  let bodyExact = typeof postData['text'] === 'string'
  if (typeof postData['text'] !== 'string' && Array.isArray(postData['params'])) {
    body = new URLSearchParams(postData['params'].filter(isObject).map((p) => [String(p['name']), String(p['value'] ?? '')])).toString()
    bodyExact = false
    notes.push('The HAR has the form fields but not the body text: the body is written out again from them, so its bytes may differ.')
  }
  if (postData['encoding'] === 'base64' && typeof postData['text'] === 'string') {
    body = decodeBase64Text(postData['text'], notes)
  }
  return delivery('har', { method: String(request['method'] ?? 'POST'), url: String(request['url'] ?? ''), headers, body, bodyExact, notes })
}

/** One request as webhook.site's API returns it: `content` is the raw body, `headers` lists values per lower-cased name. */
function fromWebhookSite(request: Json, listed: number): DeliveryImportResult {
  const notes = listed > 1 ? [`The list holds ${listed} requests; the first is imported.`] : []
  const headers = isObject(request['headers']) ? stringPairs(request['headers']) : []
  return delivery('webhook.site', { method: String(request['method'] ?? 'POST'), url: String(request['url'] ?? ''), headers, body: String(request['content'] ?? ''), notes })
}

/** A smee.io event: the headers as top-level members beside `body` (parsed), `query` and `timestamp`. */
function fromSmee(event: Json): DeliveryImportResult {
  const headers = stringPairs(Object.fromEntries(Object.entries(event).filter(([key]) => !['body', 'query', 'timestamp'].includes(key))))
  const query = isObject(event['query']) ? new URLSearchParams(stringPairs(event['query'])).toString() : ''
  return delivery('smee', {
    ...(query ? { url: `?${query}` } : {}),
    headers,
    // What the smee client forwards: JSON.stringify of the parsed body.
    body: JSON.stringify(event['body']),
    bodyExact: false,
    notes: ['smee.io parsed the JSON body, so the bytes the provider signed (spacing, key order, \\u escapes) are lost: the body is written compactly, as the smee client forwards it. Re-sign it to send it again.'],
  })
}

/** Our receiver's `GET /last`: method, URL, raw header pairs and the body's bytes in base64. */
function fromReceiver(last: Json): DeliveryImportResult {
  const notes: string[] = []
  const headers = (last['headers'] as unknown[]).filter(Array.isArray).map((pair) => [String(pair[0]), String(pair[1])] as [string, string])
  return delivery('receiver', { method: String(last['method'] ?? 'POST'), url: String(last['url'] ?? ''), headers, body: decodeBase64Text(String(last['bodyBase64']), notes), notes })
}

function decodeBase64Text(base64: string, notes: string[]): string {
  let bytes: Uint8Array
  try {
    bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
  } catch {
    notes.push('The body is not valid base64; it is taken as text.')
    return base64
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    notes.push('The body is not UTF-8 text: bytes that are not were replaced, so a signature over it will not match.')
    return new TextDecoder().decode(bytes)
  }
}

const HEADERISH = /^(?:x-|content-|user-agent$|stripe-|webhook-|svix-)/i

/** Reads a JSON paste in one of the JSON forms, or says it is none of them. */
function fromJson(text: string, value: unknown): DeliveryImportResult {
  if (isObject(value) && isObject(value['log'])) return fromHar(value['log'])
  if (isObject(value) && Array.isArray(value['data'])) {
    const requests = value['data'].filter(isObject).filter((r) => 'uuid' in r && 'content' in r)
    if (requests[0]) return fromWebhookSite(requests[0], requests.length)
  }
  if (isObject(value) && 'uuid' in value && 'content' in value) return fromWebhookSite(value, 1)
  if (isObject(value) && typeof value['bodyBase64'] === 'string' && Array.isArray(value['headers'])) return fromReceiver(value)
  if (isObject(value) && value['object'] === 'event' && typeof value['type'] === 'string') {
    return delivery('stripe-cli', {
      headers: [['Content-Type', 'application/json; charset=utf-8']],
      body: text.trim(),
      bodyExact: false,
      provider: 'stripe',
      notes: ['stripe listen --print-json prints the event only — no headers and no Stripe-Signature — and as the CLI writes it, not byte for byte as Stripe sent it. Sign it with your endpoint secret to send it.'],
    })
  }
  if (isObject(value) && 'body' in value && !('headers' in value) && Object.keys(value).some((k) => HEADERISH.test(k))) return fromSmee(value)
  if (isObject(value) && 'headers' in value) {
    const read = readRequestText(text)
    if (!read.ok) return read
    return delivery('json-parts', {
      headers: read.headers,
      body: read.body,
      bodyExact: !read.bodyWasParsed,
      notes: read.bodyWasParsed ? ['The body was logged as parsed data, so its bytes are lost: it is written compactly. Re-sign it to send it again.'] : [],
    })
  }
  return {
    ok: false,
    message:
      'This JSON is not a delivery form we read: paste a HAR (log.entries), a webhook.site request (uuid, content), a smee.io event (headers beside body), a `stripe listen --print-json` event, our receiver\'s /last, or {"headers": {…}, "body": "…"}.',
  }
}

/**
 * Reads a captured delivery. The form is recognised from the text: a curl command; JSON in one of
 * the JSON forms ({@link DeliveryFormat}); otherwise a raw HTTP request.
 * @returns the delivery with its provider and notes, or why it could not be read, in words
 */
export function importDelivery(text: string): DeliveryImportResult {
  if (text.trim() === '') return { ok: false, message: 'Paste a delivery you captured: a raw request, a curl command, a HAR, or the JSON of webhook.site, smee.io, the Stripe CLI or our receiver.' }
  if (looksLikeCurl(text)) {
    const curl = parseCurl(text)
    if (!curl.ok) return { ok: false, message: `The curl command could not be read: ${curl.message}` }
    const notes = [...curl.notes, ...curl.placeholders.map((p) => `${p.header} was the shell variable $${p.variable}: it is imported empty.`)]
    return delivery('curl', { method: curl.request.method, url: curl.request.url, headers: curl.request.headers, body: curl.request.body ?? '', notes })
  }
  const trimmed = text.trim()
  if (trimmed.startsWith('{')) {
    let value: unknown
    try {
      value = JSON.parse(trimmed)
    } catch {
      value = undefined
    }
    if (value !== undefined) return fromJson(text, value)
  }
  const read = readRequestText(text)
  if (!read.ok) return read
  const firstLine = text.replace(/^(?:[ \t]*\r?\n)+/, '').split(/\r?\n/, 1)[0] ?? ''
  const requestLine = REQUEST_LINE.exec(firstLine)
  return delivery('http', { method: requestLine?.[1], url: requestLine?.[2], headers: read.headers, body: read.body })
}

/** Each form's name as the page says it ("a HAR entry", "a smee.io event"). */
export const DELIVERY_FORMAT_NAMES: Readonly<Record<DeliveryFormat, string>> = Object.freeze({
  http: 'a raw HTTP request',
  'json-parts': 'a log line {headers, body}',
  curl: 'a curl command',
  har: 'a HAR entry',
  'webhook.site': 'a webhook.site request',
  smee: 'a smee.io event',
  'stripe-cli': 'stripe listen --print-json output',
  receiver: "the demo receiver's /last",
})
