/**
 * The demo rate-limit policy server: enforces one policy model (or several quotas at once) per path and
 * answers 200 or 429 with the headers a server with that policy sends (IETF `RateLimit`/`RateLimit-Policy`,
 * `X-RateLimit-*`, and on a 429 `Retry-After` and `retry-after-ms`). The generated client schedulers are run
 * against it; the windows are small (one second) so that a thousand requests take seconds.
 *
 *   npx tsx demo/rate-limit-policy-server.ts --port 4600 [--no-cors]
 *
 * Routes: any method on `/fixed`, `/sliding`, `/bucket`, `/gcra`, `/two-quotas` (`?cost=N`: the request's
 * cost in tokens or points, default 1; requests quotas count 1), and `/github` (GitHub's REST answers, see
 * {@link GITHUB_LIKE_POLICIES}), GET /policies (the policy of each path), GET /stats (allowed and denied per path),
 * POST /reset (fresh limiters), GET /health.
 *
 * CORS (unless --no-cors): loopback origins only; the rate-limit headers are exposed to the page.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { isLoopbackHost } from '../src/shared/core/http/url.ts'
import { createQuotasLimiter, policyHeaders, type QuotasDecision, type QuotasLimiter, type RatePolicy } from '../src/features/rate-limits/core/policy/index.ts'

/** The policies of each path: one second windows, about 200 requests a second. */
export const DEMO_POLICIES: Readonly<Record<string, readonly RatePolicy[]>> = {
  '/fixed': [{ kind: 'fixed-window', name: 'second', limit: 200, windowMs: 1000 }],
  '/sliding': [{ kind: 'sliding-window', name: 'second', limit: 200, windowMs: 1000 }],
  '/bucket': [{ kind: 'token-bucket', name: 'bucket', capacity: 200, refillPerSecond: 200 }],
  '/gcra': [{ kind: 'gcra', name: 'gcra', emissionIntervalMs: 5, burstToleranceMs: 995 }],
  '/two-quotas': [
    { kind: 'fixed-window', name: 'requests', limit: 200, windowMs: 1000 },
    { kind: 'token-bucket', name: 'tokens', unit: 'tokens', capacity: 2000, refillPerSecond: 1500 },
  ],
}

/**
 * Paths answered the way GitHub's REST API answers (docs.github.com, "Rate limits for the REST API"): a primary
 * quota reported by `x-ratelimit-limit`, `-remaining`, `-used`, `-reset` (Unix seconds) and `-resource` on every
 * response, nothing of the secondary limit until it is exceeded. Exceeded, both answer 429 with GitHub's JSON
 * `message` (which Octokit's throttling plugin reads): the primary with `x-ratelimit-remaining: 0`, the secondary
 * with `retry-after` (seconds) and "You have exceeded a secondary rate limit". Scaled down: a primary of 300
 * requests in 5 s windows (GitHub's: 5,000 an hour) and a secondary of 30 points in any 500 ms (GitHub's: 900 a
 * minute; GET costs 1 point, other methods 5 — `?cost=N` as on the other paths): 60 requests a second each, under
 * what one sequential Octokit client with the throttling plugin sends unpaced (74 a second, measured), so a client
 * that does not pace gets 429s.
 */
export const GITHUB_LIKE_POLICIES: Readonly<Record<string, readonly RatePolicy[]>> = {
  '/github': [
    { kind: 'fixed-window', name: 'core', limit: 300, windowMs: 5000 },
    { kind: 'sliding-window', name: 'secondary', unit: 'points', limit: 30, windowMs: 500 },
  ],
}

