import { describe, expect, test } from 'vitest'
import { examples } from './examples.ts'
import { parseRateLimitHeaders } from './parse.ts'
import { quotaSummary } from './announcements.ts'
import { countNearLimit, groupLabel, groupQuotasByFamily } from './quota-groups.ts'

const NOW = new Date('2025-01-14T12:00:00Z')

/** `n` quotas as `x-ratelimit-{limit|remaining|reset}-q<i>` lines, with the remaining count of each. */
function manyQuotas(n: number, remaining: (i: number) => number): string {
  const lines: string[] = []
  for (let i = 0; i < n; i++) lines.push(`x-ratelimit-limit-q${i}: 1000`, `x-ratelimit-remaining-q${i}: ${remaining(i)}`, `x-ratelimit-reset-q${i}: 60`)
  return lines.join('\n')
}

describe('many quotas: groups and summary', () => {
  test('a paste of 3,000 suffixed quotas is one family group holding every quota in order, and the summary counts those near their limit', () => {
    // Every third quota has 10 of 1,000 left, the others 900: near their limit means half or less left (the meters' thresholds).
    const remaining = (i: number) => (i % 3 === 0 ? 10 : 900)
    const report = parseRateLimitHeaders(manyQuotas(3000, remaining), NOW)
    expect(report.quotas).toHaveLength(3000)
    const groups = groupQuotasByFamily(report.quotas)
    expect(groups).toHaveLength(1)
    expect(groups[0]?.indices).toEqual(Array.from({ length: 3000 }, (_, i) => i))
    expect(groupLabel(groups[0] ?? { name: '', indices: [] })).toBe(`${groups[0]?.name}: 3,000 quotas`)
    expect(countNearLimit(report.quotas)).toBe(1000)
    expect(quotaSummary(report)).toBe('3,000 quotas found; 1,000 near their limit.')
  })

  test('quotas of several families are grouped by family in the order each first appears, with their counts', () => {
    const byId = (id: string) => parseRateLimitHeaders(examples.find((e) => e.id === id)?.text ?? '', NOW).quotas
    const openai = byId('openai')
    const github = byId('github')
    expect(openai.length).toBeGreaterThan(0)
    expect(github.length).toBeGreaterThan(0)
    // Interleaved: OpenAI, GitHub, OpenAI…
    const quotas = [openai[0], ...github, ...openai.slice(1)].filter((q) => q !== undefined)
    const groups = groupQuotasByFamily(quotas)
    expect(groups.map((g) => [g.family, g.indices.length])).toEqual([
      ['openai', openai.length],
      ['github', github.length],
    ])
    expect(groups[0]?.indices).toEqual([0, ...openai.slice(1).map((_, i) => github.length + 1 + i)])
    expect(groups.map(groupLabel)).toEqual([`OpenAI: ${openai.length} ${openai.length === 1 ? 'quota' : 'quotas'}`, `GitHub: ${github.length} ${github.length === 1 ? 'quota' : 'quotas'}`])
  })

  test('the summary says one quota near its limit in the singular, and nothing more when none is', () => {
    expect(quotaSummary(parseRateLimitHeaders('x-ratelimit-limit: 60\nx-ratelimit-remaining: 3', NOW))).toBe('1 quota found; it is near its limit.')
    expect(quotaSummary(parseRateLimitHeaders('x-ratelimit-limit: 60\nx-ratelimit-remaining: 59', NOW))).toBe('1 quota found.')
    expect(quotaSummary(parseRateLimitHeaders(manyQuotas(4, (i) => (i === 2 ? 0 : 999)), NOW))).toBe('4 quotas found; 1 near its limit.')
  })
})
