import { describe, expect, it } from 'vitest'
import { growthRatio, LINEAR_RATIO_BOUND } from '@/shared/testing/scaling'
import { parseRateLimitHeaders } from './parse.ts'
import type { Quota, ReportWarning } from './types.ts'

const NOW = new Date('2025-01-14T10:15:00Z')
const KINDS = ['limit', 'remaining', 'reset'] as const

/** Quota `q`'s remaining count in {@link manyQuotas}: one quota in three near its limit. */
const remainingOf = (q: number) => (q % 3 === 0 ? q % 50 : 500 + (q % 500))
/** Quota `q`'s reset, in seconds from now, in {@link manyQuotas}. */
const resetOf = (q: number) => 60 + (q % 3600)

/** `lines` lines of OpenAI-shaped headers `x-ratelimit-{limit|remaining|reset}-q<i>`, three per quota. */
function manyQuotas(lines: number): string {
  return Array.from({ length: lines }, (_, line) => {
    const kind = KINDS[line % 3] ?? 'limit'
    const q = Math.floor(line / 3)
    const value = kind === 'limit' ? 1000 : kind === 'remaining' ? remainingOf(q) : resetOf(q)
    return `x-ratelimit-${kind}-q${q}: ${value}`
  }).join('\n')
}

/**
 * What OpenAI's documented shape says quota `q` of {@link manyQuotas} is, worked out from the generator rather
 * than by the parser: the three headers of the quota, a limit of 1000, its remaining count and the used count
 * and percentages that follow, and a reset in seconds from now (read as such, since a bare number is no Go
 * duration).
 */
function expectedQuota(q: number, withReset: boolean): Quota {
  const remaining = remainingOf(q)
  const quota: Quota = {
    family: 'openai',
    label: `q${q}`,
    sources: { limit: `x-ratelimit-limit-q${q}`, remaining: `x-ratelimit-remaining-q${q}` },
    limit: 1000,
    remaining,
  }
  if (withReset) {
    quota.sources.reset = `x-ratelimit-reset-q${q}`
    quota.resetAt = new Date(NOW.getTime() + resetOf(q) * 1000)
    quota.resetInMs = resetOf(q) * 1000
  }
  quota.used = 1000 - remaining
  quota.usedPercent = ((1000 - remaining) * 100) / 1000
  quota.remainingPercent = (remaining * 100) / 1000
  quota.derived = ['used']
  return quota
}

function expectedWarning(q: number): ReportWarning {
  return {
    code: 'reset-guessed',
    header: `x-ratelimit-reset-q${q}`,
    line: 3 * q + 3,
    message: `x-ratelimit-reset-q${q}: the reset form is documented as a duration; ${resetOf(q)} was read as seconds from now from its magnitude (an assumption).`,
  }
}

describe('a paste of many quotas', () => {
  const report = parseRateLimitHeaders(manyQuotas(50_000), NOW)
  const quotas = 16_667

  it('reads every header line, in order, with its line number', () => {
    expect(report.headers).toHaveLength(50_000)
    for (const i of [0, 1, 2, 24_999, 49_999]) {
      const q = Math.floor(i / 3)
      const kind = KINDS[i % 3] ?? 'limit'
      expect(report.headers[i]).toEqual({
        name: `x-ratelimit-${kind}-q${q}`,
        value: String(kind === 'limit' ? 1000 : kind === 'remaining' ? remainingOf(q) : resetOf(q)),
        line: i + 1,
      })
    }
  })

  it('gives every quota its fields and sources, in the order pasted', () => {
    expect(report.quotas).toHaveLength(quotas)
    // The last quota's reset line is past the 50,000th line.
    report.quotas.forEach((quota, q) => expect(quota).toEqual(expectedQuota(q, q < quotas - 1)))
  })

  it('says once per quota that its reset was read by magnitude, and nothing else', () => {
    expect(report.warnings).toHaveLength(quotas - 1)
    report.warnings.forEach((warning, q) => expect(warning).toEqual(expectedWarning(q)))
  })

  it('advises on the exhausted quotas and those about to be', () => {
    const exhausted = report.quotas.filter((q) => q.remaining === 0).length
    expect(report.advice[0]?.code).toBe('wait-for-reset')
    expect(report.advice[0]?.message).toContain(`Quota exhausted (openai q0, openai q150,`)
    expect(exhausted).toBe(Array.from({ length: quotas }, (_, q) => remainingOf(q)).filter((r) => r === 0).length)
    // Fewer than 5 left: pause until the reset.
    const pause = report.advice.filter((a) => a.code === 'pause-until-reset')
    expect(pause).toHaveLength(Array.from({ length: quotas }, (_, q) => remainingOf(q)).filter((r) => r > 0 && r < 5).length)
  })

  it('takes time in proportion to the number of quotas', () => {
    expect(growthRatio(1_500, manyQuotas, (text) => parseRateLimitHeaders(text, NOW), 3)).toBeLessThan(LINEAR_RATIO_BOUND)
  })
})
