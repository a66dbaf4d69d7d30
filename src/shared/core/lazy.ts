/**
 * Values built on first use instead of when their module loads. Made for `Intl` formatters: the
 * first `Intl` object a page creates loads the browser's locale data: 120–250 ms under a 4× CPU slowdown
 * (measured in Chromium for issue 16.1, the later ones cost ~1 ms), so a formatter created at module level
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
