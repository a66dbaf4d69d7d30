/**
 * Reading what a handler received, as users paste it: a raw HTTP request, a JSON object
 * `{ "headers": {…}, "body": … }` as logging middleware writes it, or header lines alone.
 */
import type { WebhookHeadersInput, WebhookRequestParts } from './types'

/** A pasted request, read. */
export interface ReadRequest {
  /** Header pairs in the order given, names as written. */
  headers: [string, string][]
  /** The body exactly as pasted (the bytes after the blank line). */
  body: string
  /** Which form was recognised. */
  form: 'http' | 'json' | 'parts'
  /** The JSON form carried the body as parsed data, so it had to be re-serialised here (the bytes are lost). */
  bodyWasParsed: boolean
}

/** Outcome of {@link readRequestText}. */
export type ReadRequestResult = ({ ok: true } & ReadRequest) | { ok: false; message: string }

const TOKEN = /^[!#$%&'*+\-.^\w`|~]+$/
const REQUEST_LINE = /^[A-Z]+ \S+ HTTP\/\d(?:\.\d)?$/
const STATUS_LESS_REQUEST_LINE = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \S+$/

/** Header pairs of a record or a pair list; values that are not strings are written as text. */
export function headerPairs(headers: WebhookHeadersInput | Record<string, unknown>): [string, string][] {
  const entries: [string, unknown][] = Array.isArray(headers) ? headers : Object.entries(headers)
  return entries.map(([name, value]) => [String(name), Array.isArray(value) ? value.map(String).join(', ') : String(value)])
}

/** The first value of a header (names compared case-insensitively), or `undefined`. */
export function headerValue(headers: readonly (readonly [string, string])[], name: string): string | undefined {
  const lower = name.toLowerCase()
  return headers.find(([n]) => n.toLowerCase() === lower)?.[1]
}

/**
 * Reads header lines (`Name: value`), with an optional request line first; folded continuation lines
 * (leading whitespace) join the header above.
 * @returns the pairs, or the first line that is not a header, in words
 */
export function readHeaderLines(text: string): { ok: true; headers: [string, string][] } | { ok: false; message: string } {
  const headers: [string, string][] = []
  const lines = text.split(/\r?\n/)
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue
    if (i === 0 && (REQUEST_LINE.test(line) || STATUS_LESS_REQUEST_LINE.test(line))) continue
    const last = headers.at(-1)
    if (/^[ \t]/.test(line) && last) {
      last[1] = `${last[1]} ${line.trim()}`
      continue
    }
    const colon = line.indexOf(':')
    const name = colon > 0 ? line.slice(0, colon).trim() : ''
    if (!TOKEN.test(name)) {
      return { ok: false, message: `Line ${i + 1} is not a header ("Name: value"): ${JSON.stringify(line.slice(0, 60))}.` }
    }
    headers.push([name, line.slice(colon + 1).trim()])
  }
  return { ok: true, headers }
}

function readJsonForm(text: string): ReadRequestResult | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const record = value as Record<string, unknown>
  const headers = record.headers
  if (!headers || typeof headers !== 'object') return null
  const pairs = Array.isArray(headers)
    ? headers.filter((h): h is [string, string] => Array.isArray(h) && h.length >= 2).map(([n, v]) => [String(n), String(v)] as [string, string])
    : headerPairs(headers as Record<string, unknown>)
  const raw = record.body ?? record.rawBody ?? ''
  const bodyWasParsed = typeof raw !== 'string'
  return { ok: true, headers: pairs, body: bodyWasParsed ? JSON.stringify(raw) : raw, form: 'json', bodyWasParsed }
}

/**
 * Reads a pasted request. A JSON object with a `headers` member is the logging-middleware form (`body`
 * a string, or data that is then re-serialised compactly and flagged); anything else is read as raw
 * HTTP: optional request line, header lines, a blank line, then the body byte for byte.
 */
export function readRequestText(text: string): ReadRequestResult {
  if (text.trim() === '') return { ok: false, message: 'Paste the request your handler received: headers, a blank line, then the body.' }
  if (text.trimStart().startsWith('{')) {
    const json = readJsonForm(text.trim())
    if (json) return json
  }
  const separator = /\r?\n\r?\n/.exec(text.replace(/^(?:[ \t]*\r?\n)+/, ''))
  const start = text.length - text.replace(/^(?:[ \t]*\r?\n)+/, '').length
  const head = separator ? text.slice(start, start + separator.index) : text.slice(start)
  const body = separator ? text.slice(start + separator.index + separator[0].length) : ''
  const lines = readHeaderLines(head)
  if (!lines.ok) return { ok: false, message: `${lines.message} A raw request is headers, a blank line, then the body; or paste {"headers": {…}, "body": "…"}.` }
  return { ok: true, headers: lines.headers, body, form: 'http', bodyWasParsed: false }
}

/** The request of {@link diagnoseWebhookSignature}'s input, read into pairs and body. */
export function readRequestInput(request: string | WebhookRequestParts): ReadRequestResult {
  if (typeof request === 'string') return readRequestText(request)
  return { ok: true, headers: headerPairs(request.headers), body: request.body, form: 'parts', bodyWasParsed: false }
}
