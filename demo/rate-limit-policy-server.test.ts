import type { Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { parseRateLimitHeaders } from '../src/features/rate-limits/core/parse.ts'
import { startRateLimitPolicyServer, type PolicyServerOptions } from './rate-limit-policy-server.ts'

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** A server whose clock the test moves. */
async function start(options: PolicyServerOptions = {}) {
  const clock = { t: Date.UTC(2026, 10, 28, 12, 0, 0) }
  const started = await startRateLimitPolicyServer(0, { now: () => clock.t, ...options })
  server = started.server
  return { origin: started.origin, clock }
}
const headerText = (res: Response) => [...res.headers].map(([name, value]) => `${name}: ${value}`).join('\n')

describe('rate-limit policy server', () => {
  it('/fixed: 200 times 200, then 429 with Retry-After until the second ends, then 200 again', async () => {
    const { origin, clock } = await start()
    for (let i = 0; i < 200; i++) expect((await fetch(`${origin}/fixed`)).status).toBe(200)
    clock.t += 400
    const denied = await fetch(`${origin}/fixed`)
    expect(denied.status).toBe(429)
    expect(Object.fromEntries(denied.headers)).toMatchObject({ 'retry-after': '1', 'retry-after-ms': '600', ratelimit: '"second";r=0;t=1', 'ratelimit-policy': '"second";q=200;w=1', 'x-ratelimit-remaining': '0' })
    expect(await denied.json()).toMatchObject({ allowed: false, binding: 'second', retryAfterMs: 600 })
    const report = parseRateLimitHeaders(`HTTP/1.1 429\n${headerText(denied)}`, new Date(clock.t))
    expect(report.retryAfter?.seconds).toBe(0.6)
    clock.t += 600
    expect((await fetch(`${origin}/fixed`, { method: 'POST', body: 'x' })).status).toBe(200)
    expect(await (await fetch(`${origin}/stats`)).json()).toMatchObject({ '/fixed': { allowed: 201, denied: 1 } })
  })
  it('/two-quotas: the cost goes to the tokens quota, which binds and is named', async () => {
    const { origin } = await start()
    expect((await fetch(`${origin}/two-quotas?cost=1500`)).status).toBe(200)
    const denied = await fetch(`${origin}/two-quotas?cost=600`)
    expect(denied.status).toBe(429)
    // 500 tokens left, 100 more at 1500/s: 67 ms; the requests quota has 199 left.
    expect(await denied.json()).toMatchObject({ binding: 'tokens', retryAfterMs: 100 / 1.5 })
    expect(denied.headers.get('ratelimit')).toBe('"requests";r=199;t=1, "tokens";r=500;t=1')
    expect(denied.headers.get('retry-after-ms')).toBe('67')
    expect((await fetch(`${origin}/two-quotas?cost=lots`)).status).toBe(400)
  })
  it('each path enforces its own model; /reset starts afresh; an unknown path lists the known ones', async () => {
    const { origin } = await start()
    const passes = async (path: string, n: number) => {
      let ok = 0
      for (let i = 0; i < n; i++) if ((await fetch(`${origin}${path}`)).ok) ok++
      return ok
    }
    expect(await passes('/bucket', 250)).toBe(200)
    expect(await passes('/gcra', 250)).toBe(200)
    expect(await passes('/sliding', 250)).toBe(200)
    await fetch(`${origin}/reset`, { method: 'POST' })
    expect(await passes('/bucket', 1)).toBe(1)
    const missing = await fetch(`${origin}/nope`)
    expect(missing.status).toBe(404)
    expect((await missing.json()).error).toContain('/two-quotas')
    expect(Object.keys(await (await fetch(`${origin}/policies`)).json())).toEqual(['/fixed', '/sliding', '/bucket', '/gcra', '/two-quotas', '/github'])
  })
  it('/github answers as GitHub does: X-RateLimit-* of the primary on every response; the secondary only when exceeded (429, retry-after, its message); the primary exceeded: 429 with remaining 0', async () => {
    const { origin, clock } = await start()
    clock.t += 100 // 100 ms into the 5 s window: the primary resets at its end
    const first = await fetch(`${origin}/github`)
    expect(Object.fromEntries(first.headers)).toMatchObject({ 'x-ratelimit-limit': '300', 'x-ratelimit-remaining': '299', 'x-ratelimit-used': '1', 'x-ratelimit-reset': String((clock.t - 100 + 5000) / 1000), 'x-ratelimit-resource': 'core' })
    expect(first.headers.get('ratelimit')).toBeNull()
    const report = parseRateLimitHeaders(`HTTP/2 200\n${headerText(first)}`, new Date(clock.t))
    expect(report.quotas.map((q) => [q.family, q.resource, q.remaining])).toEqual([['github', 'core', 299]])
    const ok = async (n: number, init?: RequestInit, query = '') => {
      for (let i = 0; i < n; i++) expect((await fetch(`${origin}/github${query}`, init)).status).toBe(200)
    }
    await ok(29)
    const secondary = await fetch(`${origin}/github`)
    expect(secondary.status).toBe(429)
    expect(secondary.headers.get('retry-after')).toBe('1')
    expect(secondary.headers.get('x-ratelimit-remaining')).toBe('270')
    expect((await secondary.json()).message).toMatch(/^You have exceeded a secondary rate limit/)
    // 30 a half second (its secondary) until the primary's 300 are spent, 4.6 s into its window.
    for (let slot = 1; slot < 10; slot++) {
      clock.t += 500
      await ok(30)
    }
    const primary = await fetch(`${origin}/github`)
    expect(primary.status).toBe(429)
    expect(primary.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(primary.headers.get('retry-after')).toBeNull()
    expect((await primary.json()).message).toMatch(/^API rate limit exceeded/)
    // The next window: writes cost 5 points, so 6 fill the secondary.
    clock.t += 500
    await ok(6, { method: 'POST' }, '?cost=5')
    expect((await fetch(`${origin}/github?cost=5`, { method: 'POST' })).status).toBe(429)
    expect(await (await fetch(`${origin}/stats`)).json()).toMatchObject({ '/github': { allowed: 306, denied: 3 } })
  })
  it('CORS: loopback origins get the rate-limit headers exposed; others and --no-cors get no Access-Control-* at all', async () => {
    const { origin } = await start()
    const local = await fetch(`${origin}/gcra`, { headers: { Origin: 'http://localhost:5173' } })
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(local.headers.get('access-control-expose-headers')).toContain('RateLimit-Policy')
    expect(local.headers.get('access-control-expose-headers')).toContain('Retry-After')
    const preflight = await fetch(`${origin}/gcra`, { method: 'OPTIONS', headers: { Origin: 'http://127.0.0.1:4173', 'Access-Control-Request-Method': 'POST' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST')
    const foreign = await fetch(`${origin}/gcra`, { headers: { Origin: 'https://example.com' } })
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    server?.close()
    const plain = await start({ cors: false })
    const none = await fetch(`${plain.origin}/gcra`, { headers: { Origin: 'http://localhost:5173' } })
    expect([...none.headers.keys()].filter((name) => name.startsWith('access-control'))).toEqual([])
  })
})
