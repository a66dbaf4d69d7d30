import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GITHUB_LIKE_POLICIES, startRateLimitPolicyServer } from './rate-limit-policy-server.ts'
import { RUN_COUNT, runEveryPath, runGeneratedClient } from './throttle-plan-run.ts'

let server: Server
let origin: string
/** A second server for the run with every call at once, so the two runs go side by side on quotas of their own. */
let batchServer: Server
let batchOrigin: string
beforeAll(async () => {
  ;({ server, origin } = await startRateLimitPolicyServer(0))
  ;({ server: batchServer, origin: batchOrigin } = await startRateLimitPolicyServer(0))
})
afterAll(() => Promise.all([server, batchServer].map((each) => new Promise<void>((resolve) => each.close(() => resolve())))))

// The two runs wait on the policy's 60 requests a second far more than they compute: side by side, each on its own server.
describe.concurrent('generated Octokit plan (@octokit/core + @octokit/plugin-throttling, real), run in Node against the policy server', () => {
  it('makes 1,000 octokit.request calls on the GitHub-like path (primary and secondary limits) with no 429', { timeout: 120_000 }, async ({ expect }) => {
    for (const { path, run, served } of await runEveryPath(origin, GITHUB_LIKE_POLICIES, 'octokit', 'sequential')) {
      expect({ path, ...run }).toMatchObject({ path, statuses: { 200: RUN_COUNT }, throttled: 0 })
      expect({ path, ...served }).toEqual({ path, allowed: RUN_COUNT, denied: 0 })
    }
  })

  it('called for the whole batch at once (Promise.all): 1,000 octokit.request calls with no 429 (the pacing plugin lets them out one at a time)', { timeout: 120_000 }, async ({ expect }) => {
    for (const { path, run, served } of await runEveryPath(batchOrigin, GITHUB_LIKE_POLICIES, 'octokit', 'concurrent')) {
      expect({ path, ...run }).toMatchObject({ path, statuses: { 200: RUN_COUNT }, throttled: 0 })
      expect({ path, ...served }).toEqual({ path, allowed: RUN_COUNT, denied: 0 })
    }
  })
})

describe('the Octokit plan when another client shares the quota', () => {
  it('the throttling plugin retries the 429s the pacing could not foresee (onSecondaryRateLimit / onRateLimit): every request ends 200', { timeout: 60_000 }, async () => {
    await fetch(`${origin}/reset`, { method: 'POST' })
    let running = true
    const run = runGeneratedClient(`${origin}/github`, GITHUB_LIKE_POLICIES['/github'] ?? [], 300, 1, 'octokit').finally(() => (running = false))
    // The plan's process starts in its own time (seconds under load): the bursts begin once the server has
    // counted a request that is not the other client's, so the plan meets them whatever the machine's speed.
    let other = 0
    const planSent = async () => {
      const stats = (await (await fetch(`${origin}/stats`)).json()) as Record<string, { allowed: number; denied: number }>
      return (stats['/github']?.allowed ?? 0) + (stats['/github']?.denied ?? 0) - other
    }
    while (running && (await planSent()) === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    // For the plan's first second, another client spends the secondary limit in bursts the plan cannot see coming.
    const until = Date.now() + 1000
    while (running && Date.now() < until) {
      await Promise.all(Array.from({ length: 60 }, async () => (await fetch(`${origin}/github`)).arrayBuffer()))
      other += 60
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const result = await run
    expect(result.statuses).toEqual({ 200: 300 })
    expect(result.throttled).toBeGreaterThan(0)
  })
})
