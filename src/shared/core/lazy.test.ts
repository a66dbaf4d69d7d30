import { describe, expect, it, vi } from 'vitest'
import { lazy, lazyLoad } from './lazy'

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
