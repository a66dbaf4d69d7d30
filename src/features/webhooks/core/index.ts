/**
 * Webhook payload generator core (framework-free): realistic provider requests, signed on demand.
 *
 * ```ts
 * const sample = generateWebhook('github', 'push')
 * const signature = await signWebhook('github', sample.body, secret, { deliveryId: sample.deliveryId })
 * fetch(url, { method: 'POST', headers: { ...sample.headers, ...signature }, body: sample.body })
 * ```
 * Signature headers may repeat a timestamp or id header of the sample (Slack, Standard Webhooks):
 * spread them after `sample.headers` so the signed values win.
 */
import { UnknownWebhookError, WebhookSecretError } from './errors'
import { github } from './providers/github'
import { gitlab } from './providers/gitlab'
import { encodeBody, type BodyEncoding } from './form-body'
import { bufferedRandom, defaultRandom } from './random'
import { shopify } from './providers/shopify'
import { slack } from './providers/slack'
import { standardWebhooks } from './providers/standard-webhooks'
import { stripe } from './providers/stripe'
import { assertValidDate } from './time'
import type { GenerateOptions, SignOptions, WebhookProvider, WebhookProviderInfo, WebhookSample } from './types'
import type { CatalogueEvent, ProviderCatalogue } from './catalogue/types'
import type * as SequencesModule from './catalogue/sequences'

export { createSeededRandom, defaultRandom, type RandomSource } from './random'
export { UnknownWebhookError, WebhookSecretError, type WebhookSecretErrorCode } from './errors'
export { robustnessVariants, fieldPaths, objectPaths, removeField, setFieldToNull, addUnknownField, formatPath, UNKNOWN_FIELD_NAME, UNKNOWN_FIELD_VALUE, type FieldPath, type PayloadVariant } from './robustness'
export { verificationSnippet, type CodeSnippet } from './snippets'
export { parsePayloadText, type PayloadTextResult } from './payload-text'
export { applyOverrides, overridablePaths, parseFieldPath, parseOverrideValue, type FieldOverride, type OverrideProblem } from './overrides'
export { SHOPIFY_RAW_INTEGER_KEYS } from './providers/shopify'
export { bodyEncodingOf, decodeFormPayload, encodeFormPayload, FORM_CONTENT_TYPE, isFormPayloadBody, jsonTextOf, type BodyEncoding } from './form-body'
export * from './doctor'
export type { GenerateOptions, SignOptions, SecretFormat, WebhookEventInfo, WebhookProviderInfo, WebhookSample } from './types'
export type { CatalogueEvent } from './catalogue/types'
export { sequences, type SequenceInfo } from './sequence-info'
export type { PlannedDelivery } from './catalogue/sequences'

/** Loads the sequence generator (with the catalogues it needs) on demand. */
export const loadSequences = (): Promise<typeof SequencesModule> => import('./catalogue/sequences')

const implementations: readonly WebhookProvider[] = [github, stripe, slack, shopify, standardWebhooks, gitlab]

function toInfo(p: WebhookProvider): WebhookProviderInfo {
  return Object.freeze({
    id: p.id,
    name: p.name,
    events: Object.freeze(p.events.map((e) => Object.freeze({ ...e }))),
    signatureHeaders: Object.freeze([...p.signatureHeaders]),
    signatureDescription: p.signatureDescription,
    secret: Object.freeze({ ...p.secret }),
    deliveryIdHeader: p.deliveryIdHeader,
    deliveryIdLocation: p.deliveryIdLocation,
    timestampToleranceSeconds: p.timestampToleranceSeconds,
  })
}

/** The supported providers with their events, in display order (GitHub, Stripe, Slack, Shopify, Standard Webhooks, GitLab). */
export const providers: readonly WebhookProviderInfo[] = Object.freeze(implementations.map(toInfo))

/**
 * Each provider's full catalogue, in its own chunk: the route's first load carries only the built-in
 * events above; the rest (and GitHub's and Stripe's generated tables) load when asked for.
 */
const catalogueLoaders: Record<string, () => Promise<ProviderCatalogue>> = {
  github: () => import('./catalogue/github-entry').then((m) => m.githubCatalogue),
  stripe: () => import('./catalogue/stripe').then((m) => m.stripeCatalogue),
  slack: () => import('./catalogue/slack').then((m) => m.slackCatalogue),
  shopify: () => import('./catalogue/shopify').then((m) => m.shopifyCatalogue),
  'standard-webhooks': () => import('./catalogue/standard-webhooks').then((m) => m.standardWebhooksCatalogue),
  gitlab: () => import('./catalogue/gitlab').then((m) => m.gitlabCatalogue),
}
const loadedCatalogues = new Map<string, ProviderCatalogue>()

