import { describe, expect, test, vi } from 'vitest'
import type { Virtualizer } from '@tanstack/vue-virtual'
import { observeElementRectAfterLayout } from './observe-element-rect'

/** An element whose size reads are counted, and a ResizeObserver the test fires by hand. */
function setup() {
  const reads = { count: 0 }
  const size = { width: 600.4, height: 479.6 }
  const element = {} as HTMLElement
  Object.defineProperty(element, 'clientWidth', { get: () => (reads.count++, size.width) })
  Object.defineProperty(element, 'clientHeight', { get: () => (reads.count++, size.height) })
  const observers: { callback: () => void; observed: Element[]; options: unknown; disconnected: boolean }[] = []
  class FakeResizeObserver {
    entry: (typeof observers)[number]
    constructor(callback: () => void) {
      this.entry = { callback, observed: [], options: undefined, disconnected: false }
      observers.push(this.entry)
    }
    observe(target: Element, options: unknown) {
      this.entry.observed.push(target)
      this.entry.options = options
    }
    disconnect() {
      this.entry.disconnected = true
    }
  }
  const instance = { scrollElement: element, targetWindow: { ResizeObserver: FakeResizeObserver }, options: {} } as unknown as Virtualizer<HTMLElement, Element>
  return { reads, size, element, observers, instance }
}

describe('observeElementRectAfterLayout', () => {
  test('reads no size while subscribing: the first size comes from the observer, rounded', () => {
    const { reads, element, observers, instance } = setup()
    const cb = vi.fn()
    observeElementRectAfterLayout(instance, cb)
    expect(reads.count).toBe(0)
    expect(cb).not.toHaveBeenCalled()
    expect(observers).toHaveLength(1)
    expect(observers[0]?.observed).toEqual([element])
    expect(observers[0]?.options).toEqual({ box: 'content-box' })
    observers[0]?.callback()
    expect(cb).toHaveBeenCalledWith({ width: 600, height: 480 })
  })

  test('reports every later size and stops observing when cleaned up', () => {
    const { size, observers, instance } = setup()
    const cb = vi.fn()
    const stop = observeElementRectAfterLayout(instance, cb)
    size.width = 320
    size.height = 200.5
    observers[0]?.callback()
    expect(cb).toHaveBeenLastCalledWith({ width: 320, height: 201 })
    stop?.()
    expect(observers[0]?.disconnected).toBe(true)
  })

  test("without ResizeObserver it is TanStack's default: the size is read at once", () => {
    const { reads, instance } = setup()
    ;(instance as unknown as { targetWindow: object }).targetWindow = {}
    const cb = vi.fn()
    observeElementRectAfterLayout(instance, cb)
    expect(reads.count).toBe(2)
    expect(cb).toHaveBeenCalledWith({ width: 600, height: 480 })
  })

  test('without a scroll element it does nothing', () => {
    const { observers, instance } = setup()
    ;(instance as unknown as { scrollElement: null }).scrollElement = null
    const cb = vi.fn()
    expect(observeElementRectAfterLayout(instance, cb)).toBeUndefined()
    expect(observers).toHaveLength(0)
    expect(cb).not.toHaveBeenCalled()
  })
})
