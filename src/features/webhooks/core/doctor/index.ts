/** The signature doctor: why a webhook signature does not verify. */
export { diagnoseWebhookSignature } from './diagnose'
export { detectWebhookProvider } from './schemes'
export { readRequestText, readHeaderLines, type ReadRequest, type ReadRequestResult } from './request-text'
export type { DiagnoseSignatureInput, DoctorInputMode, KnownSecret, SignatureCause, SignatureCauseCode, SignatureDiagnosis, WebhookHeadersInput, WebhookProviderId, WebhookRequestParts } from './types'
export { signatureCauseAdvice, SIGNATURE_CAUSE_TITLES, type SignatureCauseAdvice } from './advice'
export { formatRawRequest, textDifference, type TextDifference } from './difference'
