/**
 * One virtual list for every long list and table of the app: only the rows in and near the
 * scroller's view are in the DOM, so 50,000 rows render in a few ms. Rows are laid out by
 * @tanstack/vue-virtual, at a fixed or estimated height (`rowHeight`), measured once rendered when
 * they wrap to different heights (`measured`).
 *
 * What the lists share and this gives once:
 * - the rows may start below other content in the same scroller (a caption, a header row, text
 *   above a list): `start` names where, and its offset is measured and kept up to date;
 * - the row with the roving Tab stop (`keep`) stays rendered wherever the list scrolls, so focus is
 *   never lost (APG listbox/tree keys move it, and the lists scroll it into view);
 * - the scroller's size is read after the browser's own layout (`observeElementRectAfterLayout`),
 *   and where the rows start in the next animation frame, never forced in the mounting task; nor is
 *   the scroller written to as the list attaches to it (`elementScrollAfterLayout`).
 *
 * `engine: 'arithmetic'` is for lists whose every row is exactly `rowHeight` and that may hold
 * millions of rows whose count changes often (a JSON tree: each expand or collapse): the rows in view
 * are a division away, and nothing is kept per row. TanStack keeps two numbers and a key per row
 * and rebuilds them at every count change: measured with @tanstack/virtual-core 3.19 in Node, 2–8 ms
 * at 100,000 rows and 10–30 ms at 500,000, and 80 MB for the 5 million rows a 100 MB response expands to.
 */
import { computed, nextTick, ref, watch, type Ref } from 'vue'
import { useResizeObserver } from '@vueuse/core'
import { defaultRangeExtractor, useVirtualizer, type Range, type Virtualizer } from '@tanstack/vue-virtual'
import { observeElementRectAfterLayout } from '@/shared/ui/observe-element-rect'
import { arithmeticList, flowPadding, withKept } from './virtual-list-arithmetic'
import { elementScrollAfterLayout } from './virtual-list-scroll'

/** Options of {@link useVirtualList}. */
export interface VirtualListOptions {
  /** How many rows the list has. */
  count: () => number
  /** The element that scrolls the rows. */
  scroller: Ref<HTMLElement | undefined>
  /** A row's height in px, or its estimate per row (with `measured`) at the list's `width`. */
  rowHeight: number | ((index: number, width: number) => number)
  /** Rows are measured once rendered (they wrap to different heights); `rowHeight` is then an estimate. @default false */
  measured?: boolean
  /** Whether the list is virtual; when not, every row renders. @default () => true */
  enabled?: () => boolean
  /**
   * The element the rows start at, inside the scroller (a list below a heading, a table body below its
   * header). @default undefined (the rows start at the scroller's top)
   */
  start?: Ref<HTMLElement | undefined>
  /** A row scrolled to stops below what is above `start` (a sticky header row), not under it. @default false */
  stickyStart?: boolean
  /** Rows rendered beyond the view on each side. @default 8 */
  overscan?: number
  /** The row to keep rendered however far the list scrolls (the roving Tab stop). @default undefined */
  keep?: () => number
  /** A row's stable key, so a measured height follows its row. @default undefined (its index) */
  itemKey?: (index: number) => string | number
  /** The scroller's size until it is measured, so the first rows paint at once. @default { width: 600, height: 480 } */
  initialRect?: { width: number; height: number }
  /** How rows are laid out (see the module's comment). @default 'tanstack' */
  engine?: 'tanstack' | 'arithmetic'
}

/** A row to render: its index, and its top and height in px from the list's start (`top` unset when the list is not virtual). */
export interface VirtualRow {
  index: number
  top?: number
  size: number
}

/** What {@link useVirtualList} gives. */
export interface VirtualList {
  /** Whether only some rows render. */
  virtual: Readonly<Ref<boolean>>
  /** The rows to render, in order (every row when not virtual). */
  rows: Readonly<Ref<VirtualRow[]>>
  /** The rows' indices alone. */
  indices: Readonly<Ref<number[]>>
  /** The height of all rows, in px. */
  totalSize: Readonly<Ref<number>>
  /** Heights of spacers above and below the rendered rows, for rows that flow (table rows); 0 when not virtual. */
  padding: Readonly<Ref<{ top: number; bottom: number }>>
  /** The scroller's visible height, in px (its initial one until measured). */
  viewportHeight: Readonly<Ref<number>>
  /** The `start` element's width, in px (for estimating how rows wrap). */
  width: Readonly<Ref<number>>
  /** Scrolls row `index` into view; `auto` scrolls only as far as needed. Nothing when not virtual. */
  scrollToIndex(index: number, align?: 'auto' | 'start' | 'end'): void
  /** Scrolls to `offset` px. */
  scrollToOffset(offset: number): void
  /** Measures a rendered row (bind as the row's `ref` with `measured`). */
  measureElement(el: unknown): void
  /** Forgets measured heights (the rows changed, or their width did). */
  remeasure(): void
}

/**
 * A row's height from its ResizeObserver entry. Called from the row's ref while Vue renders, it keeps
 * the known size instead of reading layout: that read would force one layout per row per render; the
 * observer reports the real height before the next paint anyway.
 */
function measureFromEntry(estimate: (i: number) => number) {
  return (el: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<HTMLElement, Element>): number => {
    const box = entry?.borderBoxSize?.[0]
    if (box) return Math.round(box.blockSize)
    const i = instance.indexFromElement(el)
    return instance.measurementsCache[i]?.size ?? estimate(i)
  }
}

