/**
 * Signing one delivery with several secrets, as providers do while a secret is rotated: Stripe sends
 * one `v1=` per active secret in `Stripe-Signature`, Standard Webhooks (and Svix) one `v1,…` entry per
 * secret, space-separated, in `webhook-signature`. GitHub, Slack, Shopify and GitLab carry a single
 * signature (or token), so a handler of theirs verifies against its list of secrets instead.
 */
import { signWebhook } from '../index'
import type { SignOptions } from '../types'

/** A delivery's signature headers for several secrets, and what the provider's scheme could not carry. */
export interface SignedWithSecrets {
  /** The signature headers, to spread after the sample's headers. */
  headers: Record<string, string>
  /** Sentences for what the scheme cannot carry (a single-signature provider given several secrets). */
  notes: string[]
}

/** Where each scheme puts one signature per secret, and how the entries are joined. */
const MULTI: Readonly<Record<string, { header: string; entry: (value: string) => string[]; join: (prefix: string, entries: string[]) => string }>> = {
  stripe: {
    header: 'Stripe-Signature',
    // "t=…,v1=…": every part after the timestamp is a signature entry.
    entry: (value) => value.split(',').filter((part) => part.startsWith('v1=')),
    join: (first, entries) => [first.split(',').find((p) => p.startsWith('t=')) ?? '', ...entries].join(','),
  },
  'standard-webhooks': {
    header: 'webhook-signature',
    entry: (value) => value.split(' ').filter(Boolean),
    join: (_first, entries) => entries.join(' '),
  },
}

/**
 * Signs `body` with every secret in `secrets` (the first one alone for single-signature providers).
 * The signing time and message id are the same for every secret, as the provider's are.
 * @param secrets - at least one; e.g. `[previous, next]` during a rollover
 * @throws {WebhookSecretError} for an empty secret (as {@link signWebhook})
 */
export async function signWithSecrets(providerId: string, body: string, secrets: readonly string[], options: SignOptions = {}): Promise<SignedWithSecrets> {
  const [first, ...rest] = secrets
  if (first === undefined) throw new Error('signWithSecrets needs at least one secret')
  const now = options.now ?? new Date()
  const headers = await signWebhook(providerId, body, first, { ...options, now })
  const multi = MULTI[providerId]
  if (rest.length === 0) return { headers, notes: [] }
  if (!multi) {
    return {
      headers,
      notes: [`This provider sends one signature, made with one secret (the first). During a rotation a handler verifies it against each of its secrets in turn; @octokit/webhooks' verify takes a list for GitHub.`],
    }
  }
  // The same message id for every signature (Standard Webhooks signs it).
  const deliveryId = options.deliveryId ?? headers['webhook-id']
  const entries = multi.entry(headers[multi.header] ?? '')
  for (const secret of rest) {
    const more = await signWebhook(providerId, body, secret, { ...options, now, ...(deliveryId ? { deliveryId } : {}) })
    entries.push(...multi.entry(more[multi.header] ?? ''))
  }
  return { headers: { ...headers, [multi.header]: multi.join(headers[multi.header] ?? '', entries) }, notes: [] }
}

/** One step of a secret rollover: which secrets the provider signs with. */
export interface RolloverStep {
  /** "Previous secret only", "Both secrets", "New secret only". */
  label: string
  secrets: string[]
}

/** The three steps of a rollover a handler must accept in turn: the previous secret, both, then the new one. */
export function rolloverSteps(previous: string, next: string): RolloverStep[] {
  return [
    { label: 'Previous secret only', secrets: [previous] },
    { label: 'Both secrets', secrets: [previous, next] },
    { label: 'New secret only', secrets: [next] },
  ]
}

/** Whether the provider's signature header carries one signature per secret (Stripe, Standard Webhooks). */
export function carriesSeveralSignatures(providerId: string): boolean {
  return providerId in MULTI
}
