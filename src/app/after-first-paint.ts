/**
 * Starting a page's chunk download only after the shell's first paint. The shell paints the page
 * frame (heading and lead, App.vue) from the main chunk; were the route's chunk, its CSS and the
 * fonts it pulls already on the wire, the browser would paint no sooner, yet Lighthouse's simulated
 * slow 4G counts every request that finished before the paint as holding it (issue 16: FCP 1.8 →
 * 3.1 s on /graphql). The cost is one frame, once per tab.
 */

let painted: Promise<void> | undefined

/**
 * Resolves once the browser has painted after the app mounted: the frame after next
 * (`requestAnimationFrame` runs before a paint; a task queued from it runs after), or after
 * `timeoutMs` where no frames run (a tab opened in the background). Every later call resolves at once.
 * @param timeoutMs - the longest wait. @default 100
 */
export function afterFirstPaint(timeoutMs = 100): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0))
    setTimeout(resolve, timeoutMs)
  })
  return painted
}

/**
 * A lazy route component whose download waits for {@link afterFirstPaint}.
 * @param load - the dynamic import, e.g. `() => import('./Page.vue')`
 */
export function loadAfterFirstPaint<T>(load: () => Promise<T>): () => Promise<T> {
  return () => afterFirstPaint().then(load)
}