/** A virtual list (see the module's comment). */
export function useVirtualList(options: VirtualListOptions): VirtualList {
  const { scroller, start, overscan = 8, initialRect = { width: 600, height: 480 } } = options
  const virtual = computed(() => options.enabled?.() ?? true)
  const viewportHeight = ref(initialRect.height)
  const width = ref(initialRect.width)
  const { rowHeight } = options
  // Stable: the virtualizer recomputes every row's position when it changes.
  const estimate = typeof rowHeight === 'number' ? () => rowHeight : (index: number) => rowHeight(index, width.value)
  /** Where the rows start inside the scroller. */
  const margin = ref(0)

  function measureStart(): void {
    const list = start?.value
    const scroll = scroller.value
    if (!list || !scroll) return
    margin.value = Math.round(list.getBoundingClientRect().top - scroll.getBoundingClientRect().top + scroll.scrollTop)
    const newWidth = list.clientWidth || width.value
    if (newWidth !== width.value) {
      width.value = newWidth
      // Rows not yet measured wrap differently now: estimate them again.
      if (options.measured) remeasure()
    }
  }
  if (start) {
    // In the next frame, where the browser lays the page out anyway: read in the task that mounts the
    // list, the offset forced that layout there (with 16,667 quota cards, tens of ms at CPU ×2). Until
    // then the rows start at 0, which renders the rows in view and a few more.
    watch(
      [virtual, start, scroller],
      async () => {
        await nextTick()
        if (!virtual.value) return
        if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => {
            if (virtual.value) measureStart()
          })
        else measureStart()
      },
      { immediate: true },
    )
  }
  // A narrower or wider scroller rewraps what is above the rows and moves them. Only the scroller is
  // observed (its size does not follow the rows once they overflow it), and the measuring waits for
  // the next frame: measuring inside the rows' own resize notifications would loop.
  useResizeObserver(
    () => (virtual.value ? scroller.value : undefined),
    (entries) => {
      const height = entries[0]?.contentRect.height
      if (height) viewportHeight.value = height
      if (start) requestAnimationFrame(measureStart)
    },
  )

  if (options.engine === 'arithmetic') return arithmeticList(options, { virtual, viewportHeight, width, overscan, estimate })

  const measureElement = measureFromEntry(estimate)
  const virtualizer = useVirtualizer(
    computed(() => {
      // A new range function per kept row: the virtualizer memoizes on it, and must re-run.
      const keep = options.keep?.()
      return {
        count: virtual.value ? options.count() : 0,
        getScrollElement: () => scroller.value ?? null,
        estimateSize: estimate,
        overscan,
        scrollMargin: margin.value,
        scrollPaddingStart: options.stickyStart ? margin.value : 0,
        initialRect,
        observeElementRect: observeElementRectAfterLayout,
        scrollToFn: elementScrollAfterLayout,
        ...(options.itemKey ? { getItemKey: options.itemKey } : {}),
        ...(options.measured ? { measureElement } : {}),
        rangeExtractor: (range: Range) => {
          const indices = defaultRangeExtractor(range)
          const first = indices[0] ?? 0
          const last = indices.at(-1) ?? -1
          return keep === undefined ? indices : withKept(first, last, keep, range.count)
        },
      }
    }),
  )
  function remeasure(): void {
    if (virtual.value) virtualizer.value.measure()
  }

  const rows = computed<VirtualRow[]>(() => {
    if (!virtual.value) return Array.from({ length: options.count() }, (_, index) => ({ index, size: estimate(index) }))
    return virtualizer.value.getVirtualItems().map((item) => ({ index: item.index, top: item.start - margin.value, size: item.size }))
  })
  const totalSize = computed(() => (virtual.value ? virtualizer.value.getTotalSize() : 0))
  return {
    virtual,
    rows,
    indices: computed(() => rows.value.map((row) => row.index)),
    totalSize,
    padding: computed(() => flowPadding(virtual.value, rows.value, totalSize.value)),
    viewportHeight,
    width,
    scrollToIndex(index, align = 'auto') {
      if (virtual.value) virtualizer.value.scrollToIndex(index, { align })
    },
    scrollToOffset(offset) {
      virtualizer.value.scrollToOffset(offset)
    },
    measureElement(el) {
      if (virtual.value && options.measured && el instanceof HTMLElement) virtualizer.value.measureElement(el)
    },
    remeasure,
  }
}

/** Options of {@link useVirtualTableRows}. */
export interface VirtualTableRowsOptions {
  /** How many body rows the table has. */
  count: () => number
  /** The element that scrolls the table (it holds the caption and header too). */
  scroller: Ref<HTMLElement | undefined>
  /** The table body: rows are counted from its top. */
  body: Ref<HTMLElement | undefined>
  /** A row's height, in px (one line of text). */
  rowHeight: number
  /** Tables with more rows than this are virtual; smaller ones render every row. */
  virtualFrom: number
}

/**
 * {@link useVirtualList} for a long `<table>` (a 50,000-line paste; a 10,000-point timeline): the rendered
 * rows flow between two spacer rows ({@link VirtualList.padding}) that keep the scroll height, and rows
 * scrolled to stop below the sticky header row. The table keeps its semantics: the template sets
 * `aria-rowcount` on the table (rows + the header row) and `aria-rowindex` on each row, so a screen reader
 * still hears "row 2,501 of 50,001". Rows are not measured (measuring re-derives every row's position,
 * O(rows), per measured row: ~100 ms at 50,000 rows); a row taller than the estimate (a wrapped value)
 * shifts the rows below it a little instead of overlapping them.
 */
export function useVirtualTableRows(options: VirtualTableRowsOptions): VirtualList {
  return useVirtualList({
    count: options.count,
    enabled: () => options.count() > options.virtualFrom,
    scroller: options.scroller,
    start: options.body,
    stickyStart: true,
    rowHeight: options.rowHeight,
    overscan: 10,
    initialRect: { width: 720, height: 600 },
  })
}
