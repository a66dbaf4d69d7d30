/**
 * Shared fixtures for the ratelimit unit tests (not part of the public API).
 */
import { parseRateLimitHeaders } from './parse.ts'
import type { Quota, RateLimitReport, WarningCode } from './types.ts'

/** Fixed reference time used by every test: 2025-01-14T10:15:00Z (epoch 1736849700 s). */
export const NOW = new Date('2025-01-14T10:15:00Z')
/** {@link NOW} in Unix seconds. */
export const NOW_S = 1736849700

/** Parses with the fixed {@link NOW}. */
export function parse(text: string, now: Date = NOW): RateLimitReport {
  return parseRateLimitHeaders(text, now)
}

/** Joins lines with LF. */
export function dump(...lines: string[]): string {
  return lines.join('\n')
}

/** The one quota of a family and label; throws (failing the test) when absent. */
export function quota(report: RateLimitReport, family: string, label?: string): Quota {
  const q = report.quotas.find((x) => x.family === family && (label === undefined || x.label === label))
  if (!q) throw new Error(`no ${family} ${label ?? ''} quota in ${JSON.stringify(report.quotas)}`)
  return q
}

/** Warning codes of a report, in order. */
export function codes(report: RateLimitReport): WarningCode[] {
  return report.warnings.map((w) => w.code)
}

/** The warnings with a given code. */
export function warningsOf(report: RateLimitReport, code: WarningCode) {
  return report.warnings.filter((w) => w.code === code)
}
