/**
 * The signature doctor: re-computes a webhook signature for what a handler received and says why it
 * does not verify. Causes are found by trying candidate fixes (re-serialised body, line endings, secret
 * whitespace and encoding) and keeping the one that verifies — never by guessing. A debugging aid: it
 * compares plainly, not in constant time, and runs only on what the user pasted.
 */
import { formatDuration } from '@/shared/core/format/duration'
import { joinNames } from '@/shared/core/format/list'
import { utf8 } from '../crypto'
import { formatBytes } from '@/shared/core/format/size'
import { bodyCandidates, keyCandidates, type BodyCandidate, type KeyCandidate } from './candidates'
import { readRequestInput } from './request-text'
import { detectWebhookProvider, schemeOf, signatureSchemes, type ReadSignature, type SignatureScheme } from './schemes'
import type { DiagnoseSignatureInput, KnownSecret, SignatureCause, SignatureDiagnosis } from './types'

/**
 * Bodies longer than this (UTF-16 code units) are not re-serialised or re-lined in the search for a cause:
 * each of the ~30 candidates is a full HMAC over a copy, seconds for a 10 MB body. The secret's readings are
 * still tried, and the diagnosis says what was skipped.
 */
export const MAX_CANDIDATE_BODY = 1_000_000

/** Schemes whose signed content is more than the body: the doctor shows it. */
const SHOWS_SIGNED_CONTENT = new Set(['stripe', 'slack', 'standard-webhooks'])

/** HMAC with WebCrypto; keys are imported once per candidate. */
class Mac {
  private readonly keys = new Map<Uint8Array, Promise<CryptoKey>>()
  constructor(private readonly hash: 'SHA-1' | 'SHA-256') {}
  async sign(key: Uint8Array<ArrayBuffer>, message: string): Promise<Uint8Array> {
    let cryptoKey = this.keys.get(key)
    if (!cryptoKey) {
      cryptoKey = globalThis.crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: this.hash }, false, ['sign'])
      this.keys.set(key, cryptoKey)
    }
    return new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', await cryptoKey, utf8(message)))
  }
}

function secretRule(scheme: SignatureScheme): string {
  if (scheme.id === 'stripe') return 'Stripe uses the whole whsec_… string as the key, as text (not base64-decoded).'
  if (scheme.id === 'standard-webhooks') return 'Standard Webhooks uses the base64 after whsec_, decoded, as the key.'
  return `${scheme.name} uses the secret as UTF-8 text, exactly as shown in its settings.`
}

/**
 * The relay a request came through, from the headers it leaves (`Host`, `X-Forwarded-Host`), and what
 * it does to a JSON body; `undefined` when none is recognised.
 */
export function relayOf(headers: readonly (readonly [string, string])[]): string | undefined {
  const hosts = headers.filter(([n]) => /^(?:host|x-forwarded-host)$/i.test(n)).map(([, v]) => v.toLowerCase())
  if (hosts.some((h) => h === 'smee.io' || h.endsWith('.smee.io'))) return 'smee.io parses the JSON it relays and the smee client forwards JSON.stringify of it (compact, keys as parsed), so the bytes the provider signed never reach your handler: verify on a direct delivery (a tunnel such as ngrok or cloudflared forwards the bytes untouched).'
  return undefined
}

function bodyMessage(candidate: BodyCandidate, bodyWasParsed: boolean, relay?: string): string {
  if (candidate.code === 'body-charset') {
    return `The signature verifies for the body with ${candidate.change}: the characters were re-encoded between the provider and your check (a proxy, a framework reading the body in another charset, or an editor). Verify the raw bytes before any decoding.`
  }
  if (candidate.code === 'body-line-endings') {
    return `The signature verifies for the body with ${candidate.change}: the line endings changed between the provider and your check (a proxy, a logger or a text editor). Verify the raw bytes as received.`
  }
  if (candidate.form) {
    return `The signature verifies for the form body ${candidate.change}: the provider signed the raw form bytes (Slack interactivity posts payload=<URL-encoded JSON>), and your check ran on a decoded or re-encoded copy. Verify the raw request bytes before any form or JSON parsing.`
  }
  const logged = bodyWasParsed ? ' The pasted log held the body as parsed JSON, so its bytes were already lost there.' : ''
  const via = relay ? ` ${relay}` : ''
  return `The signature verifies for this JSON written ${candidate.change}: the provider signed those bytes, and your check ran on a re-serialised copy. Verify the raw request bytes before any JSON parsing.${logged}${via}`
}

