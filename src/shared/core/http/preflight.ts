/**
 * CORS preflight facts: which request headers a browser announces in
 * `Access-Control-Request-Headers`, and a curl probe that replays the preflight so a user can see
 * what the server answers (page JavaScript never sees why a CORS request failed).
 */
import { type HeaderList, headerPairs, headerValueProblem, isHttpToken } from './headers'
import { shellQuote } from './shell'

/** Bytes that make a safelisted header value unsafe (Fetch "CORS-unsafe request-header byte"). */
const CORS_UNSAFE_BYTE = /[\u0000-\u0008\u000a-\u001f"():<>?@[\\\]{}\u007f]/

const SAFELISTED_CONTENT_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'])

/**
 * Whether a header is CORS-safelisted (Fetch standard), i.e. sent cross-origin without a
 * preflight. `Content-Type: application/json` is NOT safelisted, so every spec-style GraphQL POST
 * from a page is preflighted.
 */
export function isCorsSafelistedRequestHeader(name: string, value: string): boolean {
  if (value.length > 128) return false
  switch (name.toLowerCase()) {
    case 'accept':
      return !CORS_UNSAFE_BYTE.test(value)
    case 'accept-language':
    case 'content-language':
      return /^[0-9A-Z *,\-.;=]*$/i.test(value)
    case 'content-type': {
      if (CORS_UNSAFE_BYTE.test(value)) return false
      const essence = (value.split(';', 1)[0] ?? '').trim().toLowerCase()
      return SAFELISTED_CONTENT_TYPES.has(essence)
    }
    case 'range':
      return /^bytes=\d+-\d*$/.test(value)
    default:
      return false
  }
}

/**
 * The header names a browser lists in `Access-Control-Request-Headers` for these request headers:
 * the non-safelisted ones, lower-cased, de-duplicated and sorted, as Fetch specifies. The server's
 * `Access-Control-Allow-Headers` must cover every one of them.
 */
export function corsPreflightHeaderNames(headers: HeaderList): string[] {
  const names = new Set<string>()
  for (const [name, value] of headerPairs(headers)) {
    if (!isCorsSafelistedRequestHeader(name, value)) names.add(name.toLowerCase())
  }
  return [...names].sort()
}

/**
 * Whether a browser sends a preflight OPTIONS before this request: any method other than GET, HEAD
 * or POST, or any non-safelisted header.
 */
export function needsPreflight(method: string, headers: HeaderList): boolean {
  return !['GET', 'HEAD', 'POST'].includes(method) || corsPreflightHeaderNames(headers).length > 0
}

/** Options of {@link toPreflightCurl}. */
export interface PreflightCurlOptions {
  /**
   * Break the command into lines ending in ` \`.
   * @default false
   */
  multiline?: boolean
}

/**
 * A curl command that replays the browser's CORS preflight, printing the response headers (`-i`)
 * so the user can check `Access-Control-Allow-Origin`, `-Methods` and `-Headers`.
 *
 * @param url - the endpoint.
 * @param origin - the page's origin, sent as `Origin` (e.g. `https://workbench.example`).
 * @param method - the method of the real request. @default 'POST'
 * @param headerNames - names for `Access-Control-Request-Headers`; lower-cased, de-duplicated and
 *   sorted like a browser does; omitted from the probe when empty. Use {@link corsPreflightHeaderNames}.
 *   @default []
 * @throws RangeError for a method or header name that is not a token, or an origin with CR/LF/NUL.
 * @example
 * toPreflightCurl('https://api.example.com/graphql', 'https://app.example', 'POST', ['content-type', 'authorization'])
 * // curl -i -X OPTIONS 'https://api.example.com/graphql' -H 'Origin: https://app.example'
 * //   -H 'Access-Control-Request-Method: POST' -H 'Access-Control-Request-Headers: authorization,content-type'
 */
export function toPreflightCurl(
  url: string,
  origin: string,
  method = 'POST',
  headerNames: readonly string[] = [],
  options: PreflightCurlOptions = {},
): string {
  if (!isHttpToken(method)) throw new RangeError(`The method "${method}" is not an HTTP token.`)
  const problem = headerValueProblem(origin, { allowNonLatin1: true })
  if (problem) throw new RangeError(`Origin: ${problem.message}`)
  if (url.includes('\u0000') || /[\r\n]/.test(url)) throw new RangeError('The URL contains a line break or NUL.')
  for (const name of headerNames) {
    if (!isHttpToken(name)) throw new RangeError(`The header name "${name}" is not an HTTP token.`)
  }
  const names = [...new Set(headerNames.map((n) => n.toLowerCase()))].sort()

  const first = ['curl', '-i', '-X', 'OPTIONS']
  if (/[[\]{}]/.test(url)) first.push('-g')
  first.push(...(url.startsWith('-') ? ['--url', shellQuote(url)] : [shellQuote(url)]))
  const parts = [
    first.join(' '),
    `-H ${shellQuote(`Origin: ${origin}`)}`,
    `-H ${shellQuote(`Access-Control-Request-Method: ${method}`)}`,
  ]
  if (names.length > 0) parts.push(`-H ${shellQuote(`Access-Control-Request-Headers: ${names.join(',')}`)}`)
  return parts.join(options.multiline ? ' \\\n  ' : ' ')
}
