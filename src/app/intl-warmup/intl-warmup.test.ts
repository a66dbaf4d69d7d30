import { afterEach, describe, expect, test, vi } from 'vitest'

/** A Worker stand-in recording what the warm-up does with it. */
class FakeWorker {
  static made: FakeWorker[] = []
  static throws = false
  terminated = false
  onmessage: ((event: MessageEvent) => void) | null = null
  onerror: ((event: ErrorEvent) => void) | null = null
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    if (FakeWorker.throws) throw new DOMException('Refused by the CSP', 'SecurityError')
    FakeWorker.made.push(this)
  }
  terminate() {
    this.terminated = true
  }
}

async function load() {
  vi.resetModules()
  return (await import('./intl-warmup')).startIntlWarmup
}

afterEach(() => {
  FakeWorker.made = []
  FakeWorker.throws = false
  vi.unstubAllGlobals()
})

describe('startIntlWarmup', () => {
  test('starts the warm-up worker once per page, and ends it when it says it is done', async () => {
    vi.stubGlobal('Worker', FakeWorker)
    const startIntlWarmup = await load()
    const worker = startIntlWarmup() as unknown as FakeWorker
    expect(FakeWorker.made).toEqual([worker])
    expect(worker.url.pathname).toMatch(/intl-warmup\.worker\.ts$/)
    expect(worker.options).toEqual({ type: 'module', name: 'intl-warmup' })
    expect(startIntlWarmup()).toBeUndefined()
    expect(FakeWorker.made).toHaveLength(1)
    expect(worker.terminated).toBe(false)
    worker.onmessage?.(new MessageEvent('message', { data: 'warm' }))
    expect(worker.terminated).toBe(true)
  })

  test('a worker that fails is ended without reporting an error', async () => {
    vi.stubGlobal('Worker', FakeWorker)
    const worker = (await load())() as unknown as FakeWorker
    const event = { preventDefault: vi.fn() } as unknown as ErrorEvent
    worker.onerror?.(event)
    expect(event.preventDefault).toHaveBeenCalled()
    expect(worker.terminated).toBe(true)
  })

  test('a worker the page may not start, or no workers at all, change nothing', async () => {
    FakeWorker.throws = true
    vi.stubGlobal('Worker', FakeWorker)
    expect((await load())()).toBeUndefined()
    vi.stubGlobal('Worker', undefined)
    expect((await load())()).toBeUndefined()
  })
})
