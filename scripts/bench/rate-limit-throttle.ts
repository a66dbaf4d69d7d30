/**
 * Benchmark of the generated throttle plans (not a test: figures are printed, never asserted). For each
 * path of the demo rate-limit policy server, the plan generated from its policies (plain fetch, p-limit,
 * Bottleneck; Octokit, one after another, on the GitHub-like paths) makes `--count` requests in its own Node process, called one after another (sequential) and
 * all at once (concurrent, the plan paces them); printed: 429s met, time to the last send, and the
 * throughput as a share of
 * - the policy's fastest no-429 schedule (the issue's figure, target ≥ 90 %), which sends a window's quota
 *   in no time — no client can;
 * - the fastest schedule this machine allows under the policy: the same, with the client's own ceiling as
 *   one more quota (one request per 1/ceiling s). Where the ceiling is below the policy, this says how well
 *   the plan paces, the first how fast the machine is.
 * The ceilings, measured first: back-to-back requests per second of one client with no limit at all
 * (GET /health), one at a time and 16 in flight, bare and through one Bottleneck limiter (its local store
 * yields to the event loop several times per job: at the demo's 200 requests a second Bottleneck itself can
 * be the limit). The load average is printed before and after: on a busy machine the figures say as much about it.
 *
 *   npx tsx scripts/bench/rate-limit-throttle.ts [--count 1000] [--runs 1] [--modes sequential,concurrent] [--clients fetch,p-limit,bottleneck]
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { DEMO_POLICIES, GITHUB_LIKE_POLICIES, startRateLimitPolicyServer } from '../../demo/rate-limit-policy-server.ts'
import { runGeneratedClient, type RunnerMode } from '../../demo/throttle-plan-run.ts'
import { DEFAULT_MAX_CONCURRENT, fastestSchedule, type RatePolicy, type ThrottleClient } from '../../src/features/rate-limits/core/policy/index.ts'

const arg = (name: string) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? process.argv[at + 1] : undefined
}
const COUNT = Number(arg('--count')) || 1000
const RUNS = Number(arg('--runs')) || 1
const COST: Record<string, number> = { '/two-quotas': 10 }
const MODES = (arg('--modes') ?? 'sequential,concurrent').split(',') as RunnerMode[]
const CLIENTS = (arg('--clients') ?? 'fetch,p-limit,bottleneck').split(',') as ThrottleClient[]
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ')

/**
 * Back-to-back requests per second of one Node client (no pacing, no limit): one at a time, or `inFlight` at
 * once; `viaBottleneck`: each request scheduled through one Bottleneck limiter with nothing but maxConcurrent.
 */
