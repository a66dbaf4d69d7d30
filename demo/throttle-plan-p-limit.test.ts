import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_POLICIES, startRateLimitPolicyServer } from './rate-limit-policy-server.ts'
import { RUN_COUNT, runEveryPath } from './throttle-plan-run.ts'

let server: Server
let origin: string
beforeAll(async () => ({ server, origin } = await startRateLimitPolicyServer(0)))
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('generated p-limit scheduler (p-limit queues, the quota copies pace), run in Node against the policy server', () => {
  it('makes 1,000 requests on each policy path with no 429', { timeout: 120_000 }, async () => {
    for (const { path, run, served } of await runEveryPath(origin, DEMO_POLICIES, 'p-limit', 'sequential')) {
      expect({ path, ...run }).toMatchObject({ path, statuses: { 200: RUN_COUNT }, throttled: 0 })
      expect({ path, ...served }).toEqual({ path, allowed: RUN_COUNT, denied: 0 })
    }
  })
})

describe('the generated p-limit scheduler called for the whole batch at once (Promise.all)', () => {
  it('makes 1,000 requests on each policy path with no 429, p-limit keeping several in flight', { timeout: 120_000 }, async () => {
    for (const { path, run, served } of await runEveryPath(origin, DEMO_POLICIES, 'p-limit', 'concurrent')) {
      expect({ path, ...run }).toMatchObject({ path, statuses: { 200: RUN_COUNT }, throttled: 0 })
      expect({ path, ...served }).toEqual({ path, allowed: RUN_COUNT, denied: 0 })
      expect(run.maxInFlight).toBeGreaterThan(1)
      expect(run.maxInFlight).toBeLessThanOrEqual(16)
    }
  })
})
