import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { buildRateLimitTimeline, parseRateLimitHeaders } from '@/features/rate-limits/core'
import { examples, EXAMPLES_SENT_AT } from '@/features/rate-limits/core/examples'
import { PACING_ANNOUNCE_DELAY_MS, usePacingStore } from '@/features/rate-limits/stores/pacing'

beforeEach(() => {
  vi.useFakeTimers()
  setActivePinia(createPinia())
})
afterEach(() => vi.useRealTimers())

describe('pacing store', () => {
  test('the pasted OpenAI headers give both quotas, every client’s plan and a simulation', async () => {
    const pacing = usePacingStore()
    pacing.quotas = parseRateLimitHeaders(examples.find((e) => e.id === 'openai')?.text ?? '', EXAMPLES_SENT_AT).quotas
    expect(pacing.policies.map((p) => p.name)).toEqual(['requests', 'tokens'])
    expect(pacing.planned.plans.map((p) => p.id)).toEqual(['bottleneck', 'p-limit', 'fetch', 'octokit', 'python'])
    expect(pacing.planned.plans[0]?.code).toContain('"reservoir": 200000')
    expect(pacing.simulation).toMatchObject({ allowed: 100, denied: 0 })
  })

  test('several responses: each policy inferred from the timeline, with its evidence; one response: a note; a preset still overrides', () => {
    const pacing = usePacingStore()
    const text = [40, 41, 42, 43].map((r, i) => `HTTP/1.1 200\nDate: Thu, 01 Jan 2026 12:00:0${i} GMT\nRateLimit-Policy: "api";q=60;w=60\nRateLimit: "api";r=${r};t=${60 - i}`).join('\n\n')
    pacing.quotas = parseRateLimitHeaders(text).quotas
    expect(pacing.note).toMatch(/^One response shows/)
    expect(pacing.policies).toEqual([{ kind: 'fixed-window', name: 'api', limit: 60, windowMs: 60_000 }])
    pacing.timeline = buildRateLimitTimeline(text, { timeZone: 'UTC' })
    expect(pacing.note).toBeUndefined()
    expect(pacing.policies).toEqual([{ kind: 'token-bucket', name: 'api', capacity: 60, refillPerSecond: 2 }])
    expect(pacing.paced.policies[0]?.inference?.evidence).toMatch(/between 12:00:00\.000 UTC and 12:00:01\.000 UTC without a reset .*~2\/s/)
    expect(pacing.planned.plans[0]?.code).toContain('"reservoir": 60')
    expect(pacing.statusText).toMatch(/^Inferred from the responses: api \(a refilling bucket, ~2\/s\)\. Throttle plan for 1 quota \(api\)\./)
    pacing.source = 'shopify-rest'
    expect(pacing.policies).toEqual([{ kind: 'token-bucket', name: 'rest', capacity: 40, refillPerSecond: 2 }])
  })

  test('a preset replaces the paste; a wrong field stops the simulation and keeps the text', () => {
    const pacing = usePacingStore()
    pacing.source = 'shopify-rest'
    expect(pacing.policies).toEqual([{ kind: 'token-bucket', name: 'rest', capacity: 40, refillPerSecond: 2 }])
    pacing.fields = { ...pacing.fields, perMinute: 'lots' }
    expect(pacing.simulation).toBeUndefined()
    expect(pacing.schedule.errors.perMinute).toMatch(/requests per minute/)
    expect(pacing.fields.perMinute).toBe('lots')
  })

  test('a change is announced once the user pauses, only while the mode is shown', async () => {
    const pacing = usePacingStore()
    pacing.active = true
    const { message } = useAnnouncer()
    pacing.source = 'shopify-rest'
    await nextTick()
    pacing.fields = { ...pacing.fields, burst: '40', backlog: '60', perMinute: '600' }
    await nextTick()
    vi.advanceTimersByTime(PACING_ANNOUNCE_DELAY_MS)
    await nextTick()
    await nextTick()
    expect(message.value).toMatch(/^Throttle plan for 1 quota \(rest\)\. Simulation: \d+ allowed, \d+ denied \(429\)\. rest binds at the end\./)
    pacing.active = false
    const said = message.value
    pacing.fields = { ...pacing.fields, backlog: '61' }
    await nextTick()
    vi.advanceTimersByTime(PACING_ANNOUNCE_DELAY_MS)
    await nextTick()
    expect(message.value).toBe(said)
  })
})
