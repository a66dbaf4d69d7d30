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
  /** Epoch ms of the first call and of the last response. */
  startedAt: number
  endedAt: number
  /** The same requests sent by the fastest schedule that never gets a 429, from the same start: its last send. */
  idealLastAt: number
  /** Ideal span / actual span (1 = as fast as the policy allows). */
  ratio: number
}

const RUNNER = `
import { createThrottledFetch } from './throttle.mjs'
const [url, count, cost] = process.argv.slice(2)
const throttled = createThrottledFetch()
const statuses = {}
const startedAt = Date.now()
for (let i = 0; i < Number(count); i++) {
  const response = await throttled(url, undefined, { cost: Number(cost) })
  statuses[response.status] = (statuses[response.status] ?? 0) + 1
  await response.arrayBuffer()
}
console.log(JSON.stringify({ statuses, throttled: throttled.stats.throttled, held: throttled.stats.held, startedAt, endedAt: Date.now() }))
`

/**
 * The Octokit plan's runner: an Octokit with the plan's plugins, the server's origin as its baseUrl, `count`
 * sequential `octokit.request('GET <path>')` (a `?cost=` in the URL is passed on as the request's parameter). A
 * request Octokit finally rejects counts under its status.
 */
const OCTOKIT_RUNNER = `
import { createThrottledOctokit } from './throttle.mjs'
const [url, count] = process.argv.slice(2)
const { origin, pathname, searchParams } = new URL(url)
const octokit = createThrottledOctokit({ baseUrl: origin })
const parameters = Object.fromEntries(searchParams)
const statuses = {}
const startedAt = Date.now()
for (let i = 0; i < Number(count); i++) {
  let status
  try {
    status = (await octokit.request('GET ' + pathname, parameters)).status
  } catch (error) {
    status = error.status ?? 'error'
  }
  statuses[status] = (statuses[status] ?? 0) + 1
}
console.log(JSON.stringify({ statuses, throttled: octokit.throttleStats.throttled, held: octokit.throttleStats.held, startedAt, endedAt: Date.now() }))
`

/** Runs `count` requests of `cost` to `url` through the plan generated for `policies` and `client` (default: plain fetch). */
export async function runGeneratedClient(url: string, policies: readonly RatePolicy[], count: number, cost = 1, client: ThrottleClient = 'fetch'): Promise<ClientRun> {
  const dir = await mkdtemp(join(tmpdir(), 'throttle-plan-'))
  try {
    await writeFile(join(dir, 'throttle.mjs'), generateThrottlePlan(client, policies))
    await writeFile(join(dir, 'run.mjs'), client === 'octokit' ? OCTOKIT_RUNNER : RUNNER)
    // The p-limit, Bottleneck and Octokit plans import their libraries: the project's node_modules stand in for the user's.
    await symlink(fileURLToPath(new URL('../node_modules', import.meta.url)), join(dir, 'node_modules'), 'dir')
    const { stdout } = await promisify(execFile)(process.execPath, [join(dir, 'run.mjs'), url, String(count), String(cost)], { timeout: 60_000 })
    const seen = JSON.parse(stdout) as Omit<ClientRun, 'idealLastAt' | 'ratio'>
    const ideal = fastestSchedule(policies, count, cost, seen.startedAt)
    const idealLastAt = ideal.at(-1) ?? seen.startedAt
    return { ...seen, idealLastAt, ratio: (idealLastAt - seen.startedAt) / (seen.endedAt - seen.startedAt) }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
