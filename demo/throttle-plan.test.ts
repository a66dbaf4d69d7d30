import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_POLICIES, startRateLimitPolicyServer, type PathStats } from './rate-limit-policy-server.ts'
import { runGeneratedClient, type ClientRun } from './throttle-plan-run.ts'

let server: Server
let origin: string
beforeAll(async () => ({ server, origin } = await startRateLimitPolicyServer(0)))
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** Requests per path, and the cost of each (the tokens of /two-quotas). */
const COUNT = 1000
const COST: Record<string, number> = { '/two-quotas': 10 }

describe('generated plain-fetch scheduler, run in Node against the policy server', () => {
  it('makes 1,000 requests on each policy path with no 429', { timeout: 55_000 }, async () => {
    const paths = Object.keys(DEMO_POLICIES)
    // One after the other: side by side, five clients on two shared cores measure the machine, not the plan.
    const runs: ClientRun[] = []
    for (const path of paths) {
      const cost = COST[path] ?? 1
      runs.push(await runGeneratedClient(`${origin}${path}?cost=${cost}`, DEMO_POLICIES[path] ?? [], COUNT, cost))
    }
    const stats = (await (await fetch(`${origin}/stats`)).json()) as Record<string, { allowed: number; denied: number }>
    paths.forEach((path, i) => {
      const run = runs[i]
      if (!run) throw new Error(`no run for ${path}`)
      // Throughput is reported, not asserted (the machine is shared): see scripts/bench/rate-limit-throttle.ts.
      console.log(`${path}: ${COUNT} requests in ${run.endedAt - run.startedAt} ms, ${(run.ratio * 100).toFixed(1)} % of the policy's fastest schedule`)
      expect(run).toMatchObject({ statuses: { 200: COUNT }, throttled: 0 })
      expect(stats[path]).toEqual({ allowed: COUNT, denied: 0 })
    })
  })
})

describe('generated plain-fetch scheduler called for the whole batch at once (Promise.all): it paces them', () => {
  it('makes 1,000 requests on each policy path with no 429, several in flight at once', { timeout: 90_000 }, async () => {
    await fetch(`${origin}/reset`, { method: 'POST' })
    const paths = Object.keys(DEMO_POLICIES)
    for (const path of paths) {
      const cost = COST[path] ?? 1
      const run = await runGeneratedClient(`${origin}${path}?cost=${cost}`, DEMO_POLICIES[path] ?? [], COUNT, cost, 'fetch', 'concurrent')
      console.log(`all at once ${path}: ${COUNT} requests, last sent at ${run.lastSentAt - run.startedAt} ms, ${(run.ratio * 100).toFixed(1)} % of the policy's fastest schedule, up to ${run.maxInFlight} in flight`)
      expect({ path, ...run }).toMatchObject({ path, statuses: { 200: COUNT }, throttled: 0 })
      // A window's quota leaves in a few round trips, not one request per round trip (at most the default 16 in flight).
      expect(run.maxInFlight).toBeGreaterThan(1)
      expect(run.maxInFlight).toBeLessThanOrEqual(16)
    }
    const stats = (await (await fetch(`${origin}/stats`)).json()) as Record<string, PathStats>
    for (const path of paths) expect({ path, ...stats[path] }).toEqual({ path, allowed: COUNT, denied: 0 })
  })
})

describe('a quota shared with another client', () => {
  it('the scheduler meets what it did not expect (r=0, 429), waits it out (retry-after-ms) and every request ends 200', { timeout: 30_000 }, async () => {
    await fetch(`${origin}/reset`, { method: 'POST' })
    let running = true
    const run = runGeneratedClient(`${origin}/fixed`, DEMO_POLICIES['/fixed'] ?? [], 300).finally(() => (running = false))
    // The other client: about 100 requests a second on the same 200-a-second window while the run lasts.
    let other = 0
    while (running) {
      await fetch(`${origin}/fixed`)
      other++
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const result = await run
    console.log(`shared /fixed: 300 requests beside ${other} of another client, ${result.throttled} × 429 met and retried, ${result.held} holds on an unexpected r=0, ${result.endedAt - result.startedAt} ms`)
    expect(result.statuses).toEqual({ 200: 300 })
  })
  it('the same with all 300 called at once: every request ends 200', { timeout: 30_000 }, async () => {
    await fetch(`${origin}/reset`, { method: 'POST' })
    let running = true
    const run = runGeneratedClient(`${origin}/fixed`, DEMO_POLICIES['/fixed'] ?? [], 300, 1, 'fetch', 'concurrent').finally(() => (running = false))
    let other = 0
    while (running) {
      await fetch(`${origin}/fixed`)
      other++
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const result = await run
    console.log(`shared /fixed, all at once: 300 requests beside ${other} of another client, ${result.throttled} × 429 met and retried, ${result.held} holds, up to ${result.maxInFlight} in flight`)
    expect(result.statuses).toEqual({ 200: 300 })
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
