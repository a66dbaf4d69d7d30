import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { describePolicy, generateFetchScheduler } from './fetch-scheduler.ts'
import { POLICY_PRESETS } from './presets.ts'

/** Whether Node accepts the text as an ES module (`node --check`). */
function nodeAccepts(code: string): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'scheduler-check-'))
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

describe('generateFetchScheduler', () => {
  it('writes a module Node accepts for every preset, naming each policy in words; p-limit only when asked', { timeout: 60_000 }, () => {
    for (const preset of POLICY_PRESETS) {
      const code = generateFetchScheduler(preset.policies)
      expect(nodeAccepts(code)).toBe(true)
      for (const policy of preset.policies) expect(code).toContain(`//   ${policy.name}: ${describePolicy(policy)}`)
      expect(code).not.toContain('p-limit')
    }
    const withPLimit = generateFetchScheduler(POLICY_PRESETS[0]?.policies ?? [], { queue: 'p-limit', maxRetries: 5 })
    expect(withPLimit).toContain("import pLimit from 'p-limit'")
    expect(withPLimit).toContain('const MAX_RETRIES = 5')
    expect(nodeAccepts(withPLimit)).toBe(true)
    expect(nodeAccepts('export const x = ;')).toBe(false)
  })
  it('describes each kind in words', () => {
    expect(describePolicy({ kind: 'fixed-window', name: 'a', limit: 200, windowMs: 1000 })).toBe('200 requests per 1,000 ms, fixed window')
    expect(describePolicy({ kind: 'sliding-window', name: 'a', unit: 'points', limit: 900, windowMs: 60_000 })).toBe('900 points in any 60,000 ms, sliding window')
    expect(describePolicy({ kind: 'token-bucket', name: 'a', capacity: 40, refillPerSecond: 2 })).toBe('bucket of 40 requests refilling 2 per second')
    expect(describePolicy({ kind: 'token-bucket', name: 'a', capacity: 500, refillPerSecond: 500 / 60 })).toBe('bucket of 500 requests refilling 8.333 per second')
    expect(describePolicy({ kind: 'gcra', name: 'a', unit: 'tokens', emissionIntervalMs: 5, burstToleranceMs: 995 })).toBe('GCRA, one token per 5 ms, burst tolerance 995 ms')
  })
  it('groups the digits of large numbers (GitHub’s 5,000 an hour, OpenAI’s 200,000 tokens a minute)', () => {
    expect(describePolicy({ kind: 'fixed-window', name: 'core', limit: 5000, windowMs: 3_600_000 })).toBe('5,000 requests per 3,600,000 ms, fixed window')
    expect(describePolicy({ kind: 'token-bucket', name: 't', unit: 'tokens', capacity: 200_000, refillPerSecond: 200_000 / 60 })).toBe('bucket of 200,000 tokens refilling 3,333.333 per second')
    expect(describePolicy({ kind: 'gcra', name: 'g', emissionIntervalMs: 1200, burstToleranceMs: 12_000 })).toBe('GCRA, one request per 1,200 ms, burst tolerance 12,000 ms')
  })
  it('refuses no policies and a policy it cannot enforce, by name', () => {
    expect(() => generateFetchScheduler([])).toThrow(/at least one/)
    expect(() => generateFetchScheduler([{ kind: 'fixed-window', name: 'hour', limit: 0, windowMs: 1000 }])).toThrow('hour: the limit must be a number above 0 (got 0).')
  })
})
