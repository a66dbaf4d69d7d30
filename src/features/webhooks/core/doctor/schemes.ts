/**
 * The signature schemes the doctor checks, each read from the headers the way the provider's official
 * verifier reads them (see shared/reference/webhook-formats.md and the SDKs in the tests).
 */
import { fromBase64, toBase64, toHex, utf8 } from '../crypto'
import { headerValue } from './request-text'
import type { SignatureCauseCode, WebhookProviderId } from './types'

type Headers = readonly (readonly [string, string])[]

/** The signature as read from the headers. */
export interface ReadSignature {
  /** The header compared, as the provider spells it. */
  header: string
  /** Its value as received. */
  received: string
  /** The signature tokens to compare with (e.g. Stripe's several `v1` hex strings). */
  signatures: string[]
  /** The signed Unix timestamp, or `null` when the scheme has none or it is missing. */
  timestamp: number | null
  /** `webhook-id` (Standard Webhooks). */
  id?: string
  /** HMAC hash (GitHub's legacy header uses SHA-1). */
  hash: 'SHA-1' | 'SHA-256'
  /** Why the header cannot be checked as received; `null` when it can. */
  problem: { code: Extract<SignatureCauseCode, 'malformed-signature-header' | 'timestamp-missing'>; message: string } | null
}

/** A provider's scheme. */
export interface SignatureScheme {
  id: WebhookProviderId
  name: string
  /** The signature header named when it is missing. */
  signatureHeader: string
  /** The provider's own tolerance in seconds, or `null` without a timestamp. */
  toleranceSeconds: number | null
  /** Stripe's SDK rejects only old timestamps; Slack and Standard Webhooks reject both directions. */
  rejectsFuture: boolean
  /** `hmac`: a MAC over signed content; `token`: the header carries the secret itself (GitLab). */
  kind: 'hmac' | 'token'
  /** Whether these headers look like this provider's. */
  detect(headers: Headers): boolean
  /** Reads the signature, or returns the missing header's name. */
  read(headers: Headers): ReadSignature | { missing: string }
  /** The HMAC key for a secret as the provider uses it; `null` when the secret cannot be one. */
  key(secret: string): Uint8Array<ArrayBuffer> | null
  /** The exact string signed, or `null` when a part (timestamp, id) is missing. */
  signedContent(body: string, read: ReadSignature): string | null
  /** The MAC written as a signature token. */
  token(mac: Uint8Array): string
  /** The header value a token is sent in. */
  headerValue(token: string, read: ReadSignature): string
}

const HEX64 = /^[0-9a-f]{64}$/
const HEX40 = /^[0-9a-f]{40}$/

const has = (headers: Headers, ...names: string[]) => names.some((n) => headerValue(headers, n) !== undefined)

function malformed(message: string): ReadSignature['problem'] {
  return { code: 'malformed-signature-header', message }
}

function hexProblem(header: string, value: string, pattern: RegExp, prefix: string, digits: number): ReadSignature['problem'] {
  if (!value.startsWith(prefix)) return malformed(`${header} must start with "${prefix}"; it is "${value.slice(0, 24)}".`)
  const hex = value.slice(prefix.length)
  if (pattern.test(hex)) return null
  if (pattern.test(hex.toLowerCase())) return malformed(`${header} is upper-case hex; verifiers compare it as a lower-case string.`)
  return malformed(`${header} must be "${prefix}" and ${digits} hex digits; it has ${hex.length} characters${/^[0-9a-f]*$/i.test(hex) ? '' : ', not all hex'}.`)
}

/** A Unix-seconds timestamp as the SDKs accept it (decimal digits), or `null`. */
function unix(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,12}$/.test(value.trim()) ? Number(value.trim()) : null
}

const utf8Key = (secret: string) => utf8(secret)
const hexToken = (mac: Uint8Array) => toHex(mac)

const github: SignatureScheme = {
  id: 'github',
  name: 'GitHub',
  signatureHeader: 'X-Hub-Signature-256',
  toleranceSeconds: null,
  rejectsFuture: false,
  kind: 'hmac',
  detect: (h) => has(h, 'x-hub-signature-256', 'x-hub-signature', 'x-github-event', 'x-github-delivery'),
  read(h) {
    const v256 = headerValue(h, 'x-hub-signature-256')
    const v1 = headerValue(h, 'x-hub-signature')
    if (v256 === undefined && v1 === undefined) return { missing: 'X-Hub-Signature-256' }
    const legacy = v256 === undefined
    const header = legacy ? 'X-Hub-Signature' : 'X-Hub-Signature-256'
    const value = (v256 ?? v1 ?? '').trim()
    const prefix = legacy ? 'sha1=' : 'sha256='
    const problem = hexProblem(header, value, legacy ? HEX40 : HEX64, prefix, legacy ? 40 : 64)
    return { header, received: value, signatures: value.startsWith(prefix) ? [value.slice(prefix.length)] : [], timestamp: null, hash: legacy ? 'SHA-1' : 'SHA-256', problem }
  },
  key: utf8Key,
  signedContent: (body) => body,
  token: hexToken,
  headerValue: (token, read) => `${read.hash === 'SHA-1' ? 'sha1' : 'sha256'}=${token}`,
}

