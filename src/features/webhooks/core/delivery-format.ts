/** Formatting helpers of the webhook components (pure). */
import type { ReceiverReport } from './delivery-types'

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
