import { execFileSync } from 'node:child_process'
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

describe('the generated Bottleneck plan in a process with nothing else to do', () => {
  it('keeps Node running while requests wait for a fixed window’s refill (and lets it exit once idle)', { timeout: 30_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'bottleneck-alive-'))
    try {
      writeFileSync(join(dir, 'throttle.mjs'), generateBottleneckPlan([{ kind: 'fixed-window', name: 'second', limit: 2, windowMs: 1000 }]))
      // Five requests one after another: the third waits in Bottleneck's queue for the next window, with no
      // answer or other timer pending (the requests are answered at once, without rate-limit headers).
      writeFileSync(
        join(dir, 'run.mjs'),
        "import { createThrottledFetch } from './throttle.mjs'\nconst throttled = createThrottledFetch({ fetch: async () => new Response('{}') })\nfor (let i = 0; i < 5; i++) await throttled('http://example.invalid/')\nconsole.log('done')\n",
      )
      symlinkSync(fileURLToPath(new URL('../../../../../node_modules', import.meta.url)), join(dir, 'node_modules'), 'dir')
      // Before: the refill timer was unref'd, so Node exited at the third request with the await unsettled (code 13).
      expect(execFileSync(process.execPath, [join(dir, 'run.mjs')], { encoding: 'utf8', timeout: 20_000 })).toBe('done\n')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
