/**
 * Runs a generated client scheduler for real: writes its code to a temporary folder, runs it in its own
 * Node process against a rate-limit policy server, and reads back what the client saw. Used by the
 * throttle-plan test (which asserts no 429) and its benchmark (which reports the throughput).
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { fastestSchedule, generateThrottlePlan, type RatePolicy, type ThrottleClient } from '../src/features/rate-limits/core/policy/index.ts'

/** What one run of a generated client saw. */
export interface ClientRun {
  /** Response count by status. */
  statuses: Record<string, number>
  /** 429s the scheduler met (each retried). */
  throttled: number
  /** Times a RateLimit r=0 it did not expect made it hold a quota. */
  held: number
  /** The most requests that were in flight at once (sent, headers not yet back). */
  maxInFlight: number
  /** Epoch ms of the first call, of the last request leaving the client, and of the last response. */
  startedAt: number
  lastSentAt: number
  endedAt: number
  /** The same requests sent by the fastest schedule that never gets a 429, from the same start: its last send. */
  idealLastAt: number
  /**
   * Ideal span / actual span, both from the first call to the last request sent (1 = as fast as the policy
   * allows). Sends against sends: the fastest schedule is a list of send times, so the client's last response
   * (one more round trip, the server's and the machine's time, not the pacing's) is left out of both.
   */
  ratio: number
}

/**
 * How the runner calls the plan: `sequential` awaits each request before calling the next (a loop of
 * `await throttled(url)`); `concurrent` calls all of them at once (`Promise.all`) and lets the plan pace
 * them, as a client with a batch of work does. A sequential client cannot send a window's quota at once,
 * which the fastest schedule of a fixed or sliding window does.
 */
export type RunnerMode = 'sequential' | 'concurrent'

const RUNNER = `
import { createThrottledFetch } from './throttle.mjs'
const [url, count, cost, mode] = process.argv.slice(2)
let lastSentAt = 0, inFlight = 0, maxInFlight = 0
const throttled = createThrottledFetch({
  fetch: async (input, init) => {
    lastSentAt = Date.now()
    maxInFlight = Math.max(maxInFlight, ++inFlight)
    try {
      return await fetch(input, init)
    } finally {
      inFlight--
    }
  },
})
const statuses = {}
const one = async () => {
  const response = await throttled(url, undefined, { cost: Number(cost) })
  statuses[response.status] = (statuses[response.status] ?? 0) + 1
  await response.arrayBuffer()
}
// Node loads its fetch (undici) on the first call: done here, on the server's /health, not on the clock.
await fetch(new URL('/health', url)).then((response) => response.arrayBuffer())
const startedAt = Date.now()
if (mode === 'concurrent') await Promise.all(Array.from({ length: Number(count) }, one))
else for (let i = 0; i < Number(count); i++) await one()
console.log(JSON.stringify({ statuses, throttled: throttled.stats.throttled, held: throttled.stats.held, maxInFlight, startedAt, lastSentAt, endedAt: Date.now() }))
`

/**
 * The Octokit plan's runner: an Octokit with the plan's plugins, the server's origin as its baseUrl, `count`
 * `octokit.request('GET <path>')`, one after another or all at once (a `?cost=` in the URL is passed on as the
 * request's parameter). A request Octokit finally rejects counts under its status.
 */
const OCTOKIT_RUNNER = `
import { createThrottledOctokit } from './throttle.mjs'
const [url, count, , mode] = process.argv.slice(2)
const { origin, pathname, searchParams } = new URL(url)
let lastSentAt = 0, inFlight = 0, maxInFlight = 0
// Octokit's own fetch, wrapped: the runner's clock on each request leaving (after every hook, paced or not).
const octokit = createThrottledOctokit({
  baseUrl: origin,
  request: {
    fetch: async (input, init) => {
      lastSentAt = Date.now()
      maxInFlight = Math.max(maxInFlight, ++inFlight)
      try {
        return await fetch(input, init)
      } finally {
        inFlight--
      }
    },
  },
})
const parameters = Object.fromEntries(searchParams)
const statuses = {}
const one = async () => {
  let status
  try {
    status = (await octokit.request('GET ' + pathname, parameters)).status
  } catch (error) {
    status = error.status ?? 'error'
  }
  statuses[status] = (statuses[status] ?? 0) + 1
}
const startedAt = Date.now()
if (mode === 'concurrent') await Promise.all(Array.from({ length: Number(count) }, one))
else for (let i = 0; i < Number(count); i++) await one()
console.log(JSON.stringify({ statuses, throttled: octokit.throttleStats.throttled, held: octokit.throttleStats.held, maxInFlight, startedAt, lastSentAt, endedAt: Date.now() }))
`

