/**
 * The worker path of the rate-limit store: a stand-in Worker runs the real protocol (the
 * core's `answerRequest`) asynchronously, as the browser does, with structured cloning of every message.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import { answerRequest, buildRateLimitTimeline, type RateLimitWorkerRequest } from '@/features/rate-limits/core'
import { sampleHar } from '@/features/rate-limits/core/timeline/sample-har'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { useRateLimitStore } from './rate-limits'
import { runJob, runsInWorker, WORKER_THRESHOLD } from '@/features/rate-limits/io/rate-limits-runner'

const T = Date.parse('2025-01-14T12:00:00Z')
const HAR = sampleHar({ startMs: T, count: 400, intervalMs: 500, limit: 1000 })
const LINES = ['x-ratelimit-limit: 5000', 'x-ratelimit-remaining: 4000', ...Array.from({ length: 5000 }, (_, i) => `x-custom-${i}: value ${i}`)].join('\n')

/** Every message the page posted to a worker. */
const posted: RateLimitWorkerRequest[] = []

class FakeWorker {
  onmessage: ((event: MessageEvent) => void) | null = null
  onerror: ((event: ErrorEvent) => void) | null = null
  postMessage(data: RateLimitWorkerRequest): void {
    const request = structuredClone(data)
    posted.push(request)
    setTimeout(() => answerRequest(request, (message, transfer) => this.onmessage?.({ data: structuredClone(message, { transfer }) } as MessageEvent)), 0)
  }
  terminate(): void {}
}

/** A worker whose answer cannot be deserialized on the page (`messageerror`, naming no job). */
class UnreadableWorker extends FakeWorker {
  onmessageerror: ((event: MessageEvent) => void) | null = null
  override postMessage(): void {
    setTimeout(() => this.onmessageerror?.(new MessageEvent('messageerror')), 0)
  }
}

/** A worker whose script cannot load: it reports an error instead of answering. */
class BrokenWorker extends FakeWorker {
  override postMessage(): void {
    setTimeout(() => this.onerror?.({ message: 'blocked by CSP' } as ErrorEvent), 0)
  }
}

beforeEach(() => {
  setActivePinia(createPinia())
  posted.length = 0
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

/** The runner module anew, so its first job makes a worker of the class stubbed now (not one an earlier test made). */
async function freshRunner() {
  vi.resetModules()
  return import('@/features/rate-limits/io/rate-limits-runner')
}

const settle = async () => {
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0))
    await nextTick()
  }
}

describe('runJob', () => {
  test('small texts (and Node, without Worker) run on the main thread', async () => {
    expect(runsInWorker('x'.repeat(WORKER_THRESHOLD))).toBe(false) // no Worker here
    vi.stubGlobal('Worker', FakeWorker)
    expect(runsInWorker('x'.repeat(WORKER_THRESHOLD - 1))).toBe(false)
    expect(runsInWorker('x'.repeat(WORKER_THRESHOLD))).toBe(true)
    const result = await runJob({ kind: 'report', text: 'x-ratelimit-remaining: 5', at: new Date(T) })
    expect(result.quotas[0]?.remaining).toBe(5)
    expect(posted).toEqual([])
  })

  test('a large text goes to the worker: its size first, then the result, equal to the main thread’s', async () => {
    vi.stubGlobal('Worker', FakeWorker)
    const sizes: unknown[] = []
    const at = new Date(T)
    const result = await runJob({ kind: 'timeline', text: HAR, at, timeZone: 'UTC' }, { onSize: (size) => sizes.push(size) })
    expect(posted).toHaveLength(1)
    expect(posted[0]?.job.kind).toBe('timeline')
    expect(sizes).toEqual([expect.objectContaining({ harEntries: 400 })])
    expect(result).toEqual(buildRateLimitTimeline(HAR, { now: at, timeZone: 'UTC' }))
  })

  test('an answer that cannot be read does not lose the result either: the main thread builds it', async () => {
    vi.stubGlobal('Worker', UnreadableWorker)
    const result = await (await freshRunner()).runJob({ kind: 'report', text: LINES, at: new Date(T) })
    expect(result.headers).toHaveLength(5002)
    expect(result.quotas[0]).toMatchObject({ limit: 5000, remaining: 4000 })
  })

  test('a worker that cannot load does not lose the result: the main thread builds it', async () => {
    vi.stubGlobal('Worker', BrokenWorker)
    const result = await (await freshRunner()).runJob({ kind: 'report', text: LINES, at: new Date(T) })
    expect(result.headers).toHaveLength(5002)
  })
})

describe('the store with a worker', () => {
  test('a large paste in the timeline mode: "Reading 400 entries…" (announced), then the timeline', async () => {
    vi.stubGlobal('Worker', FakeWorker)
    const store = useRateLimitStore()
    const { message } = useAnnouncer()
    store.mode = 'timeline'
    store.input = HAR
    store.parseNow(HAR)
    await nextTick()
    expect(store.timeline).toBeUndefined()
    expect(store.reading).toMatch(/^Reading \d+(\.\d)? kB…$/)
    await settle()
    expect(store.timeline?.quotas[0]?.points).toHaveLength(400)
    expect(store.reading).toBeUndefined()
    expect(message.value).toBe('Reading 400 entries…')
    // Only the timeline was asked for: the quota report is not computed in this mode.
    expect(posted.map((p) => p.job.kind)).toEqual(['timeline'])
    expect(store.input).toBe(HAR)
  })

  test('a 5,000-line paste in the quota mode is read in the worker; a newer paste supersedes it', async () => {
    vi.stubGlobal('Worker', FakeWorker)
    const store = useRateLimitStore()
    store.input = LINES
    store.parseNow(LINES)
    await nextTick()
    expect(store.reading).toBe('Reading 128 kB…')
    expect(store.report.headers).toEqual([])
    const newer = `${LINES}\nx-ratelimit-used: 1000`
    store.input = newer
    store.parseNow(newer)
    await settle()
    expect(store.reading).toBeUndefined()
    expect(store.report.headers).toHaveLength(5003)
    expect(store.report.quotas[0]).toMatchObject({ remaining: 4000, used: 1000 })
    // Switching to the linter reads the same text for its own job.
    store.mode = 'lint'
    await settle()
    expect(store.lint?.findings).toBeDefined()
    expect(posted.map((p) => p.job.kind)).toEqual(['report', 'report', 'lint'])
  })
})