/** The headers and body GitHub sends for one decision (the first policy is the primary, the others secondary). */
function githubAnswer(decision: QuotasDecision, nowMs: number): { status: number; headers: Record<string, string>; body: unknown } {
  const [primary, ...secondary] = decision.quotas
  if (!primary) return { status: 500, headers: {}, body: { message: 'No policy.' } }
  const headers: Record<string, string> = {
    'x-ratelimit-limit': String(primary.limit),
    'x-ratelimit-remaining': String(primary.remaining),
    'x-ratelimit-used': String(primary.limit - primary.remaining),
    'x-ratelimit-reset': String(Math.ceil((nowMs + primary.resetMs) / 1000)),
    'x-ratelimit-resource': primary.name,
  }
  const documentation_url = 'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api'
  if (decision.allowed) return { status: 200, headers, body: { allowed: true } }
  if (!primary.allowed) {
    headers['x-ratelimit-remaining'] = '0'
    return { status: 429, headers, body: { message: 'API rate limit exceeded for user ID 1.', documentation_url } }
  }
  const wait = Math.max(0, ...secondary.filter((d) => !d.allowed).map((d) => d.retryAfterMs))
  headers['retry-after'] = String(Math.max(1, Math.ceil(wait / 1000)))
  return { status: 429, headers, body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.', documentation_url } }
}

/** The rate-limit response headers a page may read (CORS exposes only what is listed). */
export const EXPOSED_HEADERS = ['RateLimit', 'RateLimit-Policy', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Used', 'X-RateLimit-Reset', 'X-RateLimit-Resource', 'Retry-After', 'retry-after-ms']

/** Options of {@link createRateLimitPolicyServer}. */
export interface PolicyServerOptions {
  /** Path → policies (default {@link DEMO_POLICIES}). */
  policies?: Readonly<Record<string, readonly RatePolicy[]>>
  /** Path → policies answered as GitHub does (default {@link GITHUB_LIKE_POLICIES}). */
  githubPolicies?: Readonly<Record<string, readonly RatePolicy[]>>
  /** The clock, in epoch milliseconds (default Date.now). */
  now?: () => number
  /** Answer loopback origins' CORS requests (default true). */
  cors?: boolean
}

/** Counts per path since the start or the last reset. */
export interface PathStats {
  allowed: number
  denied: number
}

/** Creates (does not start) the server. */
export function createRateLimitPolicyServer(options: PolicyServerOptions = {}): Server {
  const github = options.githubPolicies ?? GITHUB_LIKE_POLICIES
  const policies = { ...(options.policies ?? DEMO_POLICIES), ...github }
  const now = options.now ?? Date.now
  const cors = options.cors ?? true
  let limiters = new Map<string, QuotasLimiter>()
  let stats = new Map<string, PathStats>()
  const reset = () => {
    limiters = new Map(Object.entries(policies).map(([path, list]) => [path, createQuotasLimiter(list)]))
    stats = new Map(Object.keys(policies).map((path) => [path, { allowed: 0, denied: 0 }]))
  }
  reset()

  const corsHeaders = (req: IncomingMessage): Record<string, string> => {
    const origin = req.headers.origin
    if (!cors || !origin) return {}
    const url = URL.canParse(origin) ? new URL(origin) : null
    const loopback = !!url && (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname)
    if (!loopback) return { Vary: 'Origin' }
    return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_HEADERS.join(', '), Vary: 'Origin' }
  }
  const reply = (req: IncomingMessage, res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers, ...corsHeaders(req) })
    res.end(JSON.stringify(body))
  }

  return createServer((req, res) => {
    const at = now()
    const url = new URL(req.url ?? '/', 'http://policy-server.invalid')
    // The request body is not needed; reading it lets a keep-alive connection carry the next request.
    req.resume()
    if (req.method === 'OPTIONS') {
      const allow = corsHeaders(req)
      const extra = allow['Access-Control-Allow-Origin'] ? { 'Access-Control-Allow-Methods': 'GET, POST', 'Access-Control-Allow-Headers': 'Content-Type', 'Access-Control-Max-Age': '600' } : {}
      res.writeHead(204, { ...allow, ...extra })
      res.end()
      return
    }
    if (url.pathname === '/health') return reply(req, res, 200, { ok: true, cors })
    if (url.pathname === '/policies') return reply(req, res, 200, policies)
    if (url.pathname === '/stats') return reply(req, res, 200, Object.fromEntries(stats))
    if (url.pathname === '/reset' && req.method === 'POST') {
      reset()
      return reply(req, res, 200, { reset: true })
    }
    const limiter = limiters.get(url.pathname)
    const counts = stats.get(url.pathname)
    if (!limiter || !counts) return reply(req, res, 404, { error: `No policy at ${url.pathname}; paths: ${[...limiters.keys()].join(', ')}.` })
    const costText = url.searchParams.get('cost') ?? '1'
    const cost = Number(costText)
    if (!/^\d+(?:\.\d+)?$/.test(costText) || !Number.isFinite(cost)) return reply(req, res, 400, { error: `cost must be a number ≥ 0 (got "${costText}").` })
    const decision = limiter.take(at, cost)
    if (decision.allowed) counts.allowed++
    else counts.denied++
    if (Object.hasOwn(github, url.pathname)) {
      const answer = githubAnswer(decision, at)
      return reply(req, res, answer.status, answer.body, answer.headers)
    }
    const headers = policyHeaders(decision.quotas, at)
    return decision.allowed
      ? reply(req, res, 200, { allowed: true, binding: decision.binding }, headers)
      : reply(req, res, 429, { allowed: false, binding: decision.binding, retryAfterMs: decision.retryAfterMs }, headers)
  })
}

/** Starts the server on 127.0.0.1 (port 0: any free port) and resolves to its origin. */
export async function startRateLimitPolicyServer(port: number, options: PolicyServerOptions = {}): Promise<{ origin: string; server: Server }> {
  const server = createRateLimitPolicyServer(options)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const { port: actual } = server.address() as AddressInfo
  return { origin: `http://127.0.0.1:${actual}`, server }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--port')
  const port = Number(at >= 0 ? process.argv[at + 1] : '4600')
  const cors = !process.argv.includes('--no-cors')
  const { origin } = await startRateLimitPolicyServer(port, { cors })
  console.log(`Rate-limit policy server${cors ? '' : ' (no CORS)'} on ${origin}: ${[...Object.keys(DEMO_POLICIES), ...Object.keys(GITHUB_LIKE_POLICIES)].join(', ')}`)
  const stop = () => process.exit(0)
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
