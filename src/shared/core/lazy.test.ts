import { describe, expect, it, vi } from 'vitest'
import { lazy } from './lazy'

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
