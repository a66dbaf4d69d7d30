/**
 * The store's countdown announcements with many quotas: a tick names only the countdowns that crossed a
 * threshold. `quotaName` is wrapped (not replaced) to count the names built: a paste of thousands of quotas
 * named every one of them on the first tick, one task of about 50 ms for 16,667 quotas.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { PARSE_DEBOUNCE_MS, useRateLimitStore } from '@/features/rate-limits/stores/rate-limits'
import * as format from '@/features/rate-limits/core/format'

vi.mock('@/features/rate-limits/core/format', async (importOriginal) => {
  const original = await importOriginal<typeof format>()
  return { ...original, quotaName: vi.fn(original.quotaName) }
})

const START = new Date('2025-01-14T10:15:00Z')

/** `n` suffixed quotas resetting in an hour or more, but quota 7, which resets in 90 s. */
function manyQuotas(n: number): string {
  return Array.from({ length: n }, (_, q) => {
    const reset = q === 7 ? 90 : 3600 + q
    return `x-ratelimit-limit-q${q}: 1000\nx-ratelimit-remaining-q${q}: 900\nx-ratelimit-reset-q${q}: ${reset}`
  }).join('\n')
}

describe('countdowns of many quotas', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(START)
    setActivePinia(createPinia())
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test('a tick names only the countdowns that crossed a threshold, and still announces them', async () => {
    const { announce, message } = useAnnouncer()
    await announce('')
    const store = useRateLimitStore()
    store.input = manyQuotas(3000)
    await nextTick()
    vi.advanceTimersByTime(PARSE_DEBOUNCE_MS)
    await nextTick()
    expect(store.report.quotas).toHaveLength(3000)
    const named = vi.mocked(format.quotaName)
    named.mockClear()
    // The first ticks: nothing crossed, nothing named by the countdowns (the paste's summary names 3).
    for (let s = 0; s < 3; s++) {
      vi.advanceTimersByTime(1000)
      await nextTick()
    }
    expect(named.mock.calls.length).toBeLessThanOrEqual(3)
    const heard: string[] = []
    for (let s = 3; s < 95; s++) {
      vi.advanceTimersByTime(1000)
      await nextTick()
      await nextTick()
      if (message.value && heard.at(-1) !== message.value) heard.push(message.value)
    }
    const q7 = store.report.quotas[7]
    expect(q7?.resetAt?.getTime()).toBe(store.parsedAt.getTime() + 90_000)
    const name = q7 ? format.quotaName(q7) : ''
    expect(heard.filter((h) => !h.startsWith('3,000 quotas:'))).toEqual([`1 minute left until ${name} resets.`, `Reset reached for ${name}.`])
    // The two crossings and the summary's three names, not 3,000.
    expect(named.mock.calls.length).toBeLessThan(10)
  })
})
