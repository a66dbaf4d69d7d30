/**
 * TanStack Virtual's `observeElementRect` option, without its first, synchronous read of the
 * scroll element's size.
 *
 * The default (`observeElementRect` in @tanstack/virtual-core 3.x,
 * https://github.com/TanStack/virtual/blob/main/packages/virtual-core/src/index.ts) reads
 * `clientWidth`/`clientHeight` as the virtualizer mounts. Mounted in the task of a click that has
 * just changed the page, that read forces style and layout of the whole page there and then: 11–12 ms
 * of the first subscription Send's 77–110 ms task (`npm run bench`, CPU profile). A
 * `ResizeObserver` reports the size once the browser's own layout has run, before that frame is
 * painted, so reading it there costs nothing; until then the virtualizer uses its `initialRect`.
 */
import { observeElementRect, type Rect, type Virtualizer } from '@tanstack/vue-virtual'

/**
 * Tells `cb` the scroll element's size (`clientWidth` × `clientHeight`, rounded, as TanStack's
 * default does) each time a `ResizeObserver` reports it, the first time after the next layout.
 * Without `ResizeObserver` (node tests) it is TanStack's default.
 * @returns the function that stops observing, as the option's contract asks.
 */
export function observeElementRectAfterLayout(instance: Virtualizer<HTMLElement, Element>, cb: (rect: Rect) => void): (() => void) | undefined {
  const element = instance.scrollElement
  const Observer = instance.targetWindow?.ResizeObserver
  if (!element || !Observer) return observeElementRect(instance, cb)
  const observer = new Observer(() => cb({ width: Math.round(element.clientWidth), height: Math.round(element.clientHeight) }))
  observer.observe(element, { box: 'content-box' })
  return () => observer.disconnect()
}
