/**
 * Share links: the request's endpoint, query, variables and non-secret headers in the URL
 * fragment, which browsers never send to a server. Secret header values never enter the link —
 * their names do, with empty values, so the receiver sees what to fill in. Decoding treats the
 * link as untrusted data: strict base64url, bounded sizes (before and after decompression), only
 * known keys of the right types. Nothing in a link is run or sent; the UI only fills editors.
 *
 * Format: `gql=1<codec>.<base64url>` where `1` is the format version and the codec is `d` (raw
 * DEFLATE via CompressionStream, used when available and shorter) or `j` (plain UTF-8 JSON).
 * The JSON is `{e, q, v?, o?, h?, t?}` with headers as `[name, value]` or `[name, "", 1]` (secret)
 * and `t` the subscription transport when it is not automatic (`"sse"` or `"ws"`).
 */
import { isHttpToken, type HeaderList } from '../../../../shared/core/http/headers'
import { redactHeaders, type RedactedHeader } from '../../../../shared/core/redact'
import type { SubscriptionTransportPreference } from '../stream/transport'
import { fromBase64Url, toBase64Url } from './base64url'
import { ShareLinkError } from './errors'

/** What {@link encodeShareFragment} puts in a link. */
export interface ShareInput {
  endpoint: string
  query: string
  /** The variables editor's text. @default "" */
  variables?: string
  /** The operation picked, when the document has several. @default undefined */
  operationName?: string
  /** The request headers, secret ones included (their values are dropped here). @default [] */
  headers?: HeaderList
  /** Names the user marked secret, in addition to the built-in credential names. @default [] */
  secretHeaderNames?: readonly string[]
  /** The subscription transport picked in the settings; `'auto'` is left out of the link. @default 'auto' */
  transport?: SubscriptionTransportPreference
}

/** What {@link decodeShareFragment} found in a link. */
export interface SharedRequest {
  endpoint: string
  query: string
  variables: string
  /** @default undefined */
  operationName?: string
  /** Headers in order; `secret: true` ones have an empty value for the receiver to fill. */
  headers: RedactedHeader[]
  /** The subscription transport the sender picked. @default 'auto' */
  transport: SubscriptionTransportPreference
}

/** The fragment parameter that carries the data; other parameters in the fragment are left alone. */
export const SHARE_PARAM = 'gql'
const VERSION = '1'

/** Size limits of a link (UTF-16 units for text, bytes for the decoded JSON). */
export const SHARE_LIMITS = {
  /** The encoded fragment: long links break in chat apps and some servers' logs anyway. */
  fragmentChars: 100_000,
  /** The JSON after decompression: bounds the work a hostile link can cause. */
  jsonBytes: 1_000_000,
  endpointChars: 2_048,
  queryChars: 500_000,
  variablesChars: 500_000,
  operationNameChars: 1_024,
  headers: 100,
  headerNameChars: 256,
  headerValueChars: 8_192,
} as const

/**
 * Encodes a request as a URL fragment, without the leading `#` (e.g. `gql=1d.…`). Secret header
 * values are removed (by the caller's list and by `isSensitiveHeaderName`), never encoded.
 *
 * @returns a promise, because CompressionStream is asynchronous.
 * @throws ShareLinkError `too-large` when the link would exceed {@link SHARE_LIMITS}, so no link is
 *   produced that the receiver would refuse.
 */
export async function encodeShareFragment(input: ShareInput): Promise<string> {
  const headers = redactHeaders(input.headers ?? [], input.secretHeaderNames ?? [])
  const payload: Record<string, unknown> = { e: input.endpoint, q: input.query }
  if (input.variables) payload.v = input.variables
  if (input.operationName) payload.o = input.operationName
  if (headers.length > 0) payload.h = headers.map((h) => (h.secret ? [h.name, '', 1] : [h.name, h.value]))
  if (input.transport && input.transport !== 'auto') payload.t = input.transport
  const json = new TextEncoder().encode(JSON.stringify(payload))
  if (json.length > SHARE_LIMITS.jsonBytes) throw new ShareLinkError('too-large', 'The request is too large to share as a link.')
  let codec = 'j'
  let body: Uint8Array = json
  if (typeof CompressionStream === 'function') {
    const compressed = await deflate(json)
    if (compressed.length < json.length) {
      codec = 'd'
      body = compressed
    }
  }
  const fragment = `${SHARE_PARAM}=${VERSION}${codec}.${toBase64Url(body)}`
  if (fragment.length > SHARE_LIMITS.fragmentChars) {
    throw new ShareLinkError('too-large', 'The request is too large to share as a link; share the query as a file instead.')
  }
  return fragment
}

/**
 * Decodes a fragment made by {@link encodeShareFragment}. Accepts it with or without `#` and
 * among other fragment parameters. Header values under credential names (`Authorization`, …,
 * per `isSecretHeader`) are dropped even if present — a link cannot make you send someone else's credentials.
 *
 * @param fragment - `location.hash` or the part after `#`.
 * @throws ShareLinkError with a code saying why the link cannot be used.
 */