function keyMessage(scheme: SignatureScheme, candidate: KeyCandidate): SignatureCause[] {
  return candidate.codes.map((code) =>
    code === 'secret-whitespace'
      ? { code, message: 'The signature verifies with the secret trimmed: yours has whitespace around it (often a newline from an .env file or a copy).' }
      : { code, message: `The signature verifies with ${candidate.change}. ${secretRule(scheme)}` },
  )
}

function timestampCause(scheme: SignatureScheme, read: ReadSignature, now: Date, tolerance: number | null): SignatureCause | null {
  if (read.timestamp === null || tolerance === null || !(tolerance > 0)) return null
  const age = Math.floor(now.getTime() / 1000) - read.timestamp
  const late = age > tolerance
  const early = scheme.rejectsFuture && -age > tolerance
  if (!late && !early) return null
  const when = `${formatDuration(Math.abs(age) * 1000)} ${late ? 'before' : 'after'} now`
  const signedAt = new Date(read.timestamp * 1000).toISOString()
  return {
    code: 'timestamp-outside-tolerance',
    message: `The signature is right, but it was made at ${signedAt}, ${when}; ${scheme.name} accepts ${formatDuration(tolerance * 1000)}${scheme.rejectsFuture ? ' either way' : ''}. A replayed or delayed delivery, or a clock that is off.`,
  }
}

function wrongSecretMessage(scheme: SignatureScheme, read: ReadSignature, secret: string, keyUsable: boolean, bodyTooLarge: boolean): string {
  if (secret === '') return `Enter the secret your handler verifies with: ${scheme.signatureHeader} cannot be checked without it.`
  if (!keyUsable) return `The secret is not a Standard Webhooks key (whsec_ followed by standard base64), and no other reading of it verifies.`
  const tried = joinNames([...(bodyTooLarge ? [] : ['re-serialised JSON', 'line endings', 're-encoded characters']), 'whitespace around the secret', 'the secret encoded another way'])
  const hint = scheme.id === 'stripe' ? ' Each endpoint (and `stripe listen`) has its own whsec_ secret; test and live mode differ.' : ''
  return `${read.header} does not match this body and secret, and none of ${tried} explains it: the secret is another one, or the body changed beyond recognition.${hint}`
}

function knownSecretCause(scheme: SignatureScheme, kind: KnownSecret['kind']): SignatureCause {
  if (kind === 'previous') {
    return {
      code: 'previous-secret',
      message: `${scheme.signatureHeader} verifies with your previous secret, not the one your handler uses: the provider still signs with the old secret (a rotation not finished there), or this is an old delivery sent again. Accept either secret until the switch is done.`,
    }
  }
  if (kind === 'shopify-store') {
    return {
      code: 'shopify-store-secret',
      message: "X-Shopify-Hmac-Sha256 verifies with the store's notification secret, not the app's client secret: a webhook made in the store admin (Settings → Notifications → Webhooks) is signed with the store's secret; one your app subscribed to, with the app's client secret.",
    }
  }
  return {
    code: 'stripe-destination-secret',
    message: "Stripe-Signature verifies with your thin-event destination's secret: each event destination (snapshot or thin) has its own whsec_, and this delivery was checked with the other one's.",
  }
}

function inTime(scheme: SignatureScheme, read: ReadSignature, now: Date, tolerance: number | null, causes: SignatureCause[]): Pick<SignatureDiagnosis, 'verdict' | 'causes'> {
  const late = timestampCause(scheme, read, now, tolerance)
  const all = late ? [...causes, late] : causes
  return { verdict: all.length === 0 ? 'valid' : 'invalid', causes: all }
}

