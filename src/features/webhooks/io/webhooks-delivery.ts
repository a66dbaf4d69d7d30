/**
 * Sending a webhook from the browser and explaining failures: the pure parts of the webhook store
 * (no Pinia, no globals), tested in webhooks.test.ts against the real demo receiver.
 */
import { buildCurlCommand, corsPreflightHeaderNames, parseUrl, toPreflightCurl } from '@/shared/core/http'
import { diagnoseNetworkFailure, likelyNetworkCause, type NetworkProbe } from '@/shared/core/http/network-error'
import { describeNetworkFailure } from '@/shared/core/http/network-failure-words'
import { withTargetAddressSpace } from '@/shared/core/http/address-space'
import { readBodyChunks } from '@/shared/core/http/body-read'
import type { DeliveryFailure, DeliveryResult } from '@/features/webhooks/core/delivery-types'

/** A request ready to send: the sample's headers with the signature headers spread last. */
export interface WebhookRequest {
  url: string
  headers: Record<string, string>
  body: string
  /** Header names whose values are secrets (GitLab's token), kept out of curl as `$VARIABLE`. */
  secretHeaders: string[]
}

/**
 * Merges headers so the signed values win: Slack and Standard Webhooks sign a timestamp (and id)
 * that the unsigned sample already carries, and the receiver must see the signed ones. Names are
 * matched case-insensitively; the signed name's spelling is kept.
 */
export function mergeHeaders(sample: Record<string, string>, signature: Record<string, string>): Record<string, string> {
  const signed = new Set(Object.keys(signature).map((n) => n.toLowerCase()))
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(sample)) if (!signed.has(name.toLowerCase())) out[name] = value
  return { ...out, ...signature }
}

/** Why a handler URL cannot be used, in words for the field; `null` when it can. */
export function handlerUrlProblem(value: string): string | null {
  const text = value.trim()
  if (text === '') return 'Enter the URL of your webhook handler, e.g. https://example.com/webhooks.'
  const url = parseUrl(text)
  if (!url) return 'This is not a complete URL: start with http:// or https:// and include the host.'
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `Only http:// and https:// URLs can receive webhooks (this one is ${url.protocol}).`
  if (url.username || url.password) return 'Remove the user name and password from the URL; browsers refuse to send them with fetch.'
  return null
}

/**
 * How long Send waits for the handler's whole answer before it gives up: GitHub's own delivery
 * timeout (10 s), so a handler that is too slow here is too slow for GitHub too.
 */
export const SEND_TIMEOUT_MS = 10_000

/**
 * Sends one request; resolves with the response, rejects with fetch's error on a network failure,
 * or with the signal's reason when `signal` aborts (while waiting for the headers or the body).
 */
export async function sendOnce(request: WebhookRequest, now: () => Date, clock: () => number = () => performance.now(), signal?: AbortSignal): Promise<DeliveryResult> {
  const sentAt = now()
  const start = clock()
  const url = request.url.trim()
  // targetAddressSpace: a hosted page may reach a handler on the user's machine once allowed (Chrome 142+).
  const response = await fetch(
    url,
    withTargetAddressSpace(url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'follow',
      ...(signal ? { signal } : {}),
    }),
  )
  // Chunk by chunk, with the size guard: a 100 MB answer or a gzip bomb is never decoded whole.
  const read = await readBodyChunks(response.body, { contentType: response.headers.get('content-type') ?? '' })
  const headers: [string, string][] = []
  response.headers.forEach((value, name) => headers.push([name, value]))
  headers.sort(([a], [b]) => a.localeCompare(b))
  const result: DeliveryResult = { status: response.status, statusText: response.statusText, durationMs: Math.max(0, Math.round(clock() - start)), sentAt, headers, body: read.text }
  if (read.truncated) Object.assign(result, { sizeBytes: read.sizeBytes, truncated: true, cut: read.cut, ...(read.blob ? { blob: read.blob } : {}) })
  return result
}

/** What Send ended in (see the webhook store's `send`). */
export type SendOutcome = 'sent' | 'failed' | 'blocked' | 'timeout' | 'cancelled'

/** The page stopped waiting for the handler: its time limit ran out, or the user cancelled. */
export class SendStopped extends Error {
  constructor(
    /** Why it stopped. */
    readonly reason: 'timeout' | 'cancelled',
    cause: unknown,
  ) {
    super(reason === 'timeout' ? 'The handler did not answer in time.' : 'Cancelled.', { cause })
  }
}

/**
 * Starts one send that gives up after `timeoutMs` or when cancelled; either way `result` rejects
 * with {@link SendStopped} (a network failure rejects with fetch's own error).
 */
export function startSend(request: WebhookRequest, now: () => Date, timeoutMs: number): { result: Promise<DeliveryResult>; cancel: () => void } {
  const controller = new AbortController()
  let stopped: 'timeout' | 'cancelled' | null = null
  const stop = (reason: 'timeout' | 'cancelled') => {
    stopped ??= reason
    controller.abort()
  }
  const timer = setTimeout(() => stop('timeout'), timeoutMs)
  const result = sendOnce(request, now, undefined, controller.signal)
    .catch((error: unknown) => {
      throw stopped ? new SendStopped(stopped, error) : error
    })
    .finally(() => clearTimeout(timer))
  return { result, cancel: () => stop('cancelled') }
}

/**
 * Describes a failed send: the cause as inferred without probing, the same request as curl (secret
 * headers as variables), and a preflight probe listing the headers the handler's CORS must allow.
 * {@link diagnoseFailure} then probes to decide the cause.
 */
export function describeFailure(request: WebhookRequest, error: unknown, context: { origin: string; online: boolean }): DeliveryFailure {
  const url = request.url.trim()
  const { command, envVars } = buildCurlCommand({ url, method: 'POST', headers: request.headers, body: request.body }, { secretHeaders: request.secretHeaders })
  const preflightHeaders = corsPreflightHeaderNames(request.headers)
  return {
    cause: likelyNetworkCause(error, url, { online: context.online, pageOrigin: context.origin }),
    url,
    message: error instanceof Error ? error.message : String(error),
    curl: command,
    envVars,
    preflightCurl: toPreflightCurl(url, context.origin, 'POST', preflightHeaders),
    preflightHeaders,
    origin: context.origin,
  }
}

/**
 * {@link describeFailure} with the cause decided by `diagnoseNetworkFailure` (a handler that is not
 * running is `unreachable`, never CORS; see its TSDoc for the probes).
 */
export async function diagnoseFailure(request: WebhookRequest, error: unknown, context: { origin: string; online: boolean }, probe: NetworkProbe = {}): Promise<DeliveryFailure> {
  const failure = describeFailure(request, error, context)
  return { ...failure, cause: await diagnoseNetworkFailure(error, failure.url ?? request.url.trim(), { online: context.online, pageOrigin: context.origin }, probe) }
}

/**
 * A failed delivery of a run (a sequence, a replay) in the words of the one diagnosis — a handler
 * that is down is "refused", never CORS — as "<title>. <next step>".
 */
export async function networkFailureWords(error: unknown, url: string): Promise<string> {
  const online = typeof navigator === 'undefined' ? true : navigator.onLine
  const origin = typeof location === 'undefined' ? undefined : location.origin
  const cause = await diagnoseNetworkFailure(error, url, { online, ...(origin ? { pageOrigin: origin } : {}) })
  if (cause === 'unknown') return error instanceof Error ? error.message : String(error)
  const words = describeNetworkFailure(cause, url, { peer: 'handler' })
  return `${words.title}. ${words.nextStep}`
}

