/**
 * Starting a page's chunk download only after the shell's first paint. The shell paints the page
 * frame (heading and lead, App.vue) from the main chunk; were the route's chunk, its CSS and the
 * fonts it pulls already on the wire, the browser would paint no sooner, yet Lighthouse's simulated
 * slow 4G counts every request that finished before the paint as holding it (FCP 1.8 →
 * 3.1 s on /graphql). The cost is one frame, once per tab.
 */
import { loadWithin } from '@/shared/core/lazy'
import { yieldToEventLoop } from '@/shared/core/yield'

let painted: Promise<void> | undefined

/**
 * Resolves once the browser has shown its first paint after the app mounted. Where Paint Timing is
 * supported, that is the `first-contentful-paint` entry's report, which comes after the frame
 * reached the screen (the shell's heading is in it). The task after the frame, used before, could
 * run before the frame was presented: in 2 of 5 Lighthouse runs on / the route's chunk and the web
 * fonts then started 2–21 ms before the observed FCP, and the simulated LCP counted them (1.99 s
 * instead of 1.53 s). Without Paint Timing, and should the entry never come (a first frame with no
 * text), it resolves in the task after the next frame (`requestAnimationFrame` runs before a
 * paint; a task queued from it runs after), `presentedTimeoutMs` later when Paint Timing was awaited.
 *
 * A tab that is hidden runs no frames, so there it resolves after `timeoutMs` (or when the tab is
 * hidden later, before its first frame). A visible tab always waits for its frame: a timer there can
 * fire first when the first frame comes late (a slow shell mount) and put the route's chunks on the
 * wire before the paint, which this module exists to avoid (Lighthouse runs where the chunks had
 * finished before the first paint had LCP ~3.2 s instead of ~1.9 s). Every later call resolves at once.
 * @param timeoutMs - the wait in a hidden tab. @default 100
 * @param presentedTimeoutMs - the wait for the paint entry after the frame. @default 1000
 */
export function afterFirstPaint(timeoutMs = 100, presentedTimeoutMs = 1000): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    let observer: PerformanceObserver | undefined
    const done = () => {
      observer?.disconnect()
      document.removeEventListener('visibilitychange', ifHidden)
      resolve()
    }
    const ifHidden = () => {
      if (document.visibilityState === 'hidden') done()
    }
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) done()
      })
      observer.observe({ type: 'paint', buffered: true })
      requestAnimationFrame(() => setTimeout(done, presentedTimeoutMs))
    } else {
      requestAnimationFrame(() => setTimeout(done, 0))
    }
    setTimeout(ifHidden, timeoutMs)
    document.addEventListener('visibilitychange', ifHidden)
  })
  return painted
}

/**
 * A lazy route component whose download waits for {@link afterFirstPaint}. Once its chunk has been
 * evaluated, the page mounts in a new task: evaluating the GraphQL page's chunk and mounting the page
 * had been one long task. A download that has not come within `timeoutMs` fails the
 * navigation, which the shell shows with Try again (route-load-failure.ts), as it does a download
 * that failed: a hanging one left the page busy, or a header link doing nothing, for good.
 * (The notice names the page from its route; the error's own message is never shown.)
 * @param load - the dynamic import, e.g. `() => import('./Page.vue')`
 * @param timeoutMs - how long the download may take. @default 30_000
 */
export function loadAfterFirstPaint<T>(load: () => Promise<T>, timeoutMs = 30_000): () => Promise<T> {
  return async () => {
    await afterFirstPaint()
    const loaded = await loadWithin(load, timeoutMs, "A page's code")
    await yieldToEventLoop()
    return loaded
  }
}
