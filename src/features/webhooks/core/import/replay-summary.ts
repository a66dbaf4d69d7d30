/** The sentence announced after the replay lab sends (pure, for the announcer and its tests). */
import { readReceiverReport } from '../delivery-format'
import type { ReplayDelivery } from '../delivery-types'

/**
 * One sentence about a finished replay run, naming the rows whose signature the handler rejected,
 * e.g. "Replay sent: 3 deliveries, 3 answered 2xx; the handler rejected the signature of Previous secret only."
 */
export function replaySummary(rows: readonly ReplayDelivery[]): string {
  const answered = rows.filter((r) => r.result)
  const ok = answered.filter((r) => (r.result?.status ?? 0) >= 200 && (r.result?.status ?? 0) < 300).length
  const rejected = answered.filter((r) => readReceiverReport(r.result?.body ?? '')?.signatureValid === false).map((r) => r.label)
  const duplicates = answered.filter((r) => readReceiverReport(r.result?.body ?? '')?.duplicate).length
  const failed = rows.length - answered.length
  return [
    `Replay sent: ${rows.length === 1 ? '1 delivery' : `${rows.length} deliveries`}, ${ok} answered 2xx`,
    failed ? `, ${failed} without a response` : '',
    rejected.length ? `; the handler rejected the signature of ${rejected.join(', ')}` : '',
    duplicates ? `; it reported ${duplicates === 1 ? '1 duplicate' : `${duplicates} duplicates`}` : '',
    '.',
  ].join('')
}
