/**
 * The webhook generator's public surface for other features: the framework-free generator and
 * signer. The page is loaded lazily by the app router.
 */
export { generateWebhook, providers, serializePayload, signWebhook, type WebhookProviderInfo, type WebhookSample } from './core'
