/**
 * TanStack Virtual's `scrollToFn` option for an element, without the write of offset 0 the virtualizer
 * makes as it attaches to its scroller.
 *
 * The default (`elementScroll` in @tanstack/virtual-core 3.x) calls `scrollTo` each time, and the
 * virtualizer's first call comes in the task that mounts the list, to put the new scroller where it
 * believes it is (0). `scrollTo` lays out the page first, with the list just inserted: 46 ms of the
 * 125 ms task that mounted 16,667 quota cards at CPU ×2, and 20 ms of the header table's mount
 * (`scripts/bench/rate-limit-quotas.ts --profile`). A scroller is at 0 when it is made, so that write
 * is left out; should the element have been scrolled already (one reused by a list that became
 * virtual), it is put at 0 in the next animation frame, where the layout is due anyway, unless it
 * was scrolled in between (a scroll event came): then it stays where it was scrolled to. Every other
 * write (a row scrolled to, an offset, a write of 0 later on) goes through at once, as before.
 */
import { elementScroll, type Virtualizer } from '@tanstack/vue-virtual'

/** The element each virtualizer last wrote to: a write to another one is its first after attaching. */
const attachedTo = new WeakMap<Virtualizer<HTMLElement, Element>, { element: HTMLElement; writes: number }>()

/** `scrollToFn` for {@link Virtualizer}: TanStack's `elementScroll`, less the attaching write of 0 (see the module's comment). */
export function elementScrollAfterLayout(offset: number, options: { adjustments?: number; behavior?: ScrollBehavior }, instance: Virtualizer<HTMLElement, Element>): void {
  const element = instance.scrollElement
  const seen = attachedTo.get(instance)
  if (!element || seen?.element === element) {
    if (seen) seen.writes++
    elementScroll(offset, options, instance)
    return
  }
  const state = { element, writes: 0 }
  attachedTo.set(instance, state)
  const frame = instance.targetWindow?.requestAnimationFrame
  if (offset + (options.adjustments ?? 0) !== 0 || options.behavior === 'smooth' || !frame) {
    elementScroll(offset, options, instance)
    return
  }
  // Scrolled since by anything else (the user, focus moving to a row, scrollIntoView): that place stands.
  // Under load the frame can come after such a scroll, which it used to undo.
  let scrolled = false
  const onScroll = () => (scrolled = true)
  element.addEventListener('scroll', onScroll, { passive: true, once: true })
  frame.call(instance.targetWindow, () => {
    element.removeEventListener('scroll', onScroll)
    // Written to since, scrolled since, or detached: that place stands.
    if (state.writes > 0 || scrolled || instance.scrollElement !== element) return
    const at = instance.options.horizontal ? element.scrollLeft : element.scrollTop
    if (at !== 0) elementScroll(0, {}, instance)
  })
}
