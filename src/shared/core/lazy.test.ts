import { describe, expect, it, vi } from 'vitest'
import { lazy, lazyLoad, loadWithin } from './lazy'

describe('lazy', () => {
  it('creates nothing until first asked', () => {
    const create = vi.fn(() => ({}))
    lazy(create)
    expect(create).not.toHaveBeenCalled()
  })

  it('creates once and returns the same value on every call', () => {
    const create = vi.fn(() => ({}))
    const get = lazy(create)
    const first = get()
    expect(get()).toBe(first)
    expect(create).toHaveBeenCalledOnce()
  })

  it('keeps an undefined value without creating it again', () => {
    const create = vi.fn(() => undefined)
    const get = lazy(create)
    get()
    get()
    expect(create).toHaveBeenCalledOnce()
  })
})

describe('lazyLoad', () => {
  it('starts nothing until first asked, then shares one load', async () => {
    const load = vi.fn(async () => 'chunk')
    const get = lazyLoad(load)
    expect(load).not.toHaveBeenCalled()
    const first = get()
    expect(get()).toBe(first)
    await expect(first).resolves.toBe('chunk')
    expect(get()).toBe(first)
    expect(load).toHaveBeenCalledOnce()
  })

  it('loads again after a failure, and keeps the load that succeeded', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('chunk')
    const get = lazyLoad(load)
    await expect(get()).rejects.toThrow('offline')
    const second = get()
    await expect(second).resolves.toBe('chunk')
    expect(get()).toBe(second)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('shares a failing load between the callers waiting on it', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new Error('offline'))
    const get = lazyLoad(load)
    const [a, b] = [get(), get()]
    expect(a).toBe(b)
    await expect(a).rejects.toThrow('offline')
    expect(load).toHaveBeenCalledOnce()
  })
})

describe('loadWithin', () => {
  it('hands over a load that comes in time, and its failure as it is', async () => {
    vi.useFakeTimers()
    try {
      await expect(loadWithin(async () => 'chunk', 1000, 'The part')).resolves.toBe('chunk')
      const offline = new TypeError('Failed to fetch dynamically imported module')
      await expect(loadWithin(() => Promise.reject(offline), 1000, 'The part')).rejects.toBe(offline)
      // No timer is left behind to reject later.
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('fails a load that has not settled within timeoutMs, naming what', async () => {
    vi.useFakeTimers()
    try {
      let answer: (value: string) => void = () => undefined
      const load = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)))
      const outcome = loadWithin(load, 1000, 'The curl import dialog').catch((error: Error) => error.message)
      await vi.advanceTimersByTimeAsync(999)
      let settled = false
      void outcome.then(() => (settled = true))
      await Promise.resolve()
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      await expect(outcome).resolves.toBe('The curl import dialog was not downloaded within 1000 ms')
      answer('late')
      expect(load).toHaveBeenCalledOnce()
    } finally {
      vi.useRealTimers()
    }
  })
})