/** Runs `count` requests of `cost` to `url` through the plan generated for `policies` and `client` (default: plain fetch). */
export async function runGeneratedClient(url: string, policies: readonly RatePolicy[], count: number, cost = 1, client: ThrottleClient = 'fetch', mode: RunnerMode = 'sequential'): Promise<ClientRun> {
  const dir = await mkdtemp(join(tmpdir(), 'throttle-plan-'))
  try {
    await writeFile(join(dir, 'throttle.mjs'), generateThrottlePlan(client, policies))
    await writeFile(join(dir, 'run.mjs'), client === 'octokit' ? OCTOKIT_RUNNER : RUNNER)
    // The p-limit, Bottleneck and Octokit plans import their libraries: the project's node_modules stand in for the user's.
    await symlink(fileURLToPath(new URL('../node_modules', import.meta.url)), join(dir, 'node_modules'), 'dir')
    const { stdout } = await promisify(execFile)(process.execPath, [join(dir, 'run.mjs'), url, String(count), String(cost), mode], { timeout: 60_000 })
    const seen = JSON.parse(stdout) as Omit<ClientRun, 'idealLastAt' | 'ratio'>
    const ideal = fastestSchedule(policies, count, cost, seen.startedAt)
    const idealLastAt = ideal.at(-1) ?? seen.startedAt
    // A plan that does not take the runner's fetch ({ fetch }) sends with its own: then its last answer stands in.
    const lastSentAt = seen.lastSentAt || seen.endedAt
    return { ...seen, lastSentAt, idealLastAt, ratio: (idealLastAt - seen.startedAt) / (lastSentAt - seen.startedAt) }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Requests per path in the tests and the benchmark, and the cost of each (the tokens of /two-quotas). */
export const RUN_COUNT = 1000
export const RUN_COST: Readonly<Record<string, number>> = { '/two-quotas': 10 }

/** One path's run and what the server counted for that path. */
export interface PathRun {
  path: string
  run: ClientRun
  served: { allowed: number; denied: number } | undefined
}

/**
 * Resets the policy server at `origin`, then runs the plan of `client` on every path of `policies` (default: the
 * demo's), all paths side by side, each client in its own process, and reads back the server's /stats: per path,
 * what the client saw and what the server allowed and denied. The paths' quotas are separate, so side by side
 * changes no count the tests assert (no 429, every request allowed); it only shares the machine, which slows the
 * clients' pacing, never the server's counting. The throughput figures come from the benchmark
 * (`scripts/bench/rate-limit-throttle.ts`), which runs one client at a time.
 */
export async function runEveryPath(origin: string, policies: Readonly<Record<string, readonly RatePolicy[]>>, client: ThrottleClient, mode: RunnerMode, count = RUN_COUNT): Promise<PathRun[]> {
  await fetch(`${origin}/reset`, { method: 'POST' })
  const runs = await Promise.all(
    Object.entries(policies).map(async ([path, list]) => {
      const cost = RUN_COST[path] ?? 1
      const run = await runGeneratedClient(`${origin}${path}${client === 'octokit' ? '' : `?cost=${cost}`}`, list, count, cost, client, mode)
      console.log(`${client} ${mode} ${path}: ${count} requests, ${run.held} holds, up to ${run.maxInFlight} in flight`)
      return { path, run }
    }),
  )
  const stats = (await (await fetch(`${origin}/stats`)).json()) as Record<string, { allowed: number; denied: number }>
  return runs.map(({ path, run }) => ({ path, run, served: stats[path] }))
}

/**
 * Resets the server, then runs `count` requests of the plan of `client` on `path` while another client sends
 * about 100 requests a second to the same path (one at a time, 10 ms apart) for as long as the run lasts.
 */
export async function runBesideAnotherClient(origin: string, path: string, policies: readonly RatePolicy[], client: ThrottleClient, mode: RunnerMode, count = 300): Promise<{ run: ClientRun; other: number }> {
  await fetch(`${origin}/reset`, { method: 'POST' })
  let running = true
  const run = runGeneratedClient(`${origin}${path}`, policies, count, 1, client, mode).finally(() => (running = false))
  let other = 0
  while (running) {
    await (await fetch(`${origin}${path}`)).arrayBuffer()
    other++
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  const result = await run
  console.log(`${client} ${mode} ${path} shared: ${count} requests beside ${other} of another client, ${result.throttled} × 429 met and retried, ${result.held} holds`)
  return { run: result, other }
}
