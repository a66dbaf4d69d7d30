/**
 * Candidate fixes the doctor tries: each is what a handler (or its logging) plausibly did to the body
 * or the secret. A cause is reported only when its candidate actually verifies.
 */
import { fromBase64, utf8 } from '../crypto'
import { decodeFormPayload, encodeFormPayload, isFormPayloadBody } from '../form-body'
import { standardWebhooksKey, type SignatureScheme } from './schemes'
import type { SignatureCauseCode } from './types'

/** A body the provider may really have signed, and the cause it would prove. */
export interface BodyCandidate {
  code: Extract<SignatureCauseCode, 'body-reserialized' | 'body-line-endings' | 'body-charset'>
  body: string
  /** What differs, in words (e.g. "indented with 2 spaces"). */
  change: string
  /** The candidate is the form body `payload=<URL-encoded JSON>` (Slack interactivity), not JSON. @default false */
  form?: boolean
}

/** A key the provider may really have used, and the causes it would prove. */
export interface KeyCandidate {
  codes: Extract<SignatureCauseCode, 'secret-whitespace' | 'secret-encoding'>[]
  key: Uint8Array<ArrayBuffer>
  /** What differs, in words. */
  change: string
}

/** Escapes every non-ASCII character as `\uXXXX` (Python's `ensure_ascii`, PHP's default). */
function escapeNonAscii(json: string): string {
  return json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]))
  }
  return value
}

/** Python's `json.dumps` default separators: `", "` and `": "` on one line. */
function pythonStyle(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonStyle).join(', ')}]`
  if (value && typeof value === 'object') {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${pythonStyle(v)}`).join(', ')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

const LAYOUTS: readonly [string, (v: unknown) => string][] = [
  ['compact', (v) => JSON.stringify(v)],
  ['indented with 2 spaces', (v) => JSON.stringify(v, null, 2)],
  ['indented with 4 spaces', (v) => JSON.stringify(v, null, 4)],
  ['indented with tabs', (v) => JSON.stringify(v, null, '\t')],
  ['with ", " and ": " separators (Python json.dumps)', pythonStyle],
]

const ESCAPES: readonly [string, (json: string) => string][] = [
  ['', (j) => j],
  [', non-ASCII escaped as \\uXXXX', escapeNonAscii],
  [', "/" escaped as "\\/"', (j) => j.replaceAll('/', '\\/')],
]

/** Re-serialisations of a JSON body, each a layout the real bytes may have had. */
function reserialized(body: string): BodyCandidate[] {
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    return []
  }
  const out: BodyCandidate[] = []
  // Logging middleware sometimes writes the body as a JSON string of the text: unwrap it.
  if (typeof value === 'string') out.push({ code: 'body-reserialized', body: value, change: 'the body unwrapped from a JSON string' })
  for (const [order, data] of [['', value], [', keys sorted', sortKeys(value)]] as const) {
    for (const [layout, write] of LAYOUTS) {
      for (const [escape, transform] of ESCAPES) out.push({ code: 'body-reserialized', body: transform(write(data)), change: `${layout}${order}${escape}` })
    }
  }
  return out
}

/**
 * Form bodies (Slack interactivity, `payload=<URL-encoded JSON>`): a handler that checks the decoded
 * payload field, or the form re-encoded by its framework, signs other bytes than Slack did.
 */
function formEncoded(body: string): BodyCandidate[] {
  if (isFormPayloadBody(body)) {
    const json = decodeFormPayload(body) ?? ''
    return [
      { code: 'body-reserialized', body: encodeFormPayload(json), change: 'with spaces as "+" (application/x-www-form-urlencoded)', form: true },
      { code: 'body-reserialized', body: `payload=${encodeURIComponent(json)}`, change: 'with spaces as "%20" (encodeURIComponent)', form: true },
    ]
  }
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    return []
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return []
  return [{ code: 'body-reserialized', body: encodeFormPayload(body), change: 'as the form field payload=<URL-encoded JSON>, which held this JSON', form: true }]
}

/** The text without its final line ends (a loop: a regex anchored at the end would be quadratic on long runs). */
function withoutFinalNewlines(text: string): string {
  let end = text.length
  while (end > 0 && (text[end - 1] === '\n' || text[end - 1] === '\r')) end--
  return text.slice(0, end)
}

