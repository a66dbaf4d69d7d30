/**
 * Frozen data for the rate-limit stories: every report is parsed at {@link NOW}, the instant of the examples'
 * Date header, so countdowns and screenshots never move.
 */
import { parseRateLimitHeaders, type Quota, type RateLimitReport } from '../core'
import { examples } from '../core/examples'

/** The frozen "now" of every rate-limit story (the examples' Date header). */
export const NOW = new Date('2025-01-14T10:15:00Z')

/** The report of a core example, parsed at {@link NOW}. */
export function exampleReport(id: string): RateLimitReport {
  const example = examples.find((e) => e.id === id)
  if (!example) throw new Error(`no example ${id}`)
  return parseRateLimitHeaders(example.text, NOW)
}

/** The first quota of a core example. */
export function exampleQuota(id: string, index = 0): Quota {
  const quota = exampleReport(id).quotas[index]
  if (!quota) throw new Error(`example ${id} has no quota ${index}`)
  return quota
}

/** A report parsed from any text at {@link NOW}. */
export function reportOf(text: string): RateLimitReport {
  return parseRateLimitHeaders(text, NOW)
}

/** `n` header lines: a GitHub dump padded with ordinary headers. */
export function manyHeaders(n: number): string {
  const lines = ['x-ratelimit-limit: 5000', 'x-ratelimit-remaining: 4987', 'x-ratelimit-reset: 1736850572', 'x-ratelimit-used: 13']
  for (let i = lines.length; i < n; i++) lines.push(`x-custom-header-${i}: value ${i}`)
  return lines.join('\n')
}

/**
 * A dump of `n` suffixed quotas (`x-ratelimit-{limit|remaining|reset}-q<i>`, three lines each; one in three
 * near its limit), with `github` GitHub quotas' headers before it, parsed at {@link NOW}.
 */
export function manyQuotasReport(n: number): RateLimitReport {
  const lines: string[] = []
  for (let i = 0; i < n; i++) lines.push(`x-ratelimit-limit-q${i}: 1000`, `x-ratelimit-remaining-q${i}: ${i % 3 === 0 ? i % 50 : 500 + (i % 500)}`, `x-ratelimit-reset-q${i}: ${60 + (i % 3600)}`)
  return reportOf(lines.join('\n'))
}
