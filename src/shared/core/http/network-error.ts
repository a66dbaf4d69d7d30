/**
 * Page JavaScript cannot see why a fetch failed: CORS refusals, DNS failures, refused connections
 * and mixed-content blocks all reject with the same TypeError. We infer the likeliest cause from
 * what we do know (online flag, page origin, URL), most specific first.
 */
import { isMixedContent, looksReachable, sameOrigin } from './url'

/** The inferred cause of a network error. */
export type LikelyCause = 'cors' | 'offline' | 'mixed-content' | 'unknown'

/** What {@link likelyNetworkCause} knows about the environment. */
export interface NetworkContext {
  /** `navigator.onLine`, passed in by the caller. @default true */
  online?: boolean
  /** The page's origin (`location.origin`). @default undefined */
  pageOrigin?: string
}

/**
 * Infers why `fetch(url)` threw `error`:
 * 1. `offline` when the browser says it is offline;
 * 2. `mixed-content` for http: from an https page (a non-loopback host);
 * 3. `cors` when the error is fetch's TypeError, the URL looks reachable (http(s), a real-looking
 *    host) and is cross-origin — an endpoint that works from a terminal but fails here is almost
 *    always missing CORS headers;
 * 4. `unknown` otherwise (same origin, single-label host, non-TypeError).
 */
export function likelyNetworkCause(error: unknown, url: string, context: NetworkContext = {}): LikelyCause {
  if (context.online === false) return 'offline'
  if (isMixedContent(url, context.pageOrigin)) return 'mixed-content'
  const isTypeError = error instanceof TypeError || (error instanceof Error && error.name === 'TypeError')
  if (isTypeError && looksReachable(url) && !sameOrigin(url, context.pageOrigin)) return 'cors'
  return 'unknown'
}
