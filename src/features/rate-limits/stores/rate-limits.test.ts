import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import { exampleAt, examples } from '@/features/rate-limits/core/examples'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { LARGE_INPUT_CHARS, PASTE_ANNOUNCE_DELAY_MS, PARSE_DEBOUNCE_MS, parseDelay, useRateLimitStore } from '@/features/rate-limits/stores/rate-limits'
import {
  countdownPhase,
  countdownText,
  familyName,
  formatPercent,
  meterValueText,
} from '@/features/rate-limits/core/format'
import { joinNames } from '@/shared/core/format'

const START = new Date('2025-01-14T10:15:00Z')
const github = (reset: number) =>
  [
    'HTTP/2 200',
    'x-ratelimit-limit: 5000',
    'x-ratelimit-remaining: 4997',
    `x-ratelimit-reset: ${reset}`,
    'x-ratelimit-used: 3',
    'x-ratelimit-resource: core',
  ].join('\n')
const startSeconds = START.getTime() / 1000

describe('wording helpers', () => {
  test('meter value text says amount, share and state in words', () => {
    expect(meterValueText({ limit: 5000, remaining: 4997, remainingPercent: 99.94 })).toBe(
      '4,997 of 5,000 requests remaining, 99.9 %, healthy',
    )
    expect(meterValueText({ limit: 100, remaining: 30, remainingPercent: 30 })).toBe('30 of 100 requests remaining, 30 %, near limit')
    expect(meterValueText({ limit: 40, remaining: 0, remainingPercent: 0, unit: 'tokens' })).toBe('0 of 40 tokens remaining, 0 %, exhausted')
    expect(meterValueText({ remaining: 1 })).toBe('1 request remaining, limit unknown')
    expect(meterValueText({})).toBe('remaining unknown')
  })

  test('percentages never round to 100 % or 0 % when they are not', () => {
    expect(formatPercent(99.98)).toBe('99.9 %')
    expect(formatPercent(100)).toBe('100 %')
    expect(formatPercent(0.01)).toBe('0.1 %')
    expect(formatPercent(0)).toBe('0 %')
    expect(formatPercent(Number.NaN)).toBe('unknown')
  })

  test('countdown phases and text', () => {
    const t = START.getTime()
    expect(countdownPhase(t + 872_000, t)).toBe('future')
    expect(countdownPhase(t + 60_000, t)).toBe('imminent')
    expect(countdownPhase(t + 1, t)).toBe('imminent')
    expect(countdownPhase(t, t)).toBe('passed')
    expect(countdownPhase(Number.NaN, t)).toBe('passed')
    expect(countdownText(t + 872_000, t)).toBe('in 14 min 32 s')
    expect(countdownText(t - 180_000, t)).toBe('3 min ago')
  })

  test('family names and joined lists', () => {
    expect(familyName('github')).toBe('GitHub')
    expect(familyName('okapi')).toBe('Okapi')
    expect(joinNames(['a', 'b', 'c'])).toBe('a, b and c')
    expect(joinNames(['a'])).toBe('a')
  })
})

describe('parse delay', () => {
  test('large inputs are debounced, ordinary ones parsed at once', () => {
    expect(parseDelay('x-ratelimit-limit: 1')).toBe(0)
    expect(parseDelay('x'.repeat(LARGE_INPUT_CHARS))).toBe(PARSE_DEBOUNCE_MS)
  })
})

