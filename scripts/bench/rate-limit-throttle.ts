/**
 * Benchmark of the generated throttle plans (not a test: figures are printed, never asserted). For each
 * path of the demo rate-limit policy server, the plan generated from its policies (plain fetch, p-limit, Bottleneck; Octokit
 * on the GitHub-like paths) makes
 * `--count` requests in its own Node process; printed: 429s met, time taken, and the throughput as a share
 * of the policy's fastest no-429 schedule (target ≥ 90 %). Also printed: how fast one client can send
 * back-to-back requests with no limit at all (GET /health) — a ceiling the bursts of a fixed or sliding
 * window run into, since the fastest schedule sends a window's quota in no time — and the same through a
 * bare Bottleneck limiter, the ceiling of the Bottleneck plan (its local store yields to the event loop
 * several times per job, so at the demo's 200 requests a second Bottleneck itself is the limit). The load average is
 * printed before and after: on a busy machine the figures say as much about it.
 *
 *   npx tsx scripts/bench/rate-limit-throttle.ts [--count 1000] [--runs 1]
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { DEMO_POLICIES, GITHUB_LIKE_POLICIES, startRateLimitPolicyServer } from '../../demo/rate-limit-policy-server.ts'
import { runGeneratedClient } from '../../demo/throttle-plan-run.ts'

const arg = (name: string) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? process.argv[at + 1] : undefined
}
const COUNT = Number(arg('--count')) || 1000
const RUNS = Number(arg('--runs')) || 1
const COST: Record<string, number> = { '/two-quotas': 10 }
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ')

/**
 * Back-to-back requests per second of one sequential Node client (no pacing, no limit); `viaBottleneck`:
 * each request scheduled through one Bottleneck limiter with nothing but maxConcurrent 1 (its own cost per job).
 */
async function clientCeiling(url: string, count: number, viaBottleneck = false): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'throttle-ceiling-'))
  try {
    const send = `(await fetch(${JSON.stringify(url)})).arrayBuffer()`
    const script = viaBottleneck
      ? `import Bottleneck from 'bottleneck'; const b = new Bottleneck({ maxConcurrent: 1 }); const t = Date.now(); for (let i = 0; i < ${count}; i++) await b.schedule(async () => ${send}); console.log(Date.now() - t)`
      : `const t = Date.now(); for (let i = 0; i < ${count}; i++) await ${send}; console.log(Date.now() - t)`
    await writeFile(join(dir, 'ceiling.mjs'), script)
    await symlink(fileURLToPath(new URL('../../node_modules', import.meta.url)), join(dir, 'node_modules'), 'dir')
    const { stdout } = await promisify(execFile)(process.execPath, [join(dir, 'ceiling.mjs')])
    return (count * 1000) / Number(stdout)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

const { origin, server } = await startRateLimitPolicyServer(0)
console.log(`Load average before: ${load()}`)
console.log(`One sequential client, no limit: ${Math.round(await clientCeiling(`${origin}/health`, COUNT))} requests/s`)
console.log(`The same through one Bottleneck limiter (maxConcurrent 1 only): ${Math.round(await clientCeiling(`${origin}/health`, COUNT, true))} requests/s`)
for (const client of ['fetch', 'p-limit', 'bottleneck'] as const) {
  console.log(`Generated throttle plan, ${client === 'fetch' ? 'plain fetch' : client}:`)
  for (const path of Object.keys(DEMO_POLICIES)) {
    const cost = COST[path] ?? 1
    for (let run = 0; run < RUNS; run++) {
      await fetch(`${origin}/reset`, { method: 'POST' })
      const result = await runGeneratedClient(`${origin}${path}?cost=${cost}`, DEMO_POLICIES[path] ?? [], COUNT, cost, client)
      const ms = result.endedAt - result.startedAt
      const ideal = result.idealLastAt - result.startedAt
      const fails = Object.entries(result.statuses).filter(([status]) => status !== '200')
      console.log(
        `${path.padEnd(12)} ${COUNT} requests: ${result.throttled} × 429${fails.length ? ` (${fails.map(([s, n]) => `${n} × ${s}`).join(', ')})` : ''}, ` +
          `${ms} ms (fastest schedule ${Math.round(ideal)} ms) → ${(result.ratio * 100).toFixed(1)} % of the policy's maximum`,
      )
    }
  }
}
console.log('Generated throttle plan, Octokit (@octokit/core + @octokit/plugin-throttling), on the GitHub-like paths:')
for (const [path, policies] of Object.entries(GITHUB_LIKE_POLICIES)) {
  for (let run = 0; run < RUNS; run++) {
    await fetch(`${origin}/reset`, { method: 'POST' })
    const result = await runGeneratedClient(`${origin}${path}`, policies, COUNT, 1, 'octokit')
    const fails = Object.entries(result.statuses).filter(([status]) => status !== '200')
    console.log(
      `${path.padEnd(12)} ${COUNT} requests: ${result.throttled} × 429${fails.length ? ` (${fails.map(([s, n]) => `${n} × ${s}`).join(', ')})` : ''}, ` +
        `${result.endedAt - result.startedAt} ms (fastest schedule ${Math.round(result.idealLastAt - result.startedAt)} ms) → ${(result.ratio * 100).toFixed(1)} % of the policy's maximum`,
    )
  }
}
console.log(`Load average after: ${load()}`)
server.close()
