/**
 * What the webhook page says to screen-reader users after an action, one short sentence each.
 * Framework-free: the webhook store passes these texts to the app's announcer.
 */
import { formatDuration } from '@/shared/core/format/duration'
import { readReceiverReport } from './delivery-format'
import { SIGNATURE_CAUSE_TITLES, type SignatureDiagnosis } from './doctor'

/** Said after Regenerate (button or Alt+Shift+R), e.g. "New GitHub Push sample generated.". */
export function regeneratedText(providerName: string, eventLabel: string): string {
  return `New ${providerName} ${eventLabel} sample generated.`
}

/** Said after an event is picked, e.g. "Invoice payment failed (invoice.payment_failed): Stripe sample generated.". */
export function eventPickedText(providerName: string, eventLabel: string, eventType: string): string {
  return `${eventLabel} (${eventType}): ${providerName} sample generated.`
}

/**
 * Said after a robustness variant: its description (or why none was applied) without the
 * Markdown backticks, which screen readers would spell out.
 */
export function variantText(message: string): string {
  return message.replaceAll('`', '')
}

/** Said when the browser got no response at all. */
export const NO_RESPONSE_TEXT = 'No response from the handler. The likely cause and a curl command are shown.'

/** Said when the user cancelled a Send that was waiting for the handler. */
export const CANCELLED_TEXT = 'Cancelled: stopped waiting for the handler.'

/** Said when Send was refused and neither the store nor the field gave a reason. */
export const CANNOT_SEND_TEXT = 'The request cannot be sent yet.'

/**
 * Said after Send or Send twice.
 * @param outcome - the store's send outcome
 * @param details.results - the responses (status and body) of a 'sent' outcome
 * @param details.times - 1 for Send, 2 for Send twice
 * @param details.timeoutMs - the limit that ran out, for a 'timeout'
 * @param details.reason - why a 'blocked' send was refused (the secret's or the blocked reason); @default CANNOT_SEND_TEXT
 * @returns e.g. "First: status 200, signature valid, not a duplicate. Second: status 200, signature valid, duplicate."
 */
export function sendOutcomeText(
  outcome: 'sent' | 'failed' | 'blocked' | 'timeout' | 'cancelled',
  details: { results: readonly { status: number; body: string }[]; times: 1 | 2; reason?: string | null; timeoutMs?: number },
): string {
  if (outcome === 'failed') return NO_RESPONSE_TEXT
  if (outcome === 'cancelled') return CANCELLED_TEXT
  if (outcome === 'timeout') return `No answer within ${formatDuration(details.timeoutMs ?? 0)}: stopped waiting for the handler. What to do is shown.`
  if (outcome === 'blocked') return details.reason ?? CANNOT_SEND_TEXT
  const words = details.results.map((result, i) => {
    const report = readReceiverReport(result.body)
    const parts = [`${details.times === 2 ? (i === 0 ? 'First' : 'Second') : 'Response'}: status ${result.status}`]
    if (report?.signatureValid !== undefined) parts.push(report.signatureValid ? 'signature valid' : 'signature not valid')
    if (report?.duplicate !== undefined) parts.push(report.duplicate ? 'duplicate' : 'not a duplicate')
    return parts.join(', ')
  })
  return `${words.join('. ')}.`
}

/** Said when the signature doctor's verdict changes, e.g. "Signature invalid: Body re-serialized.". */
export function doctorVerdictText(diagnosis: Pick<SignatureDiagnosis, 'verdict' | 'causes'>): string {
  const code = diagnosis.causes[0]?.code
  const first = code ? SIGNATURE_CAUSE_TITLES[code] : undefined
  if (diagnosis.verdict === 'valid') return 'Signature valid.'
  const verdict = diagnosis.verdict === 'invalid' ? 'Signature invalid' : 'Signature cannot be checked'
  return first ? `${verdict}: ${first}.` : `${verdict}.`
}
