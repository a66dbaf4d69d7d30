/** Deterministic webhook samples for stories: a fixed time and seeded randomness. */
import { createSeededRandom, generateWebhook, providers, verificationSnippet, type WebhookSample } from '../core'
import type { DeliveryFailure, DeliveryResult } from '../core/delivery-types'
import { generateSlackInteractivity } from '../core/catalogue/slack-interactivity'

/** The frozen "now" of every webhook story. */
export const NOW = new Date('2026-01-15T12:00:00Z')

/** A sample generated at {@link NOW} with a seeded source: identical on every render. */
export function sampleOf(providerId: string, eventType: string, seed = 42): WebhookSample {
  return generateWebhook(providerId, eventType, { now: NOW, random: createSeededRandom(seed) })
}

export const githubPush = sampleOf('github', 'push')
export const stripeRefund = sampleOf('stripe', 'charge.refunded')
export const shopifyOrder = sampleOf('shopify', 'orders/create')
/** A form-encoded Slack interactivity sample (catalogue events need no async load when built directly). */
export const slackBlockActions: WebhookSample = { provider: 'slack', event: 'block_actions', ...generateSlackInteractivity('block_actions', { now: NOW, random: createSeededRandom(42) }) }

export const providerInfo = (id: string) => providers.find((p) => p.id === id)!
/** Every provider as a choice (id and name), in display order, as the containers pass them. */
export const providerChoices = providers.map((p) => ({ id: p.id, name: p.name }))
export const snippetOf = (id: string) => verificationSnippet(id).code

const receiverHeaders: [string, string][] = [
  ['content-type', 'application/json; charset=utf-8'],
  ['x-webhook-receiver', 'api-workbench-demo'],
]

/** A response of the demo receiver. */
export function receiverResult(duplicate: boolean, signatureValid = true): DeliveryResult {
  const body: Record<string, unknown> = { received: true, signatureValid, duplicate, provider: 'github', event: 'push', deliveryId: githubPush.deliveryId }
  if (!signatureValid) body.signatureError = 'X-Hub-Signature-256 does not match the demo secret.'
  return { status: 200, statusText: 'OK', durationMs: duplicate ? 4 : 12, sentAt: NOW, headers: receiverHeaders, body: JSON.stringify(body) }
}

export const serverError: DeliveryResult = {
  status: 500,
  statusText: 'Internal Server Error',
  durationMs: 1830,
  sentAt: NOW,
  headers: [['content-type', 'text/plain']],
  body: 'TypeError: Cannot read properties of undefined (reading "login")\n    at handleWebhook (/srv/app/webhooks.js:42:31)',
}

export const htmlBody: DeliveryResult = {
  status: 404,
  statusText: 'Not Found',
  durationMs: 35,
  sentAt: NOW,
  headers: [],
  body: '<!doctype html><title>Not found</title><h1>Not found</h1><script>alert(1)</script>',
}

export const corsFailure: DeliveryFailure = {
  cause: 'cors',
  url: 'http://127.0.0.1:4501/webhook',
  message: 'Failed to fetch',
  curl: `curl -sS -X POST 'http://127.0.0.1:4501/webhook' -H 'Content-Type: application/json' -H 'X-GitHub-Event: push' -H 'X-GitHub-Delivery: ${githubPush.deliveryId}' --data-raw '{"ref":"refs/heads/main"}'`,
  envVars: [],
  preflightCurl: "curl -i -X OPTIONS 'http://127.0.0.1:4501/webhook' -H 'Origin: http://127.0.0.1:4173' -H 'Access-Control-Request-Method: POST' -H 'Access-Control-Request-Headers: content-type,x-github-delivery,x-github-event'",
  preflightHeaders: ['content-type', 'x-github-delivery', 'x-github-event'],
  origin: 'http://127.0.0.1:4173',
}
