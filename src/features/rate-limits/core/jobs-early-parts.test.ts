import { describe, expect, it, vi } from 'vitest'
import type { RateLimitWorkerMessage } from './jobs.ts'
import type { FamilyParser } from './families/index.ts'
import type * as Families from './families/index.ts'
import type * as Advice from './advice.ts'
import type { RateLimitReport } from './types.ts'

/** What the worker had posted when it began to read the quotas, and when it began the advice (after them). */
const seen = vi.hoisted(() => ({ atQuotas: [] as string[], atAdvice: [] as string[] }))
const posted: RateLimitWorkerMessage[] = []
const kinds = () => posted.map((m) => (m.type === 'part' ? `part ${m.key}` : m.type))

vi.mock('./families/index.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Families>()
  const probe: FamilyParser = () => {
    seen.atQuotas = kinds()
    return []
  }
  return { ...original, FAMILY_PARSERS: [probe, ...original.FAMILY_PARSERS] }
})
vi.mock('./advice.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Advice>()
  return {
    ...original,
    buildAdvice: (...args: Parameters<typeof original.buildAdvice>) => {
      seen.atAdvice = kinds()
      return original.buildAdvice(...args)
    },
  }
})

// Unit files share one module registry per worker (vitest.config.ts: isolate off), so another file
// may have loaded the jobs with the real parsers already: load them afresh, with the mocks.
vi.resetModules()
const { answerRequest } = await import('./jobs.ts')

describe('answerRequest, a report with many headers and quotas', () => {
  it('posts the headers before it reads the quotas, and the quotas before the rest, so the page reads them meanwhile', () => {
    // 3,003 headers and 1,001 quotas: more than PART_ITEMS of each.
    const text = Array.from({ length: 3 * 1001 }, (_, i) => `x-ratelimit-${['limit', 'remaining', 'reset'][i % 3]}-q${Math.floor(i / 3)}: ${[100, 7, 30][i % 3]}`).join('\n')
    answerRequest({ id: 3, job: { kind: 'report', text, at: new Date(0) } }, (m) => posted.push(structuredClone(m)))
    const headers = Array<string>(4).fill('part headers')
    expect(seen.atQuotas).toEqual(['size', ...headers])
    expect(seen.atAdvice).toEqual(['size', ...headers, 'part quotas', 'part quotas'])
    // Each sent once: no later part repeats them (the advice and warnings come after), and the result's own are empty.
    const later = kinds().slice(seen.atAdvice.length)
    expect(later.filter((kind) => kind === 'part headers' || kind === 'part quotas')).toEqual([])
    expect(later.at(-1)).toBe('result')
    const last = posted.at(-1)
    const result = last?.type === 'result' ? (last.result as RateLimitReport) : undefined
    expect([result?.headers, result?.quotas]).toEqual([[], []])
  })
})
