import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { bottleneckSettings, generateBottleneckPlan } from './bottleneck-plan.ts'
import { generateThrottlePlan, THROTTLE_PLANS } from './plans.ts'
import { POLICY_PRESETS } from './presets.ts'

/** Whether Node accepts the text as an ES module (`node --check`). */
function nodeAccepts(code: string): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'bottleneck-check-'))
  try {
    writeFileSync(join(dir, 'throttle.mjs'), code)
    execFileSync(process.execPath, ['--check', join(dir, 'throttle.mjs')], { stdio: 'pipe' })
    return true
  } catch {
    return false
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('bottleneckSettings', () => {
  it('a window refills its whole limit every window', () => {
    expect(bottleneckSettings({ kind: 'fixed-window', name: 'core', limit: 5000, windowMs: 3_600_000 })).toEqual({
      reservoir: 5000,
      reservoirRefreshInterval: 3_600_000,
      reservoirRefreshAmount: 5000,
      heartbeatInterval: 1000,
    })
  })
  it("Shopify's 40 / 2 per second bucket: one request back every 500 ms, never above 40", () => {
    expect(bottleneckSettings({ kind: 'token-bucket', name: 'rest', capacity: 40, refillPerSecond: 2 })).toEqual({
      reservoir: 40,
      reservoirIncreaseInterval: 500,
      reservoirIncreaseAmount: 1,
      reservoirIncreaseMaximum: 40,
      heartbeatInterval: 25,
    })
  })
  it('a fast bucket (OpenAI tokens, 200,000 a minute) drips a tenth of a second’s worth, rounded down', () => {
    expect(bottleneckSettings({ kind: 'token-bucket', name: 'tokens', unit: 'tokens', capacity: 200_000, refillPerSecond: 200_000 / 60 })).toMatchObject({
      reservoir: 200_000,
      reservoirIncreaseInterval: 100,
      reservoirIncreaseAmount: 333,
      reservoirIncreaseMaximum: 200_000,
    })
  })
  it('GCRA reads as its bucket: burst ⌊τ/T⌋ + 1, one unit per T', () => {
    expect(bottleneckSettings({ kind: 'gcra', name: 'g', emissionIntervalMs: 200, burstToleranceMs: 1000 })).toMatchObject({ reservoir: 6, reservoirIncreaseInterval: 200, reservoirIncreaseAmount: 1 })
  })
})

describe('generateBottleneckPlan', () => {
  it('writes a module Node accepts for every preset, with each quota’s settings and the headers it reads', () => {
    for (const preset of POLICY_PRESETS) {
      const code = generateBottleneckPlan(preset.policies)
      expect(nodeAccepts(code)).toBe(true)
      expect(code).toContain("import Bottleneck from 'bottleneck'")
      for (const policy of preset.policies) expect(code).toContain(`//   ${policy.name}: ${JSON.stringify(bottleneckSettings(policy))}`)
      expect(code).toMatch(/Reads at run time: RateLimit .*x-ratelimit-remaining-<quota>/s)
    }
  })
  it('refuses a policy that cannot be enforced, naming it', () => {
    expect(() => generateBottleneckPlan([{ kind: 'fixed-window', name: 'w', limit: 0, windowMs: 1000 }])).toThrow(/^w: /)
  })
})

describe('THROTTLE_PLANS', () => {
  it('each client’s plan imports its own library (and only it) and lists the headers it reads', () => {
    const policies = POLICY_PRESETS[4]?.policies ?? []
    for (const plan of THROTTLE_PLANS) {
      const code = generateThrottlePlan(plan.id, policies)
      const imports = [...code.matchAll(plan.id === 'python' ? /^from (\S+) import/gm : /^import .* from '([^']+)'/gm)].map((m) => m[1])
      expect(imports).toEqual(plan.dependencies ?? (plan.dependency ? [plan.dependency] : []))
      expect(plan.reads.length).toBeGreaterThan(0)
    }
  })
})

/**
 * Runs `count` calls of the generated plan at once in a Node process of its own, each answered at once by a
 * stand-in send (the plan's `fetch` option), and returns the process's exit code and what it printed.
 */
function runBatch(code: string, count: number, calls: 'all at once' | 'one after another' = 'all at once'): { status: number | null; stdout: string; jobs: number } {
  const dir = mkdtempSync(join(tmpdir(), 'bottleneck-batch-'))
  try {
    writeFileSync(join(dir, 'throttle.mjs'), code)
    writeFileSync(
      join(dir, 'run.mjs'),
      `import { createThrottledFetch } from './throttle.mjs'
const throttled = createThrottledFetch({ fetch: async () => new Response('ok') })
// Jobs Bottleneck's limiters were given ('received': a job submitted), printed after the 200s.
let jobs = 0
for (const limiter of throttled.limiters) limiter.on('received', () => jobs++)
${
        calls === 'all at once'
          ? `const responses = await Promise.all(Array.from({ length: ${count} }, () => throttled('http://127.0.0.1:9/')))`
          : `const responses = []\nfor (let i = 0; i < ${count}; i++) responses.push(await throttled('http://127.0.0.1:9/'))`
      }
console.log(responses.filter((response) => response.status === 200).length)
console.error(jobs)`,
    )
    // The plan imports bottleneck: the project's node_modules stand in for the user's.
    symlinkSync(fileURLToPath(new URL('../../../../../node_modules', import.meta.url)), join(dir, 'node_modules'), 'dir')
    const run = spawnSync(process.execPath, [join(dir, 'run.mjs')], { encoding: 'utf8', timeout: 30_000 })
    return { status: run.status, stdout: run.stdout.trim(), jobs: Number(run.stderr.trim()) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('generated Bottleneck plan, a batch that outlasts a quota, in a script with nothing else to do', () => {
  // Bottleneck's heartbeat and our window refill are unref'd timers: with every request of the window answered and
  // the rest queued for the next window, Node saw an empty event loop and ended the script mid-batch (exit 13,
  // "unsettled top-level await", silently on Node 20).
  it('a fixed window: the script stays alive until every call is answered', { timeout: 30_000 }, () => {
    const code = generateBottleneckPlan([{ kind: 'fixed-window', name: 'requests', limit: 4, windowMs: 500 }])
    expect(runBatch(code, 10)).toMatchObject({ status: 0, stdout: '10' })
  })
  it('a fixed window called one request after another: the third waits for the next window, the script waits with it', { timeout: 30_000 }, () => {
    const code = generateBottleneckPlan([{ kind: 'fixed-window', name: 'second', limit: 2, windowMs: 1000 }])
    expect(runBatch(code, 5, 'one after another')).toMatchObject({ status: 0, stdout: '5' })
  })
  it('a token bucket (refilled on the heartbeat): the same', { timeout: 30_000 }, () => {
    const code = generateBottleneckPlan([{ kind: 'token-bucket', name: 'requests', capacity: 3, refillPerSecond: 20 }])
    expect(runBatch(code, 10)).toMatchObject({ status: 0, stdout: '10' })
  })
})

describe('generated Bottleneck plan, one Bottleneck job per batch, not per request', () => {
  // Bottleneck's local store yields to the event loop several times per job: 150–370 jobs a second on this
  // project's machine, under the demo's 200 requests a second. A job weighted by a batch (up to maxConcurrent
  // requests' units, 16) takes their units from a reservoir at once.
  const policies = [
    { kind: 'fixed-window', name: 'requests', limit: 1000, windowMs: 60_000 },
    { kind: 'token-bucket', name: 'tokens', unit: 'tokens', capacity: 100_000, refillPerSecond: 1000 },
  ] as const
  it('64 calls at once: 4 jobs per quota’s limiter, every call answered', { timeout: 30_000 }, () => {
    expect(runBatch(generateBottleneckPlan(policies), 64)).toEqual({ status: 0, stdout: '64', jobs: 8 })
  })
  it('32 calls one after another: 2 jobs per quota’s limiter, every call answered', { timeout: 30_000 }, () => {
    expect(runBatch(generateBottleneckPlan(policies), 32, 'one after another')).toEqual({ status: 0, stdout: '32', jobs: 4 })
  })
})