async function diagnoseHmac(
  scheme: SignatureScheme,
  read: ReadSignature,
  body: string,
  bodyWasParsed: boolean,
  input: DiagnoseSignatureInput,
  relay: string | undefined,
  compression: string | null,
): Promise<SignatureDiagnosis> {
  const now = input.now ?? new Date()
  const tolerance = input.toleranceSeconds ?? scheme.toleranceSeconds
  const mac = new Mac(read.hash)
  const content = scheme.signedContent(body, read)
  // WebCrypto refuses zero-length HMAC keys: an empty secret has no key (and is reported as missing).
  const usable = (k: Uint8Array<ArrayBuffer> | null) => (k && k.length > 0 ? k : null)
  const key = usable(scheme.key(input.secret))
  const expectedToken = content !== null && key ? scheme.token(await mac.sign(key, content)) : null
  const base: SignatureDiagnosis = {
    provider: scheme.id,
    verdict: 'invalid',
    causes: [],
    signatureHeader: read.header,
    received: read.received,
    ...(expectedToken !== null ? { expected: scheme.headerValue(expectedToken, read) } : {}),
    ...(content !== null && SHOWS_SIGNED_CONTENT.has(scheme.id) ? { signedContent: content } : {}),
  }
  if (read.problem) return { ...base, causes: [read.problem] }
  const matches = (token: string) => read.signatures.includes(token)
  if (expectedToken !== null && matches(expectedToken)) return { ...base, ...inTime(scheme, read, now, tolerance, []) }

  const tooLarge = body.length > MAX_CANDIDATE_BODY
  const bodies = tooLarge ? [] : bodyCandidates(body)
  const skipped = tooLarge
    ? `The body is ${formatBytes(body.length)}, so re-serialised JSON and changed line endings were not tried (they are for bodies up to ${formatBytes(MAX_CANDIDATE_BODY)}); the secret's other readings were.`
    : undefined
  const keys = input.secret === '' ? [] : keyCandidates(scheme, input.secret).filter((k) => usable(k.key))
  const tries: { body?: BodyCandidate; key?: KeyCandidate }[] = [
    ...(key ? bodies.map((b) => ({ body: b })) : []),
    ...keys.map((k) => ({ key: k })),
    ...keys.flatMap((k) => bodies.map((b) => ({ key: k, body: b }))),
  ]
  for (const t of tries) {
    const signed = scheme.signedContent(t.body?.body ?? body, read)
    const k = t.key?.key ?? key
    if (signed === null || !k) continue
    if (!matches(scheme.token(await mac.sign(k, signed)))) continue
    const causes = [...(t.key ? keyMessage(scheme, t.key) : []), ...(t.body ? [{ code: t.body.code, message: bodyMessage(t.body, bodyWasParsed, t.body.code === 'body-reserialized' ? relay : undefined) }] : [])]
    return { ...base, ...inTime(scheme, read, now, tolerance, causes), verdict: 'invalid' }
  }
  for (const known of input.knownSecrets ?? []) {
    const k = usable(scheme.key(known.secret))
    if (content === null || !k || !matches(scheme.token(await mac.sign(k, content)))) continue
    return { ...base, ...inTime(scheme, read, now, tolerance, [knownSecretCause(scheme, known.kind)]), verdict: 'invalid' }
  }
  if (compression && key) {
    const cause = await compressedCause(scheme, read, body, compression, async (signed) => matches(scheme.token(await mac.sign(key, signed))))
    return { ...base, causes: [cause] }
  }
  return { ...base, ...(skipped ? { skipped } : {}), causes: [{ code: 'wrong-secret-or-body', message: wrongSecretMessage(scheme, read, input.secret, key !== null, tooLarge) }] }
}

/** gzip's first two bytes, as the pasted text holds them (read byte per char, or the second as U+FFFD when decoded as UTF-8). */
const GZIP_MAGIC = /^\u001f[\u008b\ufffd]/

/** What says the body arrived compressed: its `Content-Encoding`, or gzip's magic bytes; `null` when nothing does. */
function compressionOf(headers: readonly (readonly [string, string])[], body: string): string | null {
  const encoding = headers.find(([n]) => n.toLowerCase() === 'content-encoding')?.[1].trim().toLowerCase()
  if (encoding && encoding !== 'identity') return `Content-Encoding: ${encoding}`
  return GZIP_MAGIC.test(body) ? "gzip's magic bytes (1F 8B) at the start of the body" : null
}

/** The body's text decompressed from gzip, when every char is one byte (the pasted text kept the bytes); otherwise `null`. */
async function gunzipText(body: string): Promise<string | null> {
  if (!/^\u001f\u008b/.test(body) || /[^\u0000-\u00ff]/.test(body) || typeof DecompressionStream === 'undefined') return null
  try {
    const bytes = Uint8Array.from(body, (c) => c.charCodeAt(0))
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))
    return await new Response(stream).text()
  } catch {
    return null
  }
}

