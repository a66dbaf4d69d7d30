/**
 * Loading the browser's locale data on a worker thread, so the page's first `Intl` formatter does
 * not load it on the main thread.
 *
 * The first `Intl` object a page makes costs 15–40 ms (120–250 ms at 4× CPU, see
 * `src/shared/core/lazy.ts`); later ones about 1 ms. That first one came inside work the user was
 * waiting for: the first rows of a 5 MB GraphQL response (18–48 ms of the render that shows them,
 * counting the JSON tree's rows) and the first subscription's Send. ICU's locale data is loaded
 * once per renderer process and shared by its threads: with a worker having made a formatter first,
 * the page's first number formatter took 0.0–0.1 ms and its first date formatter 2–6 ms, even after
 * the worker had ended (measured in Chromium, Playwright, 2026-11-26). Engines that keep the data
 * per thread lose nothing but a small worker's start.
 */

let started = false

/**
 * Starts, once per page, a worker that makes an `Intl` number and date formatter and ends. Does
 * nothing where workers are unavailable; a worker that cannot start (a CSP without `'self'` in
 * `worker-src`) only means the page loads the data itself, as it would have anyway.
 * @returns the worker, until it has ended; `undefined` when none was started by this call.
 */
export function startIntlWarmup(): Worker | undefined {
  if (started || typeof Worker === 'undefined') return undefined
  started = true
  try {
    const worker = new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), { type: 'module', name: 'intl-warmup' })
    worker.onmessage = () => worker.terminate()
    worker.onerror = (event) => {
      event.preventDefault()
      worker.terminate()
    }
    return worker
  } catch {
    return undefined
  }
}