/**
 * Loads a provider's full event catalogue (every GitHub event/action, every Stripe event type, the common
 * events of the others); afterwards {@link generateWebhook} accepts all of them. Loading twice is free.
 * @returns the events, sorted by type, each with its category and one-line description
 * @throws {UnknownWebhookError} for an unknown provider
 */
export async function loadCatalogue(providerId: string): Promise<readonly CatalogueEvent[]> {
  providerOf(providerId)
  let catalogue = loadedCatalogues.get(providerId)
  if (!catalogue) {
    const load = catalogueLoaders[providerId]
    if (!load) return providerOf(providerId).events.map((e) => ({ ...e, category: 'events' }))
    catalogue = await load()
    loadedCatalogues.set(providerId, catalogue)
  }
  return catalogue.events
}

/** The provider's catalogue events if {@link loadCatalogue} has loaded them, else `undefined`. */
export function loadedCatalogue(providerId: string): readonly CatalogueEvent[] | undefined {
  return loadedCatalogues.get(providerId)?.events
}

/** Whether {@link generateWebhook} can build `eventType` now (built-in, or in a loaded catalogue). */
export function canGenerate(providerId: string, eventType: string): boolean {
  const provider = implementations.find((p) => p.id === providerId)
  return !!provider && (provider.events.some((e) => e.type === eventType) || !!loadedCatalogues.get(providerId)?.events.some((e) => e.type === eventType))
}

function providerOf(providerId: string): WebhookProvider {
  const provider = implementations.find((p) => p.id === providerId)
  if (!provider) throw new UnknownWebhookError('provider', providerId, `Unknown webhook provider "${providerId}"`)
  return provider
}

/**
 * Generates a realistic, unsigned request for one event. Every call yields fresh identifiers.
 * @param providerId - one of {@link providers}' ids
 * @param eventType - one of that provider's event types
 * @param options - `now` (default `new Date()`) and `random` (default `crypto.getRandomValues`)
 * @throws {UnknownWebhookError} for an unknown provider or event (catalogue events need {@link loadCatalogue} first)
 */
export function generateWebhook(providerId: string, eventType: string, options: GenerateOptions = {}): WebhookSample {
  const provider = providerOf(providerId)
  const builtIn = provider.events.some((e) => e.type === eventType)
  const catalogue = loadedCatalogues.get(providerId)
  if (!builtIn && !catalogue?.events.some((e) => e.type === eventType)) {
    const hint = catalogue ? '' : ' (or its catalogue is not loaded yet: await loadCatalogue first)'
    throw new UnknownWebhookError('event', eventType, `${provider.name} has no event "${eventType}"${hint}`)
  }
  const now = assertValidDate(options.now ?? new Date())
  const ctx = { now, random: bufferedRandom(options.random ?? defaultRandom()) }
  // Built-in events keep their hand-written templates; the catalogue covers the rest.
  const generated = builtIn ? provider.generate(eventType, ctx) : (catalogue as ProviderCatalogue).generate(eventType, ctx)
  return { provider: providerId, event: eventType, ...generated }
}

/**
 * Serialises an (edited) payload the way the provider's `body` is built: Stripe pretty-prints with two
 * spaces, the others are compact; Shopify writes its 64-bit id strings as raw number text.
 * @param encoding - `form` writes the JSON into the form field `payload=` (Slack interactivity; take it from
 *   the body being replaced with `bodyEncodingOf`) @default 'json'
 * @throws {UnknownWebhookError} for an unknown provider
 */
export function serializePayload(providerId: string, payload: Record<string, unknown>, encoding: BodyEncoding = 'json'): string {
  return encodeBody(providerOf(providerId).serialize(payload), encoding)
}

/**
 * Computes the provider's signature headers for exactly `body` with the user's test secret (WebCrypto HMAC).
 * GitLab has no signature: its token header carries the secret itself.
 * @param options - `now` for timestamped schemes (default `new Date()`); `deliveryId` for Standard Webhooks'
 *   signed `webhook-id` (default a fresh `msg_…` id, returned in the headers)
 * @throws {WebhookSecretError} when the secret is empty or malformed for this provider (message ready for the UI)
 * @throws {UnknownWebhookError} for an unknown provider
 */
export async function signWebhook(providerId: string, body: string, secret: string, options: SignOptions = {}): Promise<Record<string, string>> {
  const provider = providerOf(providerId)
  if (secret.length === 0) throw new WebhookSecretError('empty', providerId, 'Enter a secret to sign the request.')
  const now = assertValidDate(options.now ?? new Date())
  return provider.sign(body, secret, { ...options, now, random: defaultRandom() })
}
