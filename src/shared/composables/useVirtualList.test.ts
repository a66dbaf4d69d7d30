/**
 * The arithmetic engine of the virtual list (in node, a scroller standing in for the element: an
 * EventTarget with the element's scroll fields). The TanStack engine runs in the browser: the stories
 * of JsonTree, DocsList, StreamEventList and the rate-limit tables, and their e2e tests.
 */
import { describe, expect, it } from 'vitest'
import { effectScope, nextTick, ref } from 'vue'
import { useVirtualList, type VirtualList, type VirtualListOptions } from './useVirtualList'

class Scroller extends EventTarget {
  scrollTop = 0
  clientHeight = 100
  scrollTo(top: number): void {
    this.scrollTop = top
    this.dispatchEvent(new Event('scroll'))
  }
}

function arithmetic(count: number, options: Partial<VirtualListOptions> = {}): { list: VirtualList; scroller: Scroller; active: { value: number } } {
  const scroller = new Scroller()
  const active = ref(0)
  const list = effectScope().run(() =>
    useVirtualList({
      count: () => count,
      scroller: ref(scroller as unknown as HTMLElement),
      rowHeight: 10,
      overscan: 2,
      keep: () => active.value,
      initialRect: { width: 600, height: 100 },
      engine: 'arithmetic',
      ...options,
    }),
  )!
  return { list, scroller, active }
}

describe('useVirtualList, arithmetic engine', () => {
  it('renders the rows in view and the overscan, each at its row’s top', () => {
    const { list } = arithmetic(1000)
    expect(list.indices.value).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(list.rows.value[3]).toEqual({ index: 3, top: 30, size: 10 })
    expect(list.totalSize.value).toBe(10_000)
  })

  it('follows the scroller, and keeps the focused row rendered when it scrolls out of view', async () => {
    const { list, scroller, active } = arithmetic(1000)
    active.value = 1
    scroller.scrollTo(500)
    await nextTick()
    expect(list.indices.value).toEqual([1, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62])
    active.value = 900
    expect(list.indices.value.at(-1)).toBe(900)
    expect(list.indices.value[0]).toBe(48)
  })

  it('scrolls a row into view only as far as needed, or to either end', () => {
    const { list, scroller } = arithmetic(1000)
    list.scrollToIndex(5)
    expect(scroller.scrollTop).toBe(0)
    list.scrollToIndex(20)
    expect(scroller.scrollTop).toBe(110) // row 20 ends at 210, the view's bottom
    list.scrollToIndex(3)
    expect(scroller.scrollTop).toBe(30)
    list.scrollToIndex(50, 'start')
    expect(scroller.scrollTop).toBe(500)
    expect(list.indices.value.slice(0, 4)).toEqual([0, 48, 49, 50]) // the focused row 0, then the view
    list.scrollToOffset(0)
    expect([scroller.scrollTop, list.indices.value[0]]).toEqual([0, 0])
  })

  it('writes the scroller’s offset only when it is not there already (a write forces a layout)', () => {
    const { list, scroller } = arithmetic(1000)
    const writes: number[] = []
    let top = 0
    Object.defineProperty(scroller, 'scrollTop', {
      get: () => top,
      set: (value: number) => writes.push((top = value)),
    })
    list.scrollToOffset(0)
    expect(writes).toEqual([])
    scroller.scrollTo(300) // the user scrolls: the scroll event says where to
    list.scrollToOffset(0)
    list.scrollToOffset(0)
    expect(writes).toEqual([300, 0])
    expect(list.indices.value[0]).toBe(0)
  })

  it('renders every row, without tops, when not virtual', () => {
    const { list } = arithmetic(3, { enabled: () => false })
    expect(list.rows.value).toEqual([
      { index: 0, size: 10 },
      { index: 1, size: 10 },
      { index: 2, size: 10 },
    ])
    expect(list.padding.value).toEqual({ top: 0, bottom: 0 })
  })
})

/**
 * The TanStack engine as it mounts, with a scroller that counts what the browser would lay the page out
 * for: `scrollTo` and reading where the rows start. Frames run when the test says.
 */
function mounting(options: { scrolledTo?: number } = {}) {
  const frames: FrameRequestCallback[] = []
  const view = { requestAnimationFrame: (cb: FrameRequestCallback) => frames.push(cb), setTimeout, clearTimeout }
  const counts = { writes: 0, startReads: 0 }
  class MountingScroller extends Scroller {
    ownerDocument = { defaultView: view }
    offsetWidth = 600
    offsetHeight = 100
    scrollHeight = 10_040
    override scrollTo(options: number | ScrollToOptions): void {
      counts.writes++
      super.scrollTo(typeof options === 'number' ? options : (options.top ?? 0))
    }
    getBoundingClientRect() {
      return { top: 0, left: 0, width: 600, height: 100 }
    }
  }
  const scroller = new MountingScroller()
  scroller.scrollTop = options.scrolledTo ?? 0
  const start = {
    clientWidth: 600,
    getBoundingClientRect: () => (counts.startReads++, { top: 40, left: 0, width: 600, height: 10_000 }),
  }
  const previous = globalThis.requestAnimationFrame
  globalThis.requestAnimationFrame = view.requestAnimationFrame
  const list = effectScope().run(() =>
    useVirtualList({
      count: () => 1000,
      scroller: ref(scroller as unknown as HTMLElement),
      start: ref(start as unknown as HTMLElement),
      rowHeight: 10,
      initialRect: { width: 600, height: 100 },
    }),
  )!
  const runFrames = () => {
    for (const cb of frames.splice(0)) cb(0)
  }
  return { list, scroller, counts, runFrames, restore: () => (globalThis.requestAnimationFrame = previous) }
}

describe('useVirtualList, TanStack engine, mounting', () => {
  it('neither scrolls its new scroller nor reads where its rows start in the mounting task, only in the next frame', async () => {
    const { list, scroller, counts, runFrames, restore } = mounting()
    try {
      await nextTick()
      expect(counts).toEqual({ writes: 0, startReads: 0 })
      expect(list.indices.value[0]).toBe(0)
      runFrames()
      await nextTick()
      expect(counts).toEqual({ writes: 0, startReads: 1 })
      expect(scroller.scrollTop).toBe(0)
    } finally {
      restore()
    }
  })

  it('puts a scroller that was already scrolled at the top a frame later, as TanStack does at once', async () => {
    const { scroller, counts, runFrames, restore } = mounting({ scrolledTo: 250 })
    try {
      await nextTick()
      expect(counts.writes).toBe(0)
      runFrames()
      expect(counts.writes).toBe(1)
      expect(scroller.scrollTop).toBe(0)
    } finally {
      restore()
    }
  })

  it('writes every later scroll at once, a scroll to 0 too, and a written scroll is not undone by that frame', async () => {
    const { list, scroller, counts, runFrames, restore } = mounting({ scrolledTo: 250 })
    try {
      await nextTick()
      list.scrollToOffset(300)
      expect(counts.writes).toBe(1)
      expect(scroller.scrollTop).toBe(300)
      runFrames()
      expect(scroller.scrollTop).toBe(300)
      list.scrollToOffset(0)
      expect(counts.writes).toBe(2)
      expect(scroller.scrollTop).toBe(0)
    } finally {
      restore()
    }
  })
})
