import { readonly, shallowRef } from 'vue'
import type { Router } from 'vue-router'
import { useAnnouncer } from '../shared/composables/useAnnouncer'

/** A page whose code could not be downloaded. */
export interface RouteLoadFailure {
  /** Where the failed navigation went: Try again goes there again. */
  readonly path: string
  /** What could not be loaded, as the start of a sentence: "The Webhook payload generator". */
  readonly what: string
}

const failure = shallowRef<RouteLoadFailure | null>(null)

/** How a page is named in "… could not be loaded". */
const pageWhat = (title: string): string => (title === 'Home' ? 'The home page' : `The ${title}`)

/**
 * Watches the router for pages whose code cannot be downloaded (offline without the service
 * worker's copy, or a tab opened before a deploy removed the old chunks). Vue Router then cancels
 * the navigation and says nothing: a click on a tool in the header did nothing at all, and a first
 * load kept the page busy for good. Now the failure is announced, and the shell shows it with Try
 * again (App.vue, `useRouteLoadFailure`). The app has no navigation guards, so an error in a
 * navigation is a page that could not be loaded. Call once, before the app mounts (main.ts).
 * @param router - the app's router
 */
export function watchRouteLoadFailures(router: Router): void {
  const { announce } = useAnnouncer()
  router.onError((_error, to) => {
    const again = failure.value?.path === to.fullPath
    failure.value = { path: to.fullPath, what: pageWhat(to.meta.title) }
    void announce(`${failure.value.what} could ${again ? 'still ' : ''}not be loaded.`)
  })
  router.afterEach((_to, _from, navigationFailure) => {
    if (!navigationFailure) failure.value = null
  })
}

/**
 * The page that could not be loaded, if any, and Try again.
 * @param router - the app's router
 */
export function useRouteLoadFailure(router: Router) {
  /**
   * Navigates to the failed page again. The notice stays until the page is in (its button keeps
   * focus meanwhile); then useRouteFocus moves focus to the page's heading, as after any navigation.
   */
  async function retry(): Promise<void> {
    const failed = failure.value
    // A failure again is shown and said by watchRouteLoadFailures.
    if (failed) await router.push(failed.path).catch(() => undefined)
  }
  return { failure: readonly(failure), retry }
}
