import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** A fresh module each time: the first-paint promise is module state, made once per tab. */
const load = async () => {
  vi.resetModules()
  return import('./after-first-paint')
}

describe('afterFirstPaint', () => {
  let frames: FrameRequestCallback[]
  beforeEach(() => {
    vi.useFakeTimers()
    frames = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
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

  it('resolves after timeoutMs where no frame ever runs (a background tab)', async () => {
    const { afterFirstPaint } = await load()
    let done = false
    void afterFirstPaint(250).then(() => (done = true))
    await vi.advanceTimersByTimeAsync(249)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
  })

  it('waits for one paint per tab: later calls are the same promise and resolve at once', async () => {
    const { afterFirstPaint } = await load()
    const first = afterFirstPaint()
    await vi.advanceTimersByTimeAsync(100)
    expect(afterFirstPaint()).toBe(first)
    expect(frames).toHaveLength(1)
  })
})

describe('loadAfterFirstPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.stubGlobal('requestAnimationFrame', () => 0)
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
})
