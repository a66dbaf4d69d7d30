/**
 * Getting a captured delivery ready to send again: its old signature headers dropped (it is signed
 * anew with the user's secrets), and, on request, its delivery ids and timestamps refreshed the way
 * the provider makes them — a handler that de-duplicates by id or refuses old timestamps then takes
 * it as a new delivery. Everything else stays byte for byte.
 */
import { ALPHANUMERIC, randomString, randomUuid } from '../ids'
import { defaultRandom, type RandomSource } from '../random'
import { isoMillis, unixSeconds } from '../time'
import { providers } from '../index'
import type { WebhookProviderId } from '../doctor/types'

/** Options of {@link prepareReplay}. */
export interface ReplayOptions {
  /** Give the delivery new ids (delivery, event, idempotency key). @default false */
  refreshIds?: boolean
  /** Move its timestamps (in headers and the body) to `now`. @default false */
  refreshTimestamps?: boolean
  /** The time of the new delivery. @default new Date() */
  now?: Date
  /** Randomness for new ids. @default crypto-backed */
  random?: RandomSource
}

/** A delivery ready to be signed and sent. */
export interface PreparedReplay {
  /** The headers without the old signature (the new one is added at signing). */
  headers: [string, string][]
  body: string
  /** The id Standard Webhooks signs (`webhook-id`), to pass to signing; absent for other providers. */
  deliveryId?: string
  /** What changed, one phrase each (e.g. `X-GitHub-Delivery: a new GUID`). */
  changed: string[]
}

/** Signature headers beside the ones the provider signs with now: GitHub's legacy SHA-1, Svix's names. */
const OTHER_SIGNATURE_HEADERS: Partial<Record<WebhookProviderId, string[]>> = {
  github: ['X-Hub-Signature'],
  'standard-webhooks': ['svix-timestamp', 'svix-signature'],
}

/** Headers holding a delivery's own id, per provider, and how a new one is made. */
const ID_HEADERS: Partial<Record<WebhookProviderId, [string, (r: RandomSource) => string][]>> = {
  github: [['X-GitHub-Delivery', randomUuid]],
  gitlab: [['Idempotency-Key', randomUuid], ['X-Gitlab-Event-UUID', randomUuid]],
  shopify: [['X-Shopify-Webhook-Id', randomUuid], ['X-Shopify-Event-Id', randomUuid]],
  'standard-webhooks': [['webhook-id', (r) => `msg_${randomString(r, ALPHANUMERIC, 27)}`], ['svix-id', (r) => `msg_${randomString(r, ALPHANUMERIC, 27)}`]],
}

/**
 * Replaces the value of the first top-level-looking member `"name": <value>` in a JSON text, keeping
 * every other byte; `undefined` when the member is not there.
 */
function replaceMember(json: string, name: string, value: (old: string) => string | undefined): string | undefined {
  const member = new RegExp(`("${name}"\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|-?\\d+)`)
  const match = member.exec(json)
  if (!match) return undefined
  const next = value(match[2] ?? '')
  if (next === undefined) return undefined
  return `${json.slice(0, match.index)}${match[1]}${next}${json.slice(match.index + match[0].length)}`
}

/**
 * Prepares a delivery of `provider` to be sent again: drops the provider's signature headers and, as
 * asked, refreshes ids (headers, and a Stripe event's `evt_…` id) and timestamps (Shopify's
 * triggered-at header, a Stripe event's `created`). Slack's and Standard Webhooks' signed timestamp
 * headers are set by signing.
 */
export function prepareReplay(provider: WebhookProviderId | null, headers: readonly (readonly [string, string])[], body: string, options: ReplayOptions = {}): PreparedReplay {
  const random = options.random ?? defaultRandom()
  const now = options.now ?? new Date()
  const info = providers.find((p) => p.id === provider)
  // Also the legacy and alias names the provider may have sent, which the new signature would not replace.
  const dropped = new Set([...(info?.signatureHeaders ?? []), ...(provider ? (OTHER_SIGNATURE_HEADERS[provider] ?? []) : [])].map((n) => n.toLowerCase()))
  // Standard Webhooks lists its id and timestamp among the signature headers: the id is the message's, kept unless refreshed.
  dropped.delete('webhook-id')
  dropped.delete('svix-id')
  const changed: string[] = []
  let out: [string, string][] = headers.filter(([n]) => !dropped.has(n.toLowerCase())).map(([n, v]) => [n, v])
  let nextBody = body
  if (options.refreshIds && provider) {
    for (const [name, make] of ID_HEADERS[provider] ?? []) {
      out = out.map(([n, v]) => {
        if (n.toLowerCase() !== name.toLowerCase()) return [n, v]
        changed.push(`${n}: a new id`)
        return [n, make(random)]
      })
    }
    if (provider === 'stripe') {
      const replaced = replaceMember(nextBody, 'id', (old) => (old.startsWith('"evt_') ? `"evt_${randomString(random, ALPHANUMERIC, 24)}"` : undefined))
      if (replaced !== undefined) {
        nextBody = replaced
        changed.push('the event id (evt_…) in the body')
      }
    }
  }
  if (options.refreshTimestamps && provider) {
    out = out.map(([n, v]) => {
      if (n.toLowerCase() !== 'x-shopify-triggered-at') return [n, v]
      changed.push(`${n}: now`)
      return [n, isoMillis(now)]
    })
    if (provider === 'stripe') {
      const replaced = replaceMember(nextBody, 'created', () => String(unixSeconds(now)))
      if (replaced !== undefined) {
        nextBody = replaced
        changed.push('created in the body: now')
      }
    }
  }
  const id = out.find(([n]) => /^(?:webhook-id|svix-id)$/i.test(n))?.[1]
  return { headers: out, body: nextBody, ...(id ? { deliveryId: id } : {}), changed }
}
