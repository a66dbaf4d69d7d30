/** Typed errors the UI can show next to the field that caused them. */

/** Why a secret was rejected. */
export type WebhookSecretErrorCode = 'empty' | 'invalid-base64' | 'invalid-header-value'

/** Thrown by `signWebhook` when the secret cannot be used; `message` is ready to show at the secret field. */
export class WebhookSecretError extends Error {
  override readonly name = 'WebhookSecretError'
  /**
   * @param code - machine-readable reason
   * @param providerId - provider whose secret format was violated
   * @param message - human-readable explanation
   */
  constructor(
    readonly code: WebhookSecretErrorCode,
    readonly providerId: string,
    message: string,
  ) {
    super(message)
  }
}

/** Thrown for an unknown provider id or event type. */
export class UnknownWebhookError extends Error {
  override readonly name = 'UnknownWebhookError'
  /**
   * @param kind - whether the provider or the event was not found
   * @param value - the id that was not found
   */
  constructor(
    readonly kind: 'provider' | 'event',
    readonly value: string,
    message: string,
  ) {
    super(message)
  }
}
