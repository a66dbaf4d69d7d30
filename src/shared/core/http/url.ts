/**
 * URL facts a browser tool has to reason about without reading the page's own address (core code
 * gets the page origin passed in, which also makes these rules testable).
 */

/**
 * Parses an absolute URL, returning `undefined` instead of throwing. (`URL.parse` would do, but it
 * is missing from Node 20 and Safari before 18.)
 */
export function parseUrl(value: string, base?: string): URL | undefined {
  try {
    return new URL(value, base)
  } catch {
    return undefined
  }
}

/**
 * Whether a host counts as "potentially trustworthy" for mixed content: browsers let an https page
 * fetch `http://localhost`, `http://127.x.x.x`, `http://[::1]` and `*.localhost`, so those must not
 * be reported as mixed content. This is also the app's one "runs on this machine" check (the demo
 * endpoint and receiver are offered only then).
 *
 * @param hostname - `URL.hostname` / `location.hostname` (IPv6 in brackets, as they give it; the bare
 *   `::1` is accepted too). Case and a trailing dot are ignored.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]' ||
    host === '::1'
  )
}

/**
 * Whether fetching `target` from a page at `pageOrigin` is blocked as mixed content: an https page
 * requesting plain http from a host that is not loopback.
 *
 * @param target - the request URL.
 * @param pageOrigin - the page's origin or any URL on it (e.g. `location.origin`);
 *   `undefined` means unknown, which never counts as mixed content.
 */
export function isMixedContent(target: URL | string, pageOrigin: string | undefined): boolean {
  if (pageOrigin === undefined) return false
  const page = parseUrl(pageOrigin)
  const url = typeof target === 'string' ? parseUrl(target) : target
  if (!page || !url) return false
  return page.protocol === 'https:' && url.protocol === 'http:' && !isLoopbackHost(url.hostname)
}

/**
 * Whether a URL points somewhere a browser could plausibly reach over the network: http(s) with a
 * dotted domain name, an IP literal or a loopback name. Single-label names (`http://api`) and
 * reserved test TLDs are not, so a failure there is more likely a typo than CORS.
 */
export function looksReachable(target: URL | string): boolean {
  const url = typeof target === 'string' ? parseUrl(target) : target
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false
  const host = url.hostname.toLowerCase()
  if (isLoopbackHost(host)) return true
  if (host.startsWith('[')) return true
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(host)) return true
  const labels = host.replace(/\.$/, '').split('.')
  if (labels.length < 2) return false
  const tld = labels.at(-1) ?? ''
  // RFC 2606 reserved names never resolve on the public internet.
  return !['invalid', 'test', 'example', 'local'].includes(tld) && /^[a-z][a-z0-9-]*$|^xn--/.test(tld)
}

/** Whether two URLs share an origin (same scheme, host and port): then CORS cannot be the cause. */
export function sameOrigin(a: URL | string, b: URL | string | undefined): boolean {
  if (b === undefined) return false
  const ua = typeof a === 'string' ? parseUrl(a) : a
  const ub = typeof b === 'string' ? parseUrl(b) : b
  return !!ua && !!ub && ua.origin === ub.origin && ua.origin !== 'null'
}
