import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_POLICIES, startRateLimitPolicyServer } from './rate-limit-policy-server.ts'
import { runGeneratedClient } from './throttle-plan-run.ts'

let server: Server
let origin: string
beforeAll(async () => ({ server, origin } = await startRateLimitPolicyServer(0)))
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const COUNT = 1000
const COST: Record<string, number> = { '/two-quotas': 10 }

describe('generated Bottleneck plan (the real bottleneck package paces, the headers hold), run in Node against the policy server', () => {
  it('makes 1,000 requests on each policy path with no 429', { timeout: 240_000 }, async () => {
    const paths = Object.keys(DEMO_POLICIES)
    for (const path of paths) {
      const cost = COST[path] ?? 1
      const run = await runGeneratedClient(`${origin}${path}?cost=${cost}`, DEMO_POLICIES[path] ?? [], COUNT, cost, 'bottleneck')
      // Throughput is reported, not asserted (the machine is shared): see scripts/bench/rate-limit-throttle.ts.
      console.log(`bottleneck ${path}: ${COUNT} requests in ${run.endedAt - run.startedAt} ms, ${(run.ratio * 100).toFixed(1)} % of the policy's fastest schedule, ${run.held} holds`)
      expect(run).toMatchObject({ statuses: { 200: COUNT }, throttled: 0 })
    }
    const stats = (await (await fetch(`${origin}/stats`)).json()) as Record<string, { allowed: number; denied: number }>
    for (const path of paths) expect(stats[path]).toEqual({ allowed: COUNT, denied: 0 })
  })
})

describe('generated Bottleneck plan called for the whole batch at once (Promise.all)', () => {
  it('makes 1,000 requests on each policy path with no 429, several in flight at once', { timeout: 120_000 }, async () => {
    await fetch(`${origin}/reset`, { method: 'POST' })
    const paths = Object.keys(DEMO_POLICIES)
    for (const path of paths) {
      const cost = COST[path] ?? 1
      const run = await runGeneratedClient(`${origin}${path}?cost=${cost}`, DEMO_POLICIES[path] ?? [], COUNT, cost, 'bottleneck', 'concurrent')
      console.log(`bottleneck all at once ${path}: last sent at ${run.lastSentAt - run.startedAt} ms, ${(run.ratio * 100).toFixed(1)} % of the policy's fastest schedule, up to ${run.maxInFlight} in flight`)
      expect({ path, ...run }).toMatchObject({ path, statuses: { 200: COUNT }, throttled: 0 })
      expect(run.maxInFlight).toBeGreaterThan(1)
      expect(run.maxInFlight).toBeLessThanOrEqual(16)
    }
    const stats = (await (await fetch(`${origin}/stats`)).json()) as Record<string, { allowed: number; denied: number }>
    for (const path of paths) expect({ path, ...stats[path] }).toEqual({ path, allowed: COUNT, denied: 0 })
  })
})

describe('the Bottleneck plan and a quota shared with another client', () => {
  it('holds on what the server says is left and retries a 429 after retry-after-ms: every request ends 200', { timeout: 30_000 }, async () => {
    await fetch(`${origin}/reset`, { method: 'POST' })
    let running = true
    const run = runGeneratedClient(`${origin}/fixed`, DEMO_POLICIES['/fixed'] ?? [], 300, 1, 'bottleneck').finally(() => (running = false))
    while (running) {
      await fetch(`${origin}/fixed`)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const result = await run
    expect(result.statuses).toEqual({ 200: 300 })
  })
  it('the same with all 300 called at once: every request ends 200', { timeout: 30_000 }, async () => {
    await fetch(`${origin}/reset`, { method: 'POST' })
    let running = true
    const run = runGeneratedClient(`${origin}/fixed`, DEMO_POLICIES['/fixed'] ?? [], 300, 1, 'bottleneck', 'concurrent').finally(() => (running = false))
    while (running) {
      await fetch(`${origin}/fixed`)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const result = await run
    console.log(`bottleneck shared /fixed, all at once: ${result.throttled} × 429 met and retried, ${result.held} holds`)
    expect(result.statuses).toEqual({ 200: 300 })
  })
})
