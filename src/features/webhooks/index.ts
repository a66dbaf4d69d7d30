/**
 * The webhook generator's public surface for other features: the framework-free generator and
 * signer, and the signature doctor. The page is loaded lazily by the app router.
 */
export { generateWebhook, providers, serializePayload, signWebhook, type WebhookProviderInfo, type WebhookSample } from './core'
export {
  diagnoseWebhookSignature,
  detectWebhookProvider,
  signatureCauseAdvice,
  type DiagnoseSignatureInput,
  type SignatureCause,
  type SignatureCauseAdvice,
  type SignatureCauseCode,
  type SignatureDiagnosis,
  type WebhookProviderId,
} from './core'
