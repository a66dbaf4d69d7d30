import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_POLICIES, startRateLimitPolicyServer } from './rate-limit-policy-server.ts'
import { RUN_COUNT, runBesideAnotherClient, runEveryPath } from './throttle-plan-run.ts'

let server: Server
let origin: string
beforeAll(async () => ({ server, origin } = await startRateLimitPolicyServer(0)))
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('generated Bottleneck plan (the real bottleneck package paces, the headers hold), run in Node against the policy server', () => {
  it('makes 1,000 requests on each policy path with no 429', { timeout: 240_000 }, async () => {
    for (const { path, run, served } of await runEveryPath(origin, DEMO_POLICIES, 'bottleneck', 'sequential')) {
      expect({ path, ...run }).toMatchObject({ path, statuses: { 200: RUN_COUNT }, throttled: 0 })
      expect({ path, ...served }).toEqual({ path, allowed: RUN_COUNT, denied: 0 })
    }
  })
})

describe('generated Bottleneck plan called for the whole batch at once (Promise.all)', () => {
  it('makes 1,000 requests on each policy path with no 429, several in flight at once', { timeout: 180_000 }, async () => {
    for (const { path, run, served } of await runEveryPath(origin, DEMO_POLICIES, 'bottleneck', 'concurrent')) {
      expect({ path, ...run }).toMatchObject({ path, statuses: { 200: RUN_COUNT }, throttled: 0 })
      expect({ path, ...served }).toEqual({ path, allowed: RUN_COUNT, denied: 0 })
      expect(run.maxInFlight).toBeGreaterThan(1)
      expect(run.maxInFlight).toBeLessThanOrEqual(16)
    }
  })
})

describe('the Bottleneck plan and a quota shared with another client', () => {
  it('holds on what the server says is left and retries a 429 after retry-after-ms: every request ends 200', { timeout: 60_000 }, async () => {
    const { run } = await runBesideAnotherClient(origin, '/fixed', DEMO_POLICIES['/fixed'] ?? [], 'bottleneck', 'sequential')
    expect(run.statuses).toEqual({ 200: 300 })
  })
  it('the same with all 300 called at once: every request ends 200', { timeout: 60_000 }, async () => {
    const { run } = await runBesideAnotherClient(origin, '/fixed', DEMO_POLICIES['/fixed'] ?? [], 'bottleneck', 'concurrent')
    expect(run.statuses).toEqual({ 200: 300 })
  })
})