const stripe: SignatureScheme = {
  id: 'stripe',
  name: 'Stripe',
  signatureHeader: 'Stripe-Signature',
  toleranceSeconds: 300,
  rejectsFuture: false,
  kind: 'hmac',
  detect: (h) => has(h, 'stripe-signature') || /^Stripe\//.test(headerValue(h, 'user-agent') ?? ''),
  read(h) {
    const value = headerValue(h, 'stripe-signature')?.trim()
    if (value === undefined) return { missing: 'Stripe-Signature' }
    // As stripe-node's parseHeader: comma-separated key=value items; the last t wins; every v1 counts.
    let t: string | undefined
    const v1: string[] = []
    for (const item of value.split(',')) {
      const [k, v = ''] = item.trim().split('=')
      if (k === 't') t = v
      if (k === 'v1') v1.push(v)
    }
    const timestamp = unix(t)
    const valid = v1.filter((s) => HEX64.test(s))
    let problem: ReadSignature['problem'] = null
    if (t === undefined) problem = malformed('Stripe-Signature has no t= (the signed timestamp); it must look like t=<unix seconds>,v1=<64 hex>.')
    else if (timestamp === null) problem = malformed(`Stripe-Signature's t= must be Unix seconds; it is "${t.slice(0, 20)}".`)
    else if (v1.length === 0) problem = malformed('Stripe-Signature has no v1= signature (v0= is a test-mode dummy and is never checked).')
    else if (valid.length === 0) {
      const upper = v1.some((s) => HEX64.test(s.toLowerCase()))
      problem = malformed(upper ? 'Stripe-Signature v1 is upper-case hex; Stripe compares lower-case strings.' : `Stripe-Signature v1 must be 64 hex digits; it has ${v1[0]!.length} characters.`)
    }
    return { header: 'Stripe-Signature', received: value, signatures: valid, timestamp, hash: 'SHA-256', problem }
  },
  key: utf8Key,
  signedContent: (body, read) => (read.timestamp === null ? null : `${read.timestamp}.${body}`),
  token: hexToken,
  headerValue: (token, read) => `t=${read.timestamp ?? ''},v1=${token}`,
}

const slack: SignatureScheme = {
  id: 'slack',
  name: 'Slack',
  signatureHeader: 'X-Slack-Signature',
  toleranceSeconds: 300,
  rejectsFuture: true,
  kind: 'hmac',
  detect: (h) => has(h, 'x-slack-signature', 'x-slack-request-timestamp') || /^Slackbot/.test(headerValue(h, 'user-agent') ?? ''),
  read(h) {
    const value = headerValue(h, 'x-slack-signature')?.trim()
    if (value === undefined) return { missing: 'X-Slack-Signature' }
    const rawTimestamp = headerValue(h, 'x-slack-request-timestamp')
    const timestamp = unix(rawTimestamp)
    let problem = hexProblem('X-Slack-Signature', value, HEX64, 'v0=', 64)
    if (rawTimestamp === undefined) problem = { code: 'timestamp-missing', message: 'X-Slack-Request-Timestamp is missing: Slack signs "v0:<timestamp>:<body>", so nothing can be checked without it.' }
    else if (timestamp === null) problem = malformed(`X-Slack-Request-Timestamp must be Unix seconds; it is "${rawTimestamp.slice(0, 20)}".`)
    return { header: 'X-Slack-Signature', received: value, signatures: value.startsWith('v0=') ? [value.slice(3)] : [], timestamp, hash: 'SHA-256', problem }
  },
  key: utf8Key,
  signedContent: (body, read) => (read.timestamp === null ? null : `v0:${read.timestamp}:${body}`),
  token: hexToken,
  headerValue: (token) => `v0=${token}`,
}

const shopify: SignatureScheme = {
  id: 'shopify',
  name: 'Shopify',
  signatureHeader: 'X-Shopify-Hmac-Sha256',
  toleranceSeconds: null,
  rejectsFuture: false,
  kind: 'hmac',
  detect: (h) => has(h, 'x-shopify-hmac-sha256', 'x-shopify-topic'),
  read(h) {
    const value = headerValue(h, 'x-shopify-hmac-sha256')?.trim()
    if (value === undefined) return { missing: 'X-Shopify-Hmac-Sha256' }
    const ok = fromBase64(value)?.length === 32
    const problem = ok ? null : malformed(`X-Shopify-Hmac-Sha256 must be the standard base64 of 32 bytes (44 characters ending in "="); it is ${value.length} characters${/^[0-9a-f]{64}$/i.test(value) ? ' of hex' : ''}.`)
    return { header: 'X-Shopify-Hmac-Sha256', received: value, signatures: ok ? [value] : [], timestamp: null, hash: 'SHA-256', problem }
  },
  key: utf8Key,
  signedContent: (body) => body,
  token: (mac) => toBase64(mac),
  headerValue: (token) => token,
}

