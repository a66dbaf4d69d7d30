import { computed, nextTick, ref, watch, type Ref } from 'vue'
import { useVirtualizer } from '@tanstack/vue-virtual'
import { observeElementRectAfterLayout } from '@/shared/ui/observe-element-rect'

/** Options of {@link useVirtualRows}. */
export interface VirtualRowsOptions {
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
 * Virtual rows for a long `<table>` (a 50,000-line paste; a 10,000-point timeline): only the
 * rows in and near the scroller's view are in the DOM, between two spacer rows that keep the scroll height, so a
 * table of any length renders in a few ms. The table keeps its semantics: the template sets `aria-rowcount` on the
 * table ({@link VirtualRows.ariaRowCount}) and `aria-rowindex` on each row, so a screen reader still hears
 * "row 2,501 of 50,001". With @tanstack/vue-virtual, at a fixed estimated row height: rows are not measured
 * (measuring re-derives every row's position, O(rows), per measured row: ~100 ms at 50,000 rows), and since the
 * rendered rows flow between the spacers, a row taller than the estimate (a wrapped value) shifts the rows
 * below it a little instead of overlapping them.
 */
export function useVirtualRows(options: VirtualRowsOptions) {
  const virtual = computed(() => options.count() > options.virtualFrom)
  /** Where the body starts inside the scroller (below the caption and header row). */
  const margin = ref(0)
  const virtualizer = useVirtualizer(
    computed(() => ({
      count: virtual.value ? options.count() : 0,
      getScrollElement: () => options.scroller.value ?? null,
      estimateSize: () => options.rowHeight,
      overscan: 10,
      scrollMargin: margin.value,
      // Rows scrolled to stop below the sticky header row, not under it.
      scrollPaddingStart: margin.value,
      // Before the scroller is measured, assume a screenful so the first rows paint at once.
      initialRect: { width: 720, height: 600 },
      // The size after the next layout, not forced in the mounting task (observe-element-rect.ts).
      observeElementRect: observeElementRectAfterLayout,
    })),
  )
  watch(
    [virtual, options.body],
    async () => {
      await nextTick()
      const scroll = options.scroller.value
      const body = options.body.value
      if (!virtual.value || !scroll || !body) return
      margin.value = Math.round(body.getBoundingClientRect().top - scroll.getBoundingClientRect().top + scroll.scrollTop)
    },
    { immediate: true },
  )

  /** The indices of the rows to render (every row when the table is not virtual). */
  const indices = computed<number[]>(() => {
    if (!virtual.value) return Array.from({ length: options.count() }, (_, i) => i)
    return virtualizer.value.getVirtualItems().map((item) => item.index)
  })
  /** Heights of the spacer rows above and below the rendered ones, in px (0 when not virtual). */
  const padding = computed(() => {
    if (!virtual.value) return { top: 0, bottom: 0 }
    const items = virtualizer.value.getVirtualItems()
    const first = items[0]
    const last = items.at(-1)
    const total = virtualizer.value.getTotalSize() // already without the scroll margin
    if (!first || !last) return { top: 0, bottom: Math.max(0, total) }
    return { top: first.start - margin.value, bottom: Math.max(0, total - (last.end - margin.value)) }
  })
  /** Scrolls row `index` into view (for keyboard walks that select a row). */
  function scrollTo(index: number): void {
    if (virtual.value) virtualizer.value.scrollToIndex(index, { align: 'auto' })
  }
  return { virtual, indices, padding, scrollTo, ariaRowCount: computed(() => options.count() + 1) }
}

/** What {@link useVirtualRows} gives. */
export type VirtualRows = ReturnType<typeof useVirtualRows>
