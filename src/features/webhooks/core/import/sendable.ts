/**
 * Which headers of a captured delivery a page can send again: not the ones the browser sets itself
 * (Fetch's forbidden request headers: Host, Content-Length, Origin, `Sec-*` …), and not the ones a
 * relay, proxy, CDN or the capturing browser added on the way (`X-Forwarded-*`, `Via`, `CF-*`, trace
 * ids …) — the provider did not send those, and each one a page adds is one more name the handler's
 * CORS preflight must allow.
 */
import { isForbiddenRequestHeader } from '@/shared/core/http/headers'

/** Headers added between the provider and the capture; none is a provider's own. */
const ADDED_ON_THE_WAY = /^(?:x-forwarded-[\w-]+|forwarded|x-real-ip|true-client-ip|x-client-ip|cf-[\w-]+|cdn-loop|x-amzn-trace-id|x-request-start|x-envoy-[\w-]+|x-vercel-[\w-]+|x-nf-[\w-]+|traceparent|tracestate|pragma|accept-language|priority)$/i

/** The headers to send and the names left out. */
export interface SendableHeaders {
  /** Header pairs in their order, one per name (a repeated name keeps its last value). */
  headers: [string, string][]
  /** Names left out, as written, each once. */
  leftOut: string[]
}

/**
 * Splits a captured delivery's headers into those a page sends again and those it leaves out.
 * @param pairs - header pairs as captured
 */
export function sendableHeaders(pairs: readonly (readonly [string, string])[]): SendableHeaders {
  const kept = new Map<string, [string, string]>()
  const leftOut = new Map<string, string>()
  for (const [name, value] of pairs) {
    const lower = name.toLowerCase()
    if (isForbiddenRequestHeader(lower) || ADDED_ON_THE_WAY.test(lower)) {
      if (!leftOut.has(lower)) leftOut.set(lower, name)
      continue
    }
    kept.delete(lower)
    kept.set(lower, [name, value])
  }
  return { headers: [...kept.values()], leftOut: [...leftOut.values()] }
}