describe('useRateLimitStore', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(START)
    setActivePinia(createPinia())
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test('starts empty and reports the empty input', () => {
    const store = useRateLimitStore()
    expect(store.input).toBe('')
    expect(store.report.quotas).toEqual([])
    expect(store.report.warnings.map((w) => w.code)).toEqual(['empty-input'])
  })

  test('parses a typed GitHub dump at once, measuring the reset from the parse time', async () => {
    const store = useRateLimitStore()
    store.input = github(startSeconds + 872)
    await nextTick()
    const [quota] = store.report.quotas
    expect(quota?.family).toBe('github')
    expect(quota?.remaining).toBe(4997)
    expect(quota?.resetInMs).toBe(872_000)
    expect(store.pending).toBe(false)
  })

  test('now ticks every second', async () => {
    const store = useRateLimitStore()
    const first = store.now.getTime()
    vi.advanceTimersByTime(3000)
    await nextTick()
    expect(store.now.getTime() - first).toBe(3000)
  })

  test('a large paste is parsed only after a pause in typing', async () => {
    const store = useRateLimitStore()
    const big = `${github(startSeconds + 872)}\n${Array.from({ length: 5000 }, (_, i) => `x-custom-${i}: value ${i}`).join('\n')}`
    expect(big.length).toBeGreaterThanOrEqual(LARGE_INPUT_CHARS)
    store.input = big
    await nextTick()
    expect(store.pending).toBe(true)
    expect(store.report.quotas).toEqual([])
    store.input = `${big}\nx-more: 1`
    await nextTick()
    vi.advanceTimersByTime(PARSE_DEBOUNCE_MS - 1)
    expect(store.report.quotas).toEqual([])
    vi.advanceTimersByTime(1)
    expect(store.pending).toBe(false)
    expect(store.report.headers.length).toBe(5 + 5000 + 1)
    expect(store.report.quotas[0]?.remaining).toBe(4997)
  })

  test('loads each example and clears', () => {
    const store = useRateLimitStore()
    for (const example of examples) {
      expect(store.loadExample(example.id)).toBe(true)
      expect(store.input).toBe(exampleAt(example, new Date()))
      expect(store.report.quotas.length).toBeGreaterThan(0)
      expect(store.report.warnings.map((w) => w.code).filter((c) => c !== 'reset-guessed'), example.id).toEqual([])
    }
    expect(store.loadExample('no-such-example')).toBe(false)
    store.clear()
    expect(store.input).toBe('')
    expect(store.report.quotas).toEqual([])
  })

  test('announces a paste once, after the last change: the count, each quota\'s amount and reset', async () => {
    const { announce, message } = useAnnouncer()
    await announce('')
    const store = useRateLimitStore()
    const text = `${github(startSeconds + 872)}\nx-ratelimit-limit-requests: 500\nx-ratelimit-remaining-requests: 497\nx-ratelimit-reset-requests: 2s`
    store.input = text.slice(0, 40) // typing: nothing said yet
    await nextTick()
    vi.advanceTimersByTime(100)
    store.input = text
    await nextTick()
    expect(message.value).toBe('')
    vi.advanceTimersByTime(PASTE_ANNOUNCE_DELAY_MS)
    await nextTick()
    expect(message.value).toBe('2 quotas: GitHub core 4,997 of 5,000 left, resets in 14 min 31 s; OpenAI requests 497 of 500 left, resets in 2 s.')
    // Not again while the countdowns tick.
    await announce('')
    vi.advanceTimersByTime(3000)
    await nextTick()
    expect(message.value).toBe('')
  })

  test('announces a loaded example with its summary, and Clear', async () => {
    const { message } = useAnnouncer()
    const store = useRateLimitStore()
    store.loadExample('github')
    await nextTick()
    expect(message.value).toBe('Loaded the GitHub REST (curl -i) example. 1 quota: GitHub core 4,987 of 5,000 left, resets in 14 min 32 s.')
    vi.advanceTimersByTime(PASTE_ANNOUNCE_DELAY_MS)
    await nextTick()
    expect(message.value).toBe('Loaded the GitHub REST (curl -i) example. 1 quota: GitHub core 4,987 of 5,000 left, resets in 14 min 32 s.')
    expect(store.summary).toBe('1 quota found.')
    store.clear()
    await nextTick()
    expect(message.value).toBe('Cleared the headers.')
    expect(store.summary).toBe('No rate-limit quota found.')
  })

  test('announces 1 minute left and the reset once each, through the app announcer', async () => {
    const { announce, message } = useAnnouncer()
    // The announcer is app-wide: start from silence, not from an earlier test's "Cleared the headers.".
    await announce('')
    const store = useRateLimitStore()
    store.input = github(startSeconds + 62)
    await nextTick()
    const heard: string[] = []
    const listen = async () => {
      await nextTick()
      await nextTick()
      if (message.value && heard.at(-1) !== message.value) heard.push(message.value)
    }
    for (let s = 0; s < 70; s++) {
      vi.advanceTimersByTime(1000)
      await listen()
    }
    expect(heard).toEqual(['1 quota: GitHub core 4,997 of 5,000 left, resets in 1 min 2 s.', '1 minute left until GitHub core resets.', 'Reset reached for GitHub core.'])
    // Re-typing the same dump (a re-parse) says no threshold again (only the paste itself).
    store.input = `${github(startSeconds + 62)}\n`
    for (let s = 0; s < 70; s++) {
      vi.advanceTimersByTime(1000)
      await listen()
    }
    expect(heard.filter((h) => !h.startsWith('1 quota:'))).toHaveLength(2)
  })
})
