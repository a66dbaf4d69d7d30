import { describe, expect, it } from 'vitest'
import type { Virtualizer } from '@tanstack/vue-virtual'
import { elementScrollAfterLayout } from './virtual-list-scroll'

/** A scroller, its window's frames and a virtualizer attached to it, as much of each as the function reads. */
function attached(scrollTop: number) {
  const frames: (() => void)[] = []
  const listeners = new Set<() => void>()
  const element = {
    scrollTop,
    scrollLeft: 0,
    writes: [] as number[],
    scrollTo(options: { top?: number }) {
      this.writes.push(options.top ?? Number.NaN)
      this.scrollTop = options.top ?? this.scrollTop
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    /** Scrolled by something other than the virtualizer: the browser fires `scroll`. */
    scrollBy(top: number) {
      this.scrollTop += top
      for (const listener of [...listeners]) listener()
    },
  }
  const instance = {
    scrollElement: element,
    targetWindow: { requestAnimationFrame: (callback: () => void) => frames.push(callback) },
    options: { horizontal: false },
  } as unknown as Virtualizer<HTMLElement, Element>
  const nextFrame = () => frames.splice(0).forEach((callback) => callback())
  return { element, instance, nextFrame }
}

describe('elementScrollAfterLayout', () => {
  it('leaves out the write of 0 as it attaches to a new scroller', () => {
    const { element, instance, nextFrame } = attached(0)
    elementScrollAfterLayout(0, {}, instance)
    nextFrame()
    expect(element.writes).toEqual([])
  })

  it('puts a scroller that was scrolled before it attached at 0, a frame later', () => {
    const { element, instance, nextFrame } = attached(120)
    elementScrollAfterLayout(0, {}, instance)
    expect(element.writes).toEqual([])
    nextFrame()
    expect(element.writes).toEqual([0])
  })

  it('keeps the place a scroll took the scroller to between the attach and that frame', () => {
    // Focus moved to a row near the bottom and the browser scrolled it into view before the frame.
    const { element, instance, nextFrame } = attached(0)
    elementScrollAfterLayout(0, {}, instance)
    element.scrollBy(9)
    nextFrame()
    expect(element.writes).toEqual([])
    expect(element.scrollTop).toBe(9)
  })

  it('writes every later offset at once', () => {
    const { element, instance } = attached(0)
    elementScrollAfterLayout(0, {}, instance)
    elementScrollAfterLayout(300, {}, instance)
    elementScrollAfterLayout(0, {}, instance)
    expect(element.writes).toEqual([300, 0])
  })
})