export async function decodeShareFragment(fragment: string): Promise<SharedRequest> {
  if (fragment.length > SHARE_LIMITS.fragmentChars + 1_000) throw new ShareLinkError('too-large', 'This link is too long to be a share link.')
  const params = new URLSearchParams(fragment.startsWith('#') ? fragment.slice(1) : fragment)
  const value = params.get(SHARE_PARAM)
  if (value === null || value === '') throw new ShareLinkError('missing', 'This link carries no shared request.')
  const match = /^(\d+)([a-z])\.(.*)$/s.exec(value)
  if (!match || match[1] !== VERSION) {
    throw new ShareLinkError('version', 'This link was made by a different version of API Workbench and cannot be read.')
  }
  const codec = match[2]
  if (codec !== 'd' && codec !== 'j') throw new ShareLinkError('version', `Unknown share link encoding "${codec ?? ''}".`)
  const bytes = fromBase64Url(match[3] ?? '')
  if (!bytes) throw new ShareLinkError('encoding', 'The link is damaged (not valid base64url); was it cut off or changed?')

  let json: Uint8Array
  if (codec === 'd') {
    if (typeof DecompressionStream !== 'function') {
      throw new ShareLinkError('unsupported', 'This browser cannot read compressed share links (no DecompressionStream).')
    }
    json = await inflate(bytes, SHARE_LIMITS.jsonBytes)
  } else {
    if (bytes.length > SHARE_LIMITS.jsonBytes) throw new ShareLinkError('too-large', 'The shared request is too large.')
    json = bytes
  }
  let data: unknown
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json))
  } catch {
    throw new ShareLinkError('encoding', 'The link is damaged (its data is not valid UTF-8 JSON).')
  }
  return toSharedRequest(data)
}

/** Checks the decoded JSON field by field; only known keys are read, so others are dropped. */
function toSharedRequest(data: unknown): SharedRequest {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) invalid('the data is not an object')
  const d = data as Record<string, unknown>
  const endpoint = text(d.e, 'endpoint', SHARE_LIMITS.endpointChars, true)
  if (endpoint !== '' && !/^https?:\/\//i.test(endpoint)) invalid('the endpoint is not an http(s) URL')
  const result: SharedRequest = {
    endpoint,
    query: text(d.q, 'query', SHARE_LIMITS.queryChars, true),
    variables: text(d.v, 'variables', SHARE_LIMITS.variablesChars, false),
    headers: [],
    transport: 'auto',
  }
  if (d.t !== undefined) {
    if (d.t !== 'sse' && d.t !== 'ws') invalid('the subscription transport is not "sse" or "ws"')
    result.transport = d.t
  }
  const operationName = text(d.o, 'operation name', SHARE_LIMITS.operationNameChars, false)
  if (operationName !== '') {
    if (!/^[_A-Z]\w*$/i.test(operationName)) invalid('the operation name is not a GraphQL name')
    result.operationName = operationName
  }
  if (d.h !== undefined) {
    if (!Array.isArray(d.h) || d.h.length > SHARE_LIMITS.headers) invalid(`headers must be a list of at most ${SHARE_LIMITS.headers}`)
    const pairs: [string, string][] = []
    const flagged: string[] = []
    for (const h of d.h as unknown[]) {
      if (!Array.isArray(h) || h.length < 2 || h.length > 3) invalid('a header is not a [name, value] pair')
      const [name, value, secret] = h as unknown[]
      const n = text(name, 'header name', SHARE_LIMITS.headerNameChars, true)
      if (!isHttpToken(n)) invalid(`"${n.slice(0, 40)}" is not a valid header name`)
      pairs.push([n, text(value, `header ${n}`, SHARE_LIMITS.headerValueChars, true)])
      if (secret === 1) flagged.push(n)
      else if (secret !== undefined) invalid('a header has an unknown flag')
    }
    result.headers = redactHeaders(pairs, flagged)
  }
  return result
}

function text(value: unknown, what: string, max: number, required: boolean): string {
  if (value === undefined && !required) return ''
  if (typeof value !== 'string') invalid(`the ${what} is missing or not text`)
  if (value.length > max) throw new ShareLinkError('too-large', `The shared ${what} is longer than ${max} characters.`)
  return value
}

function invalid(why: string): never {
  throw new ShareLinkError('invalid', `The link's data is not a shared request: ${why}.`)
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate-raw'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/** Inflates, stopping as soon as the output passes `max` bytes (a small link can expand enormously). */
async function inflate(bytes: Uint8Array, max: number): Promise<Uint8Array> {
  const stream = new DecompressionStream('deflate-raw')
  const writer = stream.writable.getWriter()
  // Errors surface on the readable side; these promises must not be left unhandled.
  writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => {})
  writer.close().catch(() => {})
  const reader = stream.readable.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.length
      if (size > max) {
        reader.cancel().catch(() => {})
        throw new ShareLinkError('too-large', 'The shared request expands to more than a share link may hold.')
      }
      chunks.push(value)
    }
  } catch (error) {
    if (error instanceof ShareLinkError) throw error
    throw new ShareLinkError('encoding', 'The link is damaged (its compressed data is corrupt); was it cut off?')
  }
  const out = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.length
  }
  return out
}
