/**
 * Benchmark of the generated throttle plans (not a test: figures are printed, never asserted). Each run also prints the holds the plan made (a RateLimit r=0 it did not expect holds a quota for the header's whole-second t) and the 1-minute load average when it ended. For each
 * path of the demo rate-limit policy server, the plan generated from its policies (plain fetch, p-limit,
 * Bottleneck; Octokit on the GitHub-like paths) makes `--count` requests in its own Node process, called one after another (sequential) and
 * all at once (concurrent, the plan paces them); printed: 429s met, time to the last send, and the
 * throughput as a share of
 * - the policy's fastest no-429 schedule (the issue's figure, target ≥ 90 %), which sends a window's quota
 *   in no time — no client can;
 * - the fastest schedule this machine allows under the policy: the same, with the client's own ceiling as
 *   one more quota (one request per 1/ceiling s). Where the ceiling is below the policy, this says how well
 *   the plan paces, the first how fast the machine is.
 * The ceilings, measured first: back-to-back requests per second of one client with no limit at all
 * (GET /health), one at a time and 16 in flight, bare and through one Bottleneck limiter (its local store
 * yields to the event loop several times per job: at the demo's 200 requests a second a job per request would
 * make Bottleneck itself the limit; the Bottleneck plan gives it one job per batch, so its ceiling is the bare one). The load average is printed before and after: on a busy machine the figures say as much about it.
 *
 * `--rate N` scales every demo policy to N requests a second (default 200, the demo server's; the /two-quotas
 * tokens quota in proportion): where a client library's own ceiling on this machine is below 200 a second, the
 * run at a rate under its ceiling says how well its plan paces. The GitHub-like path keeps its own rate.
 *
 *   npx tsx scripts/bench/rate-limit-throttle.ts [--count 1000] [--runs 1] [--rate 200] [--modes sequential,concurrent] [--clients fetch,p-limit,bottleneck,octokit]
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
const CLIENTS = (arg('--clients') ?? 'fetch,p-limit,bottleneck,octokit').split(',') as ThrottleClient[]
const RATE = Number(arg('--rate')) || 200
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ')
/** The last minute's load average, printed beside each run: a run's figure moves with the load while it ran. */
const load1 = () => (loadavg()[0] ?? 0).toFixed(1)

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

/** A demo policy at `RATE` requests a second instead of 200 (a window's limit, a bucket's size and refill, GCRA's interval). */
function scaled(p: RatePolicy): RatePolicy {
  const f = RATE / 200
  switch (p.kind) {
    case 'fixed-window':
    case 'sliding-window':
      return { ...p, limit: Math.round(p.limit * f) }
    case 'token-bucket':
      return { ...p, capacity: Math.round(p.capacity * f), refillPerSecond: p.refillPerSecond * f }
    case 'gcra': {
      const burst = Math.round((1 + p.burstToleranceMs / p.emissionIntervalMs) * f)
      return { ...p, emissionIntervalMs: p.emissionIntervalMs / f, burstToleranceMs: ((burst - 1) * p.emissionIntervalMs) / f }
    }
  }
}
const POLICIES = Object.fromEntries(Object.entries(DEMO_POLICIES).map(([path, list]) => [path, list.map(scaled)]))

const { origin, server } = await startRateLimitPolicyServer(0, { policies: POLICIES })
console.log(`Demo policies at ${RATE} requests a second (the demo server's: 200)${RATE === 200 ? '' : ', the GitHub-like path at its own 60'}`)
console.log(`Load average before: ${load()}`)
const ceilings: Record<string, number> = {}
for (const [name, viaBottleneck, inFlight] of [['sequential', false, 1], ['concurrent', false, DEFAULT_MAX_CONCURRENT], ['sequential bottleneck', true, 1], ['concurrent bottleneck', true, DEFAULT_MAX_CONCURRENT]] as const) {
  ceilings[name] = await clientCeiling(`${origin}/health`, COUNT, viaBottleneck, inFlight)
  console.log(`Ceiling, one client with no limit, ${inFlight} in flight${viaBottleneck ? ', through one Bottleneck limiter' : ''}: ${Math.round(ceilings[name] ?? 0)} requests/s`)
}
for (const client of CLIENTS.filter((c) => c !== 'octokit')) {
  for (const mode of MODES) {
    // The Bottleneck plan gives Bottleneck one job per batch of up to 16 requests, not one per request: its
    // ceiling is the plain client's (the bare-limiter figures above are what a job per request would allow).
    const ceiling = ceilings[mode] ?? Infinity
    console.log(`Generated throttle plan, ${client === 'fetch' ? 'plain fetch' : client}, called ${mode === 'sequential' ? 'one after another' : 'all at once'} (ceiling ${Math.round(ceiling)} requests/s):`)
    for (const path of Object.keys(POLICIES)) {
      const cost = COST[path] ?? 1
      const policies = POLICIES[path] ?? []
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
            `last sent at ${ms} ms (policy's fastest ${Math.round(ideal)} ms, with this ceiling ${Math.round(bound)} ms) → ${pct(result.ratio)} of the policy's maximum, ${pct(bound / ms)} of the machine's; ${result.held} holds, load ${load1()}`,
        )
      }
    }
  }
}
for (const mode of CLIENTS.includes('octokit') ? MODES : []) {
  console.log(`Generated throttle plan, Octokit (@octokit/core + @octokit/plugin-throttling), called ${mode === 'sequential' ? 'one after another' : 'all at once'}, on the GitHub-like paths (ceiling ${Math.round(ceilings.sequential ?? 0)} requests/s: the plan sends one at a time):`)
  for (const [path, policies] of Object.entries(GITHUB_LIKE_POLICIES)) {
    for (let run = 0; run < RUNS; run++) {
      await fetch(`${origin}/reset`, { method: 'POST' })
      const result = await runGeneratedClient(`${origin}${path}`, policies, COUNT, 1, 'octokit', mode)
      const stats = (await (await fetch(`${origin}/stats`)).json()) as Record<string, { denied: number }>
      const ms = result.lastSentAt - result.startedAt
      const bound = (fastestSchedule([...policies, machine(ceilings.sequential ?? Infinity)], COUNT, 1, result.startedAt).at(-1) ?? result.startedAt) - result.startedAt
      const fails = Object.entries(result.statuses).filter(([status]) => status !== '200')
      console.log(
        `${path.padEnd(12)} ${COUNT} requests: ${stats[path]?.denied ?? '?'} × 429${fails.length ? ` (${fails.map(([s, n]) => `${n} × ${s}`).join(', ')})` : ''}, ` +
          `last sent at ${ms} ms (policy's fastest ${Math.round(result.idealLastAt - result.startedAt)} ms, with this ceiling ${Math.round(bound)} ms) → ${pct(result.ratio)} of the policy's maximum, ${pct(bound / ms)} of the machine's; ${result.held} holds, load ${load1()}`,
      )
    }
  }
}
console.log(`Load average after: ${load()}`)
server.close()
