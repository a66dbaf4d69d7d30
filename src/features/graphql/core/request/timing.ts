/**
 * Resource Timing phases of one request. Cross-origin servers must send `Timing-Allow-Origin` for
 * the browser to expose them; without it the phase timestamps read 0, and we report nothing
 * rather than misleading zeros.
 */

/** Durations in milliseconds from the browser's Resource Timing entry. */
export interface TimingPhases {
  /** DNS lookup (0 when cached). */
  dnsMs: number
  /** TCP connect including TLS (0 on a reused connection). */
  connectMs: number
  /** TLS handshake part of `connectMs`; absent for http or a reused connection. */
  tlsMs?: number
  /** Time to first byte: request sent → first response byte. */
  ttfbMs: number
  /** First byte → last byte of the body. */
  downloadMs: number
  /** The whole fetch as the browser measured it. */
  totalMs: number
  /** Body bytes on the wire (compressed), when exposed and non-zero. */
  encodedBodySize?: number
  /** e.g. `h2`, `http/1.1`, when exposed. */
  protocol?: string
}

/** The subset of `Performance` we use, injectable for tests and guarded for environments without it. */
export interface PerformanceLike {
  now(): number
  getEntriesByName?(name: string, type?: string): readonly unknown[]
}

/** Fields of PerformanceResourceTiming we read; typed loosely because entries come from outside. */
interface ResourceEntryLike {
  startTime: number
  duration: number
  domainLookupStart: number
  domainLookupEnd: number
  connectStart: number
  connectEnd: number
  secureConnectionStart: number
  requestStart: number
  responseStart: number
  responseEnd: number
  encodedBodySize?: number
  nextHopProtocol?: string
}

function isResourceEntry(entry: unknown): entry is ResourceEntryLike {
  if (typeof entry !== 'object' || entry === null) return false
  const e = entry as Record<string, unknown>
  return ['startTime', 'requestStart', 'responseStart', 'responseEnd', 'domainLookupStart', 'connectStart'].every((k) => typeof e[k] === 'number')
}

/**
 * Reads the phases of the latest resource entry for `url` that started at or after `since`.
 *
 * Note: browsers buffer 250 resource entries by default; in a very long session the page may call
 * `performance.setResourceTimingBufferSize` or `clearResourceTimings`.
 *
 * @returns the phases, or `undefined` when the API or the entry is missing or the server did not
 *   allow timing details (`requestStart` is 0 without `Timing-Allow-Origin`).
 */
export function readTimingPhases(perf: PerformanceLike | undefined, url: string, since: number): TimingPhases | undefined {
  if (!perf || typeof perf.getEntriesByName !== 'function') return undefined
  let entries: readonly unknown[]
  try {
    entries = perf.getEntriesByName(url, 'resource')
  } catch {
    return undefined
  }
  // A small tolerance: the entry's startTime and our performance.now() can differ by rounding.
  const entry = [...entries].reverse().find((e): e is ResourceEntryLike => isResourceEntry(e) && e.startTime >= since - 1)
  if (!entry || entry.requestStart === 0 || entry.responseStart === 0) return undefined
  const phases: TimingPhases = {
    dnsMs: Math.max(0, entry.domainLookupEnd - entry.domainLookupStart),
    connectMs: Math.max(0, entry.connectEnd - entry.connectStart),
    ttfbMs: Math.max(0, entry.responseStart - entry.requestStart),
    downloadMs: Math.max(0, entry.responseEnd - entry.responseStart),
    totalMs: Math.max(0, entry.duration),
  }
  if (entry.secureConnectionStart > 0) phases.tlsMs = Math.max(0, entry.connectEnd - entry.secureConnectionStart)
  if (entry.encodedBodySize) phases.encodedBodySize = entry.encodedBodySize
  if (entry.nextHopProtocol) phases.protocol = entry.nextHopProtocol
  return phases
}
