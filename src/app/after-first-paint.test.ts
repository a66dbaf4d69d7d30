import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** A document whose visibility a test sets; `hide()` fires visibilitychange. */
function fakeDocument(visibilityState: DocumentVisibilityState) {
  const listeners = new Set<() => void>()
  return {
    visibilityState,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    hide() {
      this.visibilityState = 'hidden'
      for (const listener of [...listeners]) listener()
    },
    listeners,
  }
}

/** A fresh module each time: the first-paint promise is module state, made once per tab. */
const load = async () => {
  vi.resetModules()
  return import('./after-first-paint')
}

describe('afterFirstPaint', () => {
  let frames: FrameRequestCallback[]
  let doc: ReturnType<typeof fakeDocument>
  beforeEach(() => {
    vi.useFakeTimers()
    frames = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
    doc = fakeDocument('visible')
    vi.stubGlobal('document', doc)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('resolves in the task after the next frame, not in the frame (which runs before its paint)', async () => {
    const { afterFirstPaint } = await load()
    let done = false
    void afterFirstPaint().then(() => (done = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(done).toBe(false)
    frames.shift()?.(16)
    await Promise.resolve()
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(0)
    expect(done).toBe(true)
  })

  it('in a hidden tab (no frames), resolves after timeoutMs', async () => {
    doc.visibilityState = 'hidden'
    const { afterFirstPaint } = await load()
    let done = false
    void afterFirstPaint(250).then(() => (done = true))
    await vi.advanceTimersByTimeAsync(249)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
    expect(doc.listeners.size).toBe(0)
  })

  it('in a visible tab, waits for the frame however late it comes, unless the tab is hidden first', async () => {
    const { afterFirstPaint } = await load()
    let done = false
    void afterFirstPaint(100).then(() => (done = true))
    await vi.advanceTimersByTimeAsync(2000)
    expect(done).toBe(false)
    doc.hide()
    await Promise.resolve()
    expect(done).toBe(true)
    expect(doc.listeners.size).toBe(0)
  })

  it('waits for one paint per tab: later calls are the same promise and resolve at once', async () => {
    const { afterFirstPaint } = await load()
    const first = afterFirstPaint()
    frames.shift()?.(16)
    await vi.advanceTimersByTimeAsync(0)
    expect(afterFirstPaint()).toBe(first)
    await expect(afterFirstPaint()).resolves.toBeUndefined()
    expect(frames).toHaveLength(0)
    expect(doc.listeners.size).toBe(0)
  })
})

/** A PerformanceObserver supporting Paint Timing, whose reports a test sends with `report(name)`. */
class FakePaintObserver {
  static supportedEntryTypes = ['paint']
  static made: FakePaintObserver[] = []
  observed: PerformanceObserverInit | undefined
  disconnected = false
  constructor(readonly callback: (list: Pick<PerformanceObserverEntryList, 'getEntriesByName'>) => void) {
    FakePaintObserver.made.push(this)
  }
  observe(options: PerformanceObserverInit) {
    this.observed = options
  }
  disconnect() {
    this.disconnected = true
  }
  report(name: string) {
    this.callback({ getEntriesByName: (asked: string) => (asked === name ? [{ name } as PerformanceEntry] : []) })
  }
}

describe('afterFirstPaint where Paint Timing is supported', () => {
  let frames: FrameRequestCallback[]
  beforeEach(() => {
    vi.useFakeTimers()
    frames = []
    FakePaintObserver.made = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
    vi.stubGlobal('document', fakeDocument('visible'))
    vi.stubGlobal('PerformanceObserver', FakePaintObserver)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('resolves when the first contentful paint is reported, not in the task after the frame', async () => {
    const { afterFirstPaint } = await load()
    let done = false
    void afterFirstPaint().then(() => (done = true))
    const [observer] = FakePaintObserver.made
    expect(observer?.observed).toEqual({ type: 'paint', buffered: true })
    frames.shift()?.(16)
    await vi.advanceTimersByTimeAsync(0)
    expect(done).toBe(false)
    observer!.report('first-paint')
    await Promise.resolve()
    expect(done).toBe(false)
    observer!.report('first-contentful-paint')
    await Promise.resolve()
    expect(done).toBe(true)
    expect(observer!.disconnected).toBe(true)
  })

  it('with no contentful paint reported, resolves presentedTimeoutMs after the frame', async () => {
    const { afterFirstPaint } = await load()
    let done = false
    void afterFirstPaint(100, 500).then(() => (done = true))
    await vi.advanceTimersByTimeAsync(1000)
    expect(done).toBe(false)
    frames.shift()?.(16)
    await vi.advanceTimersByTimeAsync(499)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
    expect(FakePaintObserver.made[0]!.disconnected).toBe(true)
  })
})

describe('loadAfterFirstPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.stubGlobal('requestAnimationFrame', () => 0)
    vi.stubGlobal('document', fakeDocument('hidden'))
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('starts the download only after the paint, and hands over what it loaded', async () => {
    const { loadAfterFirstPaint } = await load()
    const download = vi.fn(async () => 'page')
    const component = loadAfterFirstPaint(download)
    const loaded = component()
    await vi.advanceTimersByTimeAsync(99)
    expect(download).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await expect(loaded).resolves.toBe('page')
    expect(download).toHaveBeenCalledOnce()
  })

  it('fails when the download has not come within timeoutMs after the paint, so the shell shows the page as not loaded', async () => {
    const { loadAfterFirstPaint } = await load()
    const component = loadAfterFirstPaint(() => new Promise<never>(() => undefined), 30_000)
    const loaded = component()
    const outcome = loaded.then(
      () => 'loaded',
      (error: Error) => error.message,
    )
    await vi.advanceTimersByTimeAsync(100 + 29_999)
    let settled = false
    void outcome.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await expect(outcome).resolves.toBe("A page's code was not downloaded within 30000 ms")
  })
})
