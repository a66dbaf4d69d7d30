import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_POLICIES, startRateLimitPolicyServer, type PathStats } from './rate-limit-policy-server.ts'
import { RUN_COUNT, runBesideAnotherClient, runEveryPath } from './throttle-plan-run.ts'

let server: Server
let origin: string
beforeAll(async () => ({ server, origin } = await startRateLimitPolicyServer(0)))
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('generated plain-fetch scheduler, run in Node against the policy server', () => {
  it('makes 1,000 requests on each policy path with no 429', { timeout: 120_000 }, async () => {
    for (const { path, run, served } of await runEveryPath(origin, DEMO_POLICIES, 'fetch', 'sequential')) {
      expect({ path, ...run }).toMatchObject({ path, statuses: { 200: RUN_COUNT }, throttled: 0 })
      expect({ path, ...served }).toEqual({ path, allowed: RUN_COUNT, denied: 0 })
    }
  })
})

describe('generated plain-fetch scheduler called for the whole batch at once (Promise.all): it paces them', () => {
  it('makes 1,000 requests on each policy path with no 429, several in flight at once', { timeout: 120_000 }, async () => {
    for (const { path, run, served } of await runEveryPath(origin, DEMO_POLICIES, 'fetch', 'concurrent')) {
      expect({ path, ...run }).toMatchObject({ path, statuses: { 200: RUN_COUNT }, throttled: 0 })
      expect({ path, ...served }).toEqual({ path, allowed: RUN_COUNT, denied: 0 })
      // A window's quota leaves in a few round trips, not one request per round trip (at most the default 16 in flight).
      expect(run.maxInFlight).toBeGreaterThan(1)
      expect(run.maxInFlight).toBeLessThanOrEqual(16)
    }
  })
})

describe('a quota shared with another client', () => {
  it('the scheduler meets what it did not expect (r=0, 429), waits it out (retry-after-ms) and every request ends 200', { timeout: 60_000 }, async () => {
    const { run } = await runBesideAnotherClient(origin, '/fixed', DEMO_POLICIES['/fixed'] ?? [], 'fetch', 'sequential')
    expect(run.statuses).toEqual({ 200: 300 })
  })
  it('the same with all 300 called at once: every request ends 200', { timeout: 60_000 }, async () => {
    const { run } = await runBesideAnotherClient(origin, '/fixed', DEMO_POLICIES['/fixed'] ?? [], 'fetch', 'concurrent')
    expect(run.statuses).toEqual({ 200: 300 })
  })
})

describe('the same server without a scheduler', () => {
  // The server's clock stands still here, so the requests all arrive at one instant however the machine schedules
  // them: the counts are the policy's own, not a race between the client and a one-second burst.
  it('answers 429 to requests sent as fast as they go (so zero 429s above is the scheduler’s doing)', { timeout: 45_000 }, async () => {
    const still = await startRateLimitPolicyServer(0, { now: () => Date.UTC(2026, 0, 1) })
    try {
      for (const path of Object.keys(DEMO_POLICIES)) {
        const statuses = await Promise.all(Array.from({ length: 250 }, async () => (await fetch(`${still.origin}${path}`)).status))
        // Every policy here admits 200 at once (a 200 window, a 200 bucket, GCRA 1 + 995 / 5): the other 50 are refused.
        expect({ path, allowed: statuses.filter((s) => s === 200).length, denied: statuses.filter((s) => s === 429).length }).toEqual({ path, allowed: 200, denied: 50 })
      }
      const stats = (await (await fetch(`${still.origin}/stats`)).json()) as Record<string, PathStats>
      expect(Object.keys(DEMO_POLICIES).map((path) => stats[path])).toEqual(Object.keys(DEMO_POLICIES).map(() => ({ allowed: 200, denied: 50 })))
    } finally {
      await new Promise<void>((resolve) => still.server.close(() => resolve()))
    }
  })
})