/** Standard Webhooks headers, or Svix's `svix-*` spelling of the same scheme. */
function standardHeader(h: Headers, part: 'id' | 'timestamp' | 'signature'): { name: string; value: string | undefined } {
  const standard = headerValue(h, `webhook-${part}`)
  if (standard !== undefined) return { name: `webhook-${part}`, value: standard }
  const svix = headerValue(h, `svix-${part}`)
  return svix !== undefined ? { name: `svix-${part}`, value: svix } : { name: `webhook-${part}`, value: undefined }
}

/** The Standard Webhooks key: the base64 after an optional `whsec_` prefix (as the `standardwebhooks` SDK). */
export function standardWebhooksKey(secret: string): Uint8Array<ArrayBuffer> | null {
  const key = fromBase64(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret)
  return key && key.length > 0 ? key : null
}

const standardWebhooks: SignatureScheme = {
  id: 'standard-webhooks',
  name: 'Standard Webhooks',
  signatureHeader: 'webhook-signature',
  toleranceSeconds: 300,
  rejectsFuture: true,
  kind: 'hmac',
  detect: (h) => has(h, 'webhook-signature', 'webhook-id', 'svix-signature', 'svix-id'),
  read(h) {
    const signature = standardHeader(h, 'signature')
    if (signature.value === undefined) return { missing: 'webhook-signature' }
    const id = standardHeader(h, 'id')
    const rawTimestamp = standardHeader(h, 'timestamp')
    const value = signature.value.trim()
    const entries = value.split(' ').filter((e) => e !== '')
    const v1 = entries.filter((e) => e.startsWith('v1,')).map((e) => e.slice(3))
    const valid = v1.filter((s) => fromBase64(s)?.length === 32)
    const timestamp = unix(rawTimestamp.value)
    let problem: ReadSignature['problem'] = null
    if (v1.length === 0) problem = malformed(`${signature.name} has no "v1,<base64>" entry (entries are space-separated; asymmetric v1a entries are not checked here).`)
    else if (valid.length === 0) problem = malformed(`${signature.name}'s v1 entries must be the standard base64 of 32 bytes; "${v1[0]!.slice(0, 50)}" is not.`)
    if (id.value === undefined) problem = malformed(`${id.name} is missing: it is signed as "<id>.<timestamp>.<body>".`)
    if (rawTimestamp.value === undefined) problem = { code: 'timestamp-missing', message: `${rawTimestamp.name} is missing: it is signed as "<id>.<timestamp>.<body>", so nothing can be checked without it.` }
    else if (timestamp === null) problem = malformed(`${rawTimestamp.name} must be Unix seconds; it is "${rawTimestamp.value.slice(0, 20)}".`)
    return { header: signature.name, received: value, signatures: valid, timestamp, ...(id.value !== undefined ? { id: id.value.trim() } : {}), hash: 'SHA-256', problem }
  },
  key: standardWebhooksKey,
  signedContent: (body, read) => (read.timestamp === null || read.id === undefined ? null : `${read.id}.${read.timestamp}.${body}`),
  token: (mac) => toBase64(mac),
  headerValue: (token) => `v1,${token}`,
}

const gitlab: SignatureScheme = {
  id: 'gitlab',
  name: 'GitLab',
  signatureHeader: 'X-Gitlab-Token',
  toleranceSeconds: null,
  rejectsFuture: false,
  kind: 'token',
  // GitLab's newer signed webhooks carry Standard Webhooks headers beside X-Gitlab-Event: those win.
  detect: (h) => has(h, 'x-gitlab-token') || (has(h, 'x-gitlab-event') && !has(h, 'webhook-signature')),
  read(h) {
    const value = headerValue(h, 'x-gitlab-token')
    if (value === undefined) return { missing: 'X-Gitlab-Token' }
    return { header: 'X-Gitlab-Token', received: value.trim(), signatures: [value.trim()], timestamp: null, hash: 'SHA-256', problem: null }
  },
  key: utf8Key,
  signedContent: () => null,
  token: hexToken,
  headerValue: (token) => token,
}

/** The schemes in detection order: the most specific headers first (Standard Webhooks' names are generic). */
export const signatureSchemes: readonly SignatureScheme[] = [github, stripe, slack, shopify, gitlab, standardWebhooks]

/** The scheme of a provider id. */
export function schemeOf(id: WebhookProviderId): SignatureScheme {
  return signatureSchemes.find((s) => s.id === id)!
}

/** Detects the provider from the headers; `null` when no scheme's headers are present. */
export function detectWebhookProvider(headers: Headers): WebhookProviderId | null {
  return signatureSchemes.find((s) => s.detect(headers))?.id ?? null
}
