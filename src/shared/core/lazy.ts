/**
 * Values built, and chunks loaded, on first use instead of when their module loads. `lazy` was made for `Intl` formatters: the
 * first `Intl` object a page creates loads the browser's locale data: 120–250 ms under a 4× CPU slowdown
 * (measured in Chromium, the later ones cost ~1 ms), so a formatter created at module level
 * makes every page that imports it pay that while its chunk is evaluated — even when, as on the
 * empty rate-limit page, nothing is formatted yet.
 */

/**
 * A function returning the value of `create()`, called the first time it is needed and never again.
 * @param create - builds the value, e.g. `() => new Intl.NumberFormat('en-US')`.
 */
export function lazy<T>(create: () => T): () => T {
  let made = false
  let value: T | undefined
  return () => {
    if (!made) {
      value = create()
      made = true
    }
    return value as T
  }
}

/**
 * A function returning the promise of `load()`, started the first time it is needed and shared by
 * the calls after it, unless it failed: then the next call loads again. Made for a chunk that
 * several places wait for (a page's section and the component in it): a download that failed
 * offline, or after a deploy removed the chunk, must be tried again when the user asks, not answer
 * with the old failure (browsers do not keep a failed `import()` either).
 * @param load - starts the load, e.g. `() => import('./GraphQLEditor.vue')`.
 */
export function lazyLoad<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined
      throw error
    }))
}

/**
 * The promise of `load()`, rejected when it has not settled within `timeoutMs`: a chunk whose
 * request hangs (a stalled connection, a proxy holding it) then counts as failed, and the caller
 * shows it as such with Try again, instead of "loading" for good. A load that completes later is
 * not lost: the browser keeps the module, and the next try gets it.
 * @param load - starts the load, e.g. `() => import('./Page.vue')`.
 * @param timeoutMs - how long it may take, in ms.
 * @param what - what is loaded, for the error's message: "The curl import dialog".
 */
export function loadWithin<T>(load: () => Promise<T>, timeoutMs: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} was not downloaded within ${timeoutMs} ms`)), timeoutMs)
    load()
      .then(resolve, reject)
      .finally(() => clearTimeout(timer))
  })
}