async function clientCeiling(url: string, count: number, viaBottleneck: boolean, inFlight = 1): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'throttle-ceiling-'))
  try {
    const send = `(await fetch(${JSON.stringify(url)})).arrayBuffer()`
    const run = viaBottleneck
      ? `const b = new Bottleneck({ maxConcurrent: ${inFlight} }); const one = () => b.schedule(async () => ${send})`
      : `let free = ${inFlight}; const wake = []; const one = async () => { while (free === 0) await new Promise((r) => wake.push(r)); free--; try { await ${send} } finally { free++; wake.shift()?.() } }`
    const script = `import Bottleneck from 'bottleneck'; ${run}; await fetch(${JSON.stringify(url)}); const t = Date.now(); await Promise.all(Array.from({ length: ${count} }, one)); console.log(Date.now() - t)`
    await writeFile(join(dir, 'ceiling.mjs'), script)
    await symlink(fileURLToPath(new URL('../../node_modules', import.meta.url)), join(dir, 'node_modules'), 'dir')
    const { stdout } = await promisify(execFile)(process.execPath, [join(dir, 'ceiling.mjs')])
    return (count * 1000) / Number(stdout)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The client's ceiling as one more quota: one request per 1/ceiling s (a requests quota: costs count 1). */
const machine = (perSecond: number): RatePolicy => ({ kind: 'gcra', name: 'machine', emissionIntervalMs: 1000 / perSecond, burstToleranceMs: 0 })
const pct = (ratio: number) => `${(ratio * 100).toFixed(1)} %`

const { origin, server } = await startRateLimitPolicyServer(0)
console.log(`Load average before: ${load()}`)
const ceilings: Record<string, number> = {}
for (const [name, viaBottleneck, inFlight] of [['sequential', false, 1], ['concurrent', false, DEFAULT_MAX_CONCURRENT], ['sequential bottleneck', true, 1], ['concurrent bottleneck', true, DEFAULT_MAX_CONCURRENT]] as const) {
  ceilings[name] = await clientCeiling(`${origin}/health`, COUNT, viaBottleneck, inFlight)
  console.log(`Ceiling, one client with no limit, ${inFlight} in flight${viaBottleneck ? ', through one Bottleneck limiter' : ''}: ${Math.round(ceilings[name] ?? 0)} requests/s`)
}
for (const client of CLIENTS) {
  for (const mode of MODES) {
    const ceiling = ceilings[client === 'bottleneck' ? `${mode} bottleneck` : mode] ?? Infinity
    console.log(`Generated throttle plan, ${client === 'fetch' ? 'plain fetch' : client}, called ${mode === 'sequential' ? 'one after another' : 'all at once'} (ceiling ${Math.round(ceiling)} requests/s):`)
    for (const path of Object.keys(DEMO_POLICIES)) {
      const cost = COST[path] ?? 1
      const policies = DEMO_POLICIES[path] ?? []
      for (let run = 0; run < RUNS; run++) {
        await fetch(`${origin}/reset`, { method: 'POST' })
        const result = await runGeneratedClient(`${origin}${path}?cost=${cost}`, policies, COUNT, cost, client, mode)
        const stats = (await (await fetch(`${origin}/stats`)).json()) as Record<string, { denied: number }>
        const ms = result.lastSentAt - result.startedAt
        const ideal = result.idealLastAt - result.startedAt
        const bound = (fastestSchedule([...policies, machine(ceiling)], COUNT, cost, result.startedAt).at(-1) ?? result.startedAt) - result.startedAt
        const fails = Object.entries(result.statuses).filter(([status]) => status !== '200')
        console.log(
          `${path.padEnd(12)} ${COUNT} requests: ${stats[path]?.denied ?? '?'} × 429${fails.length ? ` (${fails.map(([s, n]) => `${n} × ${s}`).join(', ')})` : ''}, ` +
            `last sent at ${ms} ms (policy's fastest ${Math.round(ideal)} ms, with this ceiling ${Math.round(bound)} ms) → ${pct(result.ratio)} of the policy's maximum, ${pct(bound / ms)} of the machine's`,
        )
      }
    }
  }
}
console.log('Generated throttle plan, Octokit (@octokit/core + @octokit/plugin-throttling), called one after another, on the GitHub-like paths:')
for (const [path, policies] of Object.entries(GITHUB_LIKE_POLICIES)) {
  for (let run = 0; run < RUNS; run++) {
    await fetch(`${origin}/reset`, { method: 'POST' })
    const result = await runGeneratedClient(`${origin}${path}`, policies, COUNT, 1, 'octokit')
    const fails = Object.entries(result.statuses).filter(([status]) => status !== '200')
    console.log(
      `${path.padEnd(12)} ${COUNT} requests: ${result.throttled} × 429${fails.length ? ` (${fails.map(([s, n]) => `${n} × ${s}`).join(', ')})` : ''}, ` +
        `${result.endedAt - result.startedAt} ms (fastest schedule ${Math.round(result.idealLastAt - result.startedAt)} ms) → ${pct(result.ratio)} of the policy's maximum`,
    )
  }
}
console.log(`Load average after: ${load()}`)
server.close()
