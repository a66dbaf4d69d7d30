/**
 * Why saving to Web Storage failed, and the sentence that tells the user — framework-free, so the
 * wording is unit-tested once and every tool says it the same way.
 */

/** Why a value could not be saved: the storage is full, the browser forbids storage, or something else. */
export type SaveFailureReason = 'full' | 'disabled' | 'unavailable'

/** A failed save: why, and the sentence shown near what was not saved (and announced once). */
export interface SaveFailure {
  reason: SaveFailureReason
  message: string
}

/**
 * Classifies what `Storage.setItem` (or reaching `localStorage` at all) threw. Duck-typed on the
 * exception's `name`/`code`, as browsers differ: Chrome/Safari throw `QuotaExceededError` (code 22),
 * old Firefox `NS_ERROR_DOM_QUOTA_REACHED` (code 1014); a browser with storage disabled throws
 * `SecurityError` on access.
 * See https://developer.mozilla.org/en-US/docs/Web/API/Storage/setItem#exceptions
 *
 * @param error - anything thrown.
 */
export function saveFailureReason(error: unknown): SaveFailureReason {
  const { name, code } = (typeof error === 'object' && error !== null ? error : {}) as { name?: unknown; code?: unknown }
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014) return 'full'
  if (name === 'SecurityError' || code === 18) return 'disabled'
  return 'unavailable'
}

const REASON_TEXT: Record<SaveFailureReason, string> = {
  full: 'storage is full',
  disabled: 'storage is turned off',
  unavailable: 'storage is not available',
}

/**
 * The sentence shown and announced when saving fails, e.g. "Could not save your request in this
 * browser (storage is full); it will be lost on reload."
 *
 * @param what - what was not saved, as a noun phrase ("your request", "the history").
 * @param reason - from {@link saveFailureReason}.
 */
export function saveFailureMessage(what: string, reason: SaveFailureReason): string {
  return `Could not save ${what} in this browser (${REASON_TEXT[reason]}); it will be lost on reload.`
}

/**
 * {@link saveFailureReason} and {@link saveFailureMessage} in one.
 *
 * @param what - what was not saved, as a noun phrase.
 * @param error - what the storage threw.
 */
export function describeSaveFailure(what: string, error: unknown): SaveFailure {
  const reason = saveFailureReason(error)
  return { reason, message: saveFailureMessage(what, reason) }
}
