import { nextTick, watch, type Ref } from 'vue'

/** An element, or a component instance (e.g. Naive's `NButton`) whose root element takes focus. */
export type FocusTarget = HTMLElement | { $el: HTMLElement } | null | undefined

const elementOf = (target: FocusTarget): HTMLElement | undefined => (target && '$el' in target ? target.$el : (target ?? undefined))

/**
 * Keeps keyboard focus in place when a control goes away: when `present()` turns false while `from`
 * has focus, `to` gets focus once the DOM has updated. Why: an element removed with focus on it
 * drops focus to `<body>`, and a keyboard or screen-reader user starts again from the top of the
 * page (WCAG 2.4.3). The case it was written for: a Cancel that exists only while a request runs,
 * removed when the request ends (cancelled, answered or failed), hands focus to Send beside it.
 * Call it in a component's setup: the watcher stops with the component.
 * @param present - whether `from` is shown (e.g. `() => store.sending`)
 * @param from - the control that goes away
 * @param to - the control that takes focus instead
 */
export function useFocusFallback(present: () => boolean, from: Ref<FocusTarget>, to: Ref<FocusTarget>): void {
  // Runs before the re-render that removes `from`, so its focus can still be read.
  watch(present, async (isPresent) => {
    if (isPresent) return
    const focused = elementOf(from.value)
    if (!focused || document.activeElement !== focused) return
    await nextTick()
    elementOf(to.value)?.focus()
  })
}
