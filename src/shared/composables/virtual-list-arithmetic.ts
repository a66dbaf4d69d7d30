/**
 * `useVirtualList`'s arithmetic engine (every row the same height, the rows in view found by
 * division, nothing kept per row) and the pieces both engines share.
 */
import { computed, shallowRef, watch, type Ref } from 'vue'
import type { VirtualList, VirtualListOptions, VirtualRow } from './useVirtualList'

/** The indices `first`..`last`, with `keep` added in order when it lies outside them. */
export function withKept(first: number, last: number, keep: number | undefined, count: number): number[] {
  const indices: number[] = []
  if (keep !== undefined && keep < first && keep < count) indices.push(keep)
  for (let i = first; i <= last; i++) indices.push(i)
  if (keep !== undefined && keep > last && keep < count) indices.push(keep)
  return indices
}

/** Spacer heights above and below `rows` when they flow (table rows) rather than sit at their `top`. */
export function flowPadding(virtual: boolean, rows: VirtualRow[], total: number): { top: number; bottom: number } {
  if (!virtual) return { top: 0, bottom: 0 }
  const first = rows[0]
  const last = rows.at(-1)
  if (!first || !last) return { top: 0, bottom: Math.max(0, total) }
  const top = first.top ?? 0
  return { top, bottom: Math.max(0, total - ((last.top ?? 0) + last.size)) }
}

/** What `useVirtualList` hands the engine. */
export interface ArithmeticContext {
  virtual: Readonly<Ref<boolean>>
  viewportHeight: Ref<number>
  width: Ref<number>
  overscan: number
  estimate: (index: number) => number
}

/** The `arithmetic` engine: every row `rowHeight` px, the rows in view found by division. */
export function arithmeticList(options: VirtualListOptions, shared: ArithmeticContext): VirtualList {
  const { virtual, viewportHeight, width, overscan } = shared
  const row = shared.estimate(0)
  const scrollTop = shallowRef(0)
  watch(
    options.scroller,
    (el, _old, onCleanup) => {
      if (!el) return
      const onScroll = () => (scrollTop.value = el.scrollTop)
      el.addEventListener('scroll', onScroll, { passive: true })
      onCleanup(() => el.removeEventListener('scroll', onScroll))
    },
    { immediate: true },
  )
  const rows = computed<VirtualRow[]>(() => {
    const count = options.count()
    if (!virtual.value) return Array.from({ length: count }, (_, index) => ({ index, size: row }))
    const first = Math.max(0, Math.floor(scrollTop.value / row) - overscan)
    const last = Math.min(count - 1, Math.ceil((scrollTop.value + viewportHeight.value) / row) + overscan)
    return withKept(first, last, options.keep?.(), count).map((index) => ({ index, top: index * row, size: row }))
  })
  const totalSize = computed(() => options.count() * row)
  // `scrollTop` is where the scroller is, as its last scroll event or our last write left it. A
  // scroller already there is not written to: writing `scrollTop` lays the page out at once, inside
  // the task that changed the rows (JsonTree resets to the top when a response's whole tree
  // replaces the tree of its start).
  function scrollToOffset(offset: number): void {
    if (scrollTop.value === offset) return
    scrollTop.value = offset
    if (options.scroller.value) options.scroller.value.scrollTop = offset
  }
  return {
    virtual,
    rows,
    indices: computed(() => rows.value.map((r) => r.index)),
    totalSize,
    padding: computed(() => flowPadding(virtual.value, rows.value, totalSize.value)),
    viewportHeight,
    width,
    scrollToIndex(index, align = 'auto') {
      const el = options.scroller.value
      if (!el || !virtual.value) return
      const top = index * row
      if (align === 'start' || (align === 'auto' && top < el.scrollTop)) el.scrollTop = top
      else if (align === 'end' || (align === 'auto' && top + row > el.scrollTop + el.clientHeight)) el.scrollTop = top + row - el.clientHeight
      scrollTop.value = el.scrollTop
    },
    scrollToOffset,
    measureElement: () => {},
    remeasure: () => {},
  }
}

