import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generateOctokitPlan } from './octokit-plan.ts'
import { POLICY_PRESETS } from './presets.ts'
import type { RatePolicy } from './types.ts'

/**
 * Runs `script` (an ES module beside the generated `throttle.mjs`, with the project's node_modules: the real
 * @octokit/core and @octokit/plugin-throttling) in its own Node process; returns what it printed, parsed.
 */
function runWithPlan(policies: readonly RatePolicy[], script: string): unknown {
  const dir = mkdtempSync(join(tmpdir(), 'octokit-plan-'))
  try {
    writeFileSync(join(dir, 'throttle.mjs'), generateOctokitPlan(policies))
    writeFileSync(join(dir, 'run.mjs'), script)
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir')
    return JSON.parse(execFileSync(process.execPath, [join(dir, 'run.mjs')], { encoding: 'utf8', timeout: 30_000 }))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * An Octokit from the plan whose fetch answers locally: `answer(i, method)` gives the i-th response's headers;
 * prints each request's method and send time relative to the first, and the plan's stats.
 */
const withFakeGitHub = (answer: string, calls: string) => `
import { createThrottledOctokit } from './throttle.mjs'
const sent = []
let t0
const answer = ${answer}
const fetch = async (url, init) => {
  t0 ??= Date.now()
  sent.push([init.method, Date.now() - t0])
  return new Response('{}', { status: 200, headers: { 'content-type': 'application/json', ...answer(sent.length - 1, init.method) } })
}
const octokit = createThrottledOctokit({ baseUrl: 'http://github.test', request: { fetch } })
${calls}
console.log(JSON.stringify({ sent, stats: octokit.throttleStats }))
`

describe('generateOctokitPlan', () => {
  it('is an ES module Node accepts for every preset, importing Octokit and its throttling plugin and naming each quota', () => {
    for (const preset of POLICY_PRESETS) {
      const code = generateOctokitPlan(preset.policies)
      expect([...code.matchAll(/^import .* from '([^']+)'/gm)].map((m) => m[1])).toEqual(['@octokit/core', '@octokit/plugin-throttling'])
      for (const policy of preset.policies) expect(code).toContain(`//   ${policy.name}: `)
      expect(code).toContain('onSecondaryRateLimit')
      const dir = mkdtempSync(join(tmpdir(), 'octokit-check-'))
      try {
        writeFileSync(join(dir, 'throttle.mjs'), code)
        execFileSync(process.execPath, ['--check', join(dir, 'throttle.mjs')], { stdio: 'pipe' })
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
  })

  it('keeps windows as windows and buckets (and GCRA) as buckets', () => {
    const github = generateOctokitPlan(POLICY_PRESETS[1]?.policies ?? [])
    expect(github).toContain('//   core: 5000 requests per 3600000 ms')
    expect(github).toContain('//   secondary: 900 points per 60000 ms')
    expect(generateOctokitPlan([{ kind: 'gcra', name: 'g', emissionIntervalMs: 100, burstToleranceMs: 900 }])).toContain('//   g: bucket of 10 requests, 10 per second')
  })

  it('refuses a policy that cannot be enforced, naming it', () => {
    expect(() => generateOctokitPlan([])).toThrow(RangeError)
    expect(() => generateOctokitPlan([{ kind: 'fixed-window', name: 'w', limit: 0, windowMs: 1000 }])).toThrow(/^w: /)
  })
})

describe('the generated Octokit plan, run with the real Octokit and throttling plugin (answers faked in its fetch)', () => {
  it('holds the quota x-ratelimit-* reports when it has nothing left, until x-ratelimit-reset', { timeout: 30_000 }, () => {
    // The first answer: nothing left of core until the next whole second + 1 s.
    const out = runWithPlan(
      [{ kind: 'fixed-window', name: 'core', limit: 5000, windowMs: 3_600_000 }],
      withFakeGitHub(
        `(i) => ({ 'x-ratelimit-resource': 'core', 'x-ratelimit-remaining': i === 0 ? '0' : '10', 'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 1) })`,
        `for (let i = 0; i < 3; i++) await octokit.request('GET /user')`,
      ),
    ) as { sent: [string, number][]; stats: { held: number; throttled: number } }
    expect(out.sent).toHaveLength(3)
    expect(out.sent[1]?.[1]).toBeGreaterThanOrEqual(1000)
    // Told 10 left: the third goes at once after the second.
    expect((out.sent[2]?.[1] ?? 0) - (out.sent[1]?.[1] ?? 0)).toBeLessThan(1000)
    expect(out.stats).toMatchObject({ held: 1, throttled: 0 })
  })

  it('counts a quota the headers do not show (a secondary limit) itself: GitHub points, a write costing 5', { timeout: 30_000 }, () => {
    const out = runWithPlan(
      [
        { kind: 'fixed-window', name: 'core', limit: 5000, windowMs: 3_600_000 },
        { kind: 'sliding-window', name: 'secondary', unit: 'points', limit: 7, windowMs: 400 },
      ],
      withFakeGitHub(
        `() => ({ 'x-ratelimit-resource': 'core', 'x-ratelimit-remaining': '4000', 'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 3600) })`,
        `await octokit.request('POST /repos/{owner}/{repo}/issues', { owner: 'o', repo: 'r', title: 't' })
for (let i = 0; i < 3; i++) await octokit.request('GET /user')`,
      ),
    ) as { sent: [string, number][]; stats: { held: number } }
    expect(out.sent.map(([method]) => method)).toEqual(['POST', 'GET', 'GET', 'GET'])
    // 5 + 1 + 1 points fill the 7; the last GET waits until the POST's answer is 400 ms old.
    expect(out.sent[2]?.[1]).toBeLessThan(400)
    expect(out.sent[3]?.[1]).toBeGreaterThanOrEqual(400)
    expect(out.stats.held).toBe(1)
  })
})
