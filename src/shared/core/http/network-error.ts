/**
 * Why a request got no response. Page JavaScript cannot see it directly: a CORS refusal, a refused
 * connection, a name that does not resolve, an untrusted certificate, a redirect loop, a Local
 * Network Access refusal and a mixed-content block all reject fetch with the same TypeError
 * ("Failed to fetch"). {@link likelyNetworkCause} infers from what is known without asking the
 * network (online flag, page origin, URL); {@link diagnoseNetworkFailure} then decides by probes
 * whose answers the browser does expose (see its TSDoc for the facts each relies on).
 */
import { addressSpaceOf, localNetworkPermission, supportsTargetAddressSpace, withTargetAddressSpace, type LocalNetworkPermission, type TargetAddressSpace } from './address-space'
import { isMixedContent, looksReachable, parseUrl, sameOrigin } from './url'

/**
 * The cause of a network error:
 * - `unreachable`: no server answered (nothing listening, DNS, TLS, or a redirect loop the page cannot see);
 * - `cors`: a server answered, but the browser withheld the response (CORS headers missing or wrong);
 * - `redirect`: the server answers this URL with a redirect (never followed on a preflight; a loop fails);
 * - `local-network`: the user's Local Network Access permission refused a public page's request to a local address;
 * - `offline`, `mixed-content` (an http URL from an https page);
 * - `unknown`: none of these could be told (a non-network error, a break after the status line).
 */
export type LikelyCause = 'cors' | 'offline' | 'mixed-content' | 'unreachable' | 'redirect' | 'local-network' | 'unknown'

/** What {@link likelyNetworkCause} knows about the environment. */
export interface NetworkContext {
  /** `navigator.onLine`, passed in by the caller. @default true */
  online?: boolean
  /** The page's origin (`location.origin`). @default undefined */
  pageOrigin?: string
}

/** Whether `error` is fetch's network-failure TypeError (or graphql-sse's wrapper around one, by name). */
export function isFetchTypeError(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && error.name === 'TypeError')
}

/**
 * Infers why `fetch(url)` threw `error`, without asking the network:
 * 1. `offline` when the browser says it is offline;
 * 2. `mixed-content` for http: from an https page (a non-loopback host; not for a private address
 *    where the browser supports `targetAddressSpace`, which lifts the block once permitted);
 * 3. `cors` when the error is fetch's TypeError, the URL looks reachable (http(s), a real-looking
 *    host) and is cross-origin — the likeliest cause until a probe says otherwise;
 * 4. `unknown` otherwise (same origin, single-label host, non-TypeError).
 */
export function likelyNetworkCause(error: unknown, url: string, context: NetworkContext = {}): LikelyCause {
  if (context.online === false) return 'offline'
  // Local Network Access relaxes mixed content for a request that names its local target (sent so where supported).
  if (isMixedContent(url, context.pageOrigin) && !(addressSpaceOf(url) && supportsTargetAddressSpace())) return 'mixed-content'
  if (isFetchTypeError(error) && looksReachable(url) && !sameOrigin(url, context.pageOrigin)) return 'cors'
  return 'unknown'
}

/** What {@link diagnoseNetworkFailure} probes with. */
export interface NetworkProbe {
  /** The fetch to probe with. @default globalThis.fetch */
  fetch?: typeof fetch
  /** Reads the Local Network Access permission for an address space. @default localNetworkPermission */
  localNetworkPermission?: (space: TargetAddressSpace) => Promise<LocalNetworkPermission>
  /** How long one probe may take before it counts as no answer either way. @default 4000 */
  timeoutMs?: number
  /** Send `targetAddressSpace` on the probes (as the request was sent). @default feature-detected */
  targetAddressSpace?: boolean
}

type ProbeResult = Response | 'failed' | 'no-verdict'

