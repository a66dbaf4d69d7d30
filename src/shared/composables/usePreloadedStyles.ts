import { type Component, getCurrentInstance, h, onMounted, render } from 'vue'

/** Options of {@link usePreloadedStyles}. */
export interface PreloadedStylesOptions {
  /**
   * Runs the preload when the page has nothing else to do.
   * @default `requestIdleCallback` (at most 2 s away), or `setTimeout` where there is none
   */
  whenIdle?: (run: () => void) => void
}

const whenIdleByDefault = (run: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 })
  else setTimeout(run, 200)
}

/**
 * Mounts each component once, outside the document, once the page is idle, and unmounts it at
 * once: so the style sheet Naive UI adds to `<head>` on a component's first mount (`useStyle`, which
 * never removes it) is there before a user's action first shows that component.
 *
 * Why: a new style sheet makes the browser work out the style of every element of the page again.
 * The first Send on /graphql showed the page's first NTag (the status badge) and, with the
 * response, its first NRadio (the body view): their sheets were added in the click's task and in the
 * response's, each making those tasks restyle the whole page (docs/performance.md).
 *
 * Call it in the setup of the component whose later states show those components.
 * @param components - components whose styles the page needs later, rendered without props
 */
export function usePreloadedStyles(components: readonly Component[], options: PreloadedStylesOptions = {}): void {
  const appContext = getCurrentInstance()?.appContext ?? null
  const whenIdle = options.whenIdle ?? whenIdleByDefault
  onMounted(() =>
    whenIdle(() => {
      const host = document.createElement('div')
      for (const component of components) {
        const vnode = h(component)
        vnode.appContext = appContext
        render(vnode, host)
        render(null, host)
      }
    }),
  )
}
