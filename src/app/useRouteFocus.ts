import { nextTick } from 'vue'
import type { Router } from 'vue-router'
import { documentTitle } from './router'
import { useAnnouncer } from '../shared/composables/useAnnouncer'

/**
 * After each navigation: sets the document title, and — except on the first load, where focus
 * belongs at the top of the page — moves focus to the new page's `h1` and announces the page,
 * because a client-side route change is otherwise silent for screen-reader users. A first page
 * that could not be loaded (route-load-failure.ts) makes the next navigation the user's own (Try
 * again), so that one moves focus too.
 * @param router - the app's router
 * @param options.headingSelector - where the page heading is. @default '#main h1'
 */
export function useRouteFocus(router: Router, options: { headingSelector?: string } = {}): void {
  const selector = options.headingSelector ?? '#main h1'
  const { announce } = useAnnouncer()
  let firstLoad = true
  router.onError(() => (firstLoad = false))

  router.afterEach(async (to, from, failure) => {
    if (failure) return
    document.title = documentTitle(to.meta.title)
    const wasFirstLoad = firstLoad
    firstLoad = false
    if (wasFirstLoad || to.path === from.path) return
    await nextTick()
    const heading = document.querySelector<HTMLElement>(selector)
    if (heading) {
      heading.setAttribute('tabindex', '-1')
      heading.focus({ preventScroll: true })
    }
    void announce(`${to.meta.title} page`)
  })
}