async function probeOnce(doFetch: typeof fetch, url: string, init: RequestInit, timeoutMs: number): Promise<ProbeResult> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    return await doFetch(url, { ...init, signal: controller.signal })
  } catch (error) {
    return controller.signal.aborted || !isFetchTypeError(error) ? 'no-verdict' : 'failed'
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Decides why `fetch(url)` threw `error`, by asking the network what the page can see. After the
 * cheap checks of {@link likelyNetworkCause} (offline, mixed content) and only for fetch's TypeError
 * to an http(s) URL:
 *
 * 1. **Local Network Access** (Chrome 142+): a loopback or private-address target whose
 *    `local-network-access` permission is `denied` — or still `prompt` while the page itself is not
 *    on a local address (the prompt was dismissed) — is `local-network`. Chrome blocks such a request
 *    before any connection, so no probe below could tell anything. (A page on a loopback address is
 *    never asked for the permission, so `denied` there comes only from automation that denies
 *    every permission it does not list, as Playwright's `permissions` option does.)
 * 2. **Did any server answer?** A `no-cors` GET of the same origin and path (no credentials, no
 *    custom headers, no query, which may hold an operation): the Fetch standard lets a no-cors request
 *    through without any CORS check and hands the page an opaque response whenever an HTTP response
 *    arrived, whatever its status or headers. A TypeError again means no HTTP response at all:
 *    nothing listening (connection refused), a name that does not resolve, a TLS failure, or a
 *    redirect loop (no-cors follows redirects and fails after 20).
 * 3. **Is it a redirect?** A `cors` GET with `redirect: 'manual'`: a redirect response that carries
 *    CORS headers comes back as an `opaqueredirect` response (one without them is a TypeError, and
 *    then a redirect cannot be told from 1's other causes).
 *
 * Verdicts: a redirect seen in 3 → `redirect` (browsers never follow one on a preflight, and a loop
 * fails); a server answered in 2 → `cors` (`unknown` for the page's own origin, where CORS does not
 * apply); no answer → `unreachable`. A probe that does not settle within `timeoutMs` leaves the
 * heuristic's answer. The probes are two credential-less GETs to the endpoint the request already
 * went to; they carry no header or body of the request.
 */
export async function diagnoseNetworkFailure(error: unknown, url: string, context: NetworkContext = {}, probe: NetworkProbe = {}): Promise<LikelyCause> {
  const first = likelyNetworkCause(error, url, context)
  if (first === 'offline' || first === 'mixed-content' || !isFetchTypeError(error)) return first
  const target = parseUrl(url)
  if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:')) return first

  const space = addressSpaceOf(target)
  if (space && !sameOrigin(target, context.pageOrigin)) {
    const permission = await (probe.localNetworkPermission ?? localNetworkPermission)(space)
    const page = context.pageOrigin === undefined ? undefined : parseUrl(context.pageOrigin)
    const pageIsPublic = page !== undefined && addressSpaceOf(page) === undefined
    if (permission === 'denied' || (permission === 'prompt' && pageIsPublic)) return 'local-network'
  }

  const doFetch = probe.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init))
  const timeoutMs = probe.timeoutMs ?? 4000
  const probeUrl = `${target.origin}${target.pathname}`
  const base = (init: RequestInit) => (probe.targetAddressSpace === false ? init : withTargetAddressSpace(probeUrl, init, probe.targetAddressSpace))
  const [answered, redirect] = await Promise.all([
    probeOnce(doFetch, probeUrl, base({ method: 'GET', mode: 'no-cors', credentials: 'omit', cache: 'no-store', redirect: 'follow' }), timeoutMs),
    probeOnce(doFetch, probeUrl, base({ method: 'GET', mode: 'cors', credentials: 'omit', cache: 'no-store', redirect: 'manual' }), timeoutMs),
  ])
  if (typeof redirect !== 'string' && redirect.type === 'opaqueredirect') return 'redirect'
  if (answered === 'failed') return 'unreachable'
  if (answered === 'no-verdict') return first
  return sameOrigin(target, context.pageOrigin) ? 'unknown' : 'cors'
}