function lineEndings(body: string): BodyCandidate[] {
  const out: BodyCandidate[] = []
  const lf = body.replace(/\r\n/g, '\n')
  const crlf = lf.replace(/\n/g, '\r\n')
  out.push({ code: 'body-line-endings', body: lf, change: 'CRLF line endings as LF' })
  out.push({ code: 'body-line-endings', body: crlf, change: 'LF line endings as CRLF' })
  for (const [text, ending] of [[body, ''], [lf, ' with LF'], [crlf, ' with CRLF']] as const) {
    out.push({ code: 'body-line-endings', body: withoutFinalNewlines(text), change: `trailing newline removed${ending}` })
    out.push({ code: 'body-line-endings', body: `${text}${text.includes('\r\n') ? '\r\n' : '\n'}`, change: `trailing newline added${ending}` })
  }
  return out
}

/**
 * The body's characters as they were before a re-encoding on the way: UTF-8 bytes read as Latin-1
 * (or Windows-1252) and written out again as UTF-8 — "é" arrives as "Ã©" — undone; and a UTF-8
 * byte-order mark removed or added (an editor or a Windows tool).
 */
function charsets(body: string): BodyCandidate[] {
  const out: BodyCandidate[] = []
  if (body.startsWith('\uFEFF')) out.push({ code: 'body-charset', body: body.slice(1), change: 'its byte-order mark (U+FEFF) removed' })
  else out.push({ code: 'body-charset', body: `\uFEFF${body}`, change: 'a byte-order mark (U+FEFF) in front' })
  // Only a body whose every character fits in one byte can be undone, and only if those bytes are UTF-8.
  if (/[\u0080-\u00ff]/.test(body) && !/[^\u0000-\u00ff]/.test(body)) {
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(body, (c) => c.charCodeAt(0)))
      out.push({ code: 'body-charset', body: text, change: 'its UTF-8 bytes read as UTF-8 again (on the way they were read as Latin-1, so "é" became "Ã©")' })
    } catch {
      // Not UTF-8 read as Latin-1: nothing to undo.
    }
  }
  return out
}

/** Body candidates, line endings first (the smaller change), then form encodings, re-serialised JSON, then charsets; duplicates and the body itself removed. */
export function bodyCandidates(body: string): BodyCandidate[] {
  const seen = new Set([body])
  return [...lineEndings(body), ...formEncoded(body), ...reserialized(body), ...charsets(body)].filter((c) => !seen.has(c.body) && seen.add(c.body))
}

const HEX = /^(?:[0-9a-f]{2})+$/i

function hexBytes(text: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(text.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16)
  return out
}

/** The secret read the other ways people read it. */
function otherEncodings(scheme: SignatureScheme, secret: string): { key: Uint8Array<ArrayBuffer>; change: string }[] {
  const prefixed = secret.startsWith('whsec_')
  const rest = prefixed ? secret.slice('whsec_'.length) : secret
  const out: { key: Uint8Array<ArrayBuffer> | null; change: string }[] = []
  if (scheme.id === 'standard-webhooks') {
    out.push({ key: utf8(secret), change: 'read as UTF-8 text, whsec_ included, not base64-decoded' })
    if (prefixed) out.push({ key: utf8(rest), change: 'after whsec_ read as UTF-8 text, not base64-decoded' })
  } else {
    if (scheme.id === 'stripe') {
      if (prefixed) out.push({ key: standardWebhooksKey(secret), change: 'after whsec_ base64-decoded' })
      if (prefixed) out.push({ key: utf8(rest), change: 'without the whsec_ prefix' })
      else out.push({ key: utf8(`whsec_${secret}`), change: 'with the whsec_ prefix' })
    } else if (prefixed) {
      out.push({ key: utf8(rest), change: 'without the whsec_ prefix' })
    }
    if (HEX.test(rest)) out.push({ key: hexBytes(rest), change: 'hex-decoded' })
    const base64 = fromBase64(rest)
    if (base64 && base64.length > 0 && !HEX.test(rest)) out.push({ key: base64, change: 'base64-decoded' })
  }
  return out.filter((c): c is { key: Uint8Array<ArrayBuffer>; change: string } => c.key !== null)
}

/** Key candidates: trimmed, read another way, and both. */
export function keyCandidates(scheme: SignatureScheme, secret: string): KeyCandidate[] {
  const out: KeyCandidate[] = []
  const trimmed = secret.trim()
  if (trimmed !== secret && trimmed !== '') {
    const key = scheme.key(trimmed)
    if (key) out.push({ codes: ['secret-whitespace'], key, change: 'the secret with surrounding whitespace removed' })
  }
  if (trimmed === secret) {
    for (const c of otherEncodings(scheme, secret)) out.push({ codes: ['secret-encoding'], key: c.key, change: `the secret ${c.change}` })
  } else if (trimmed !== '') {
    for (const c of otherEncodings(scheme, trimmed)) out.push({ codes: ['secret-whitespace', 'secret-encoding'], key: c.key, change: `the secret trimmed and ${c.change}` })
  }
  return out
}