/**
 * The compressed-body cause: confirmed when the gzip body, decompressed, verifies; otherwise named from
 * the evidence (the header or the magic bytes) and said to be unconfirmed.
 */
async function compressedCause(scheme: SignatureScheme, read: ReadSignature, body: string, evidence: string, verifies: (content: string) => Promise<boolean>): Promise<SignatureCause> {
  const text = await gunzipText(body)
  const content = text === null ? null : scheme.signedContent(text, read)
  if (content !== null && (await verifies(content))) {
    return { code: 'body-compressed', message: `The signature verifies for the body decompressed (${evidence}): a proxy or CDN compressed the request between the provider and your handler, and your check ran over the compressed bytes. The provider signed them uncompressed.` }
  }
  return {
    code: 'body-compressed',
    message: `The body arrived compressed (${evidence}), and the provider signs its body uncompressed: a proxy or CDN compressed the request on the way. The pasted text does not hold the compressed bytes exactly, so this is not confirmed: decompress before verifying, then check again.`,
  }
}

function diagnoseToken(scheme: SignatureScheme, read: ReadSignature, secret: string): SignatureDiagnosis {
  const base = { provider: scheme.id, signatureHeader: read.header, received: read.received, expected: secret }
  if (read.received === secret) return { ...base, verdict: 'valid', causes: [] }
  if (secret !== '' && read.received === secret.trim()) {
    return { ...base, verdict: 'invalid', causes: [{ code: 'secret-whitespace', message: 'The token matches the secret trimmed: yours has whitespace around it (often a newline from an .env file or a copy).' }] }
  }
  const message =
    secret === ''
      ? 'Enter the secret token your handler expects: X-Gitlab-Token cannot be checked without it.'
      : 'X-Gitlab-Token is not this secret token. GitLab sends the token itself (nothing is computed over the body), so only the token can be wrong: compare it with the one in the webhook settings.'
  return { ...base, verdict: 'invalid', causes: [{ code: 'wrong-secret-or-body', message }] }
}

/**
 * Diagnoses a webhook signature: re-computes it for the received body and secret, and when it does
 * not verify, finds why by trying the usual mistakes and keeping the fix that verifies.
 *
 * ```ts
 * const d = await diagnoseWebhookSignature({ request: pastedText, secret })
 * if (d.verdict === 'invalid') console.log(d.causes[0]?.message)
 * ```
 * Never throws on bad input: unreadable input or missing headers give `cannot-check` with a cause.
 * Asynchronous because WebCrypto's HMAC is.
 * @param input - the request (raw HTTP text, `{headers, body}` JSON text, or parts), the secret, and
 *   optionally the provider (default: detected), `now` (default: the current time) and
 *   `toleranceSeconds` (default: the provider's own, 300 s for Stripe, Slack and Standard Webhooks)
 */
export async function diagnoseWebhookSignature(input: DiagnoseSignatureInput): Promise<SignatureDiagnosis> {
  const request = readRequestInput(input.request)
  if (!request.ok) return { provider: input.provider ?? null, verdict: 'cannot-check', causes: [{ code: 'no-signature-header', message: request.message }] }
  const providerId = input.provider ?? detectWebhookProvider(request.headers)
  if (!providerId) {
    const names = joinNames(signatureSchemes.map((s) => s.signatureHeader))
    return { provider: null, verdict: 'cannot-check', causes: [{ code: 'unknown-provider', message: `No provider's signature headers (${names}) are present: choose the provider.` }] }
  }
  const scheme = schemeOf(providerId)
  const read = scheme.read(request.headers)
  if ('missing' in read) {
    return {
      provider: providerId,
      verdict: 'cannot-check',
      signatureHeader: read.missing,
      causes: [{ code: 'no-signature-header', message: `There is no ${read.missing} header, so there is nothing to check: ${scheme.name} sends it with every delivery (is signing configured, and did a proxy keep the header?).` }],
    }
  }
  if (scheme.kind === 'token') return diagnoseToken(scheme, read, input.secret)
  return diagnoseHmac(scheme, read, request.body, request.bodyWasParsed, input, relayOf(request.headers), compressionOf(request.headers, request.body))
}
