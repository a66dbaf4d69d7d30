import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GITHUB_LIKE_POLICIES, startRateLimitPolicyServer } from './rate-limit-policy-server.ts'
import { RUN_COUNT, runEveryPath, runGeneratedClient } from './throttle-plan-run.ts'

let server: Server
let origin: string
beforeAll(async () => ({ server, origin } = await startRateLimitPolicyServer(0)))
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('generated Octokit plan (@octokit/core + @octokit/plugin-throttling, real), run in Node against the policy server', () => {
  it('makes 1,000 octokit.request calls on the GitHub-like path (primary and secondary limits) with no 429', { timeout: 120_000 }, async () => {
    for (const { path, run, served } of await runEveryPath(origin, GITHUB_LIKE_POLICIES, 'octokit', 'sequential')) {
      expect({ path, ...run }).toMatchObject({ path, statuses: { 200: RUN_COUNT }, throttled: 0 })
      expect({ path, ...served }).toEqual({ path, allowed: RUN_COUNT, denied: 0 })
    }
  })
})

describe('the Octokit plan when another client shares the quota', () => {
  it('the throttling plugin retries the 429s the pacing could not foresee (onSecondaryRateLimit / onRateLimit): every request ends 200', { timeout: 60_000 }, async () => {
    await fetch(`${origin}/reset`, { method: 'POST' })
    const run = runGeneratedClient(`${origin}/github`, GITHUB_LIKE_POLICIES['/github'] ?? [], 300, 1, 'octokit')
    // For its first second, another client spends the secondary limit in bursts the plan cannot see coming.
    const until = Date.now() + 1000
    while (Date.now() < until) {
      await Promise.all(Array.from({ length: 60 }, async () => (await fetch(`${origin}/github`)).arrayBuffer()))
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const result = await run
    expect(result.statuses).toEqual({ 200: 300 })
    expect(result.throttled).toBeGreaterThan(0)
  })
})
