/** Formatting helpers of the webhook components (pure). */
import type { DeliveryResult, ReceiverReport } from './delivery-types'
import { reasonPhrase } from '@/shared/core/http/status'

/** The receiver fields of a JSON response body (`signatureValid`, `duplicate` …), if it has any. */
export function readReceiverReport(body: string): ReceiverReport | null {
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    return null
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const v = value as Record<string, unknown>
  const report: ReceiverReport = {}
  if (typeof v.received === 'boolean') report.received = v.received
  if (typeof v.signatureValid === 'boolean') report.signatureValid = v.signatureValid
  if (typeof v.signatureError === 'string') report.signatureError = v.signatureError
  if (typeof v.duplicate === 'boolean') report.duplicate = v.duplicate
  if (typeof v.deliveryId === 'string' || v.deliveryId === null) report.deliveryId = v.deliveryId
  const problems = [v.checks, v.sequence].flatMap((part) => {
    const list = part && typeof part === 'object' ? (part as Record<string, unknown>).problems : undefined
    return Array.isArray(list) ? [list.filter((p): p is string => typeof p === 'string')] : []
  })
  if (problems.length > 0) report.problems = problems.flat()
  return Object.keys(report).length > 0 ? report : null
}

/** A JSON body pretty-printed for reading, other text as it is. */
export function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

/**
 * One delivery's outcome in a line of a result list: status, and what a checking receiver reported
 * (signature, duplicate, problems); `ok` when it answered 2xx and reported nothing wrong.
 * @param d - the response once answered, or why there was none
 */
export function deliveryOutcome(d: { readonly result?: DeliveryResult; readonly error?: string }): { text: string; ok: boolean } {
  if (d.error) return { text: d.error, ok: false }
  if (!d.result) return { text: 'Waiting…', ok: true }
  const ok = d.result.status >= 200 && d.result.status < 300
  const report = readReceiverReport(d.result.body)
  const parts = [`${d.result.status} ${reasonPhrase(d.result.statusText)}`.trim()]
  if (report?.signatureValid !== undefined) parts.push(report.signatureValid ? 'signature valid' : 'signature rejected')
  if (report?.duplicate !== undefined) parts.push(report.duplicate ? 'handler saw a duplicate' : 'first time seen')
  const problems = report?.problems
  if (problems) parts.push(problems.length === 0 ? 'checks passed' : `${problems.length === 1 ? '1 problem' : `${problems.length} problems`}: ${problems.join(' ')}`)
  return { text: parts.join(' · '), ok: ok && report?.signatureValid !== false && !problems?.length }
}
