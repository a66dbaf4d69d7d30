import { execFile, spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generatePythonPlan } from '../src/features/rate-limits/core/policy/python-plan.ts'
import { POLICY_PRESETS } from '../src/features/rate-limits/core/policy/presets.ts'
import { DEMO_POLICIES, startRateLimitPolicyServer, type PathStats } from './rate-limit-policy-server.ts'

/**
 * The Python interpreters to try, first the one on PATH, then the system one (where Debian's
 * python3-tenacity installs): the plan runs with the first that imports tenacity. Where none does (a fresh
 * CI machine), the plan is only compiled with the first Python found.
 */
const CANDIDATES = ['python3', '/usr/bin/python3']
const pythons = CANDIDATES.filter((python) => spawnSync(python, ['--version']).status === 0)
const runner = pythons.find((python) => spawnSync(python, ['-c', 'import tenacity']).status === 0)

const RUNNER = `
import json, sys, time
from throttle import ThrottledClient
url, count, cost = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
client = ThrottledClient()
statuses = {}
started = time.time()
for _ in range(count):
    status, _, _ = client.send(url, cost=cost)
    statuses[str(status)] = statuses.get(str(status), 0) + 1
print(json.dumps({"statuses": statuses, "ms": round((time.time() - started) * 1000)}))
`

const COUNT = 1000
const COST: Record<string, number> = { '/two-quotas': 10 }

let server: Server
let origin: string
let dir: string
beforeAll(async () => {
  ;({ server, origin } = await startRateLimitPolicyServer(0))
  dir = await mkdtemp(join(tmpdir(), 'python-plan-run-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

describe.runIf(pythons.length > 0)('generated Python plan, against the policy server', () => {
  it('compiles for every preset, and where a Python imports tenacity, makes 1,000 requests per policy path with no 429', { timeout: 120_000 }, async () => {
    const python = runner ?? pythons[0] ?? 'python3'
    for (const preset of POLICY_PRESETS) {
      const file = join(dir, `${preset.id.replace(/\W/g, '_')}.py`)
      await writeFile(file, generatePythonPlan(preset.policies))
      await promisify(execFile)(python, ['-m', 'py_compile', file])
    }
    if (!runner) {
      console.log(`no Python here imports tenacity (tried ${pythons.join(', ')}): the plan was only compiled (py_compile) for ${POLICY_PRESETS.length} presets`)
      return
    }
    console.log(`running the plan with ${runner} (imports tenacity)`)
    // Each path in a folder of its own, all side by side: the runs wait on the policies far more than they compute.
    const paths = Object.keys(DEMO_POLICIES)
    await Promise.all(
      paths.map(async (path, i) => {
        const folder = join(dir, `path-${i}`)
        await mkdir(folder)
        await writeFile(join(folder, 'run.py'), RUNNER)
        await writeFile(join(folder, 'throttle.py'), generatePythonPlan(DEMO_POLICIES[path] ?? []))
        const cost = COST[path] ?? 1
        const { stdout } = await promisify(execFile)(runner, [join(folder, 'run.py'), `${origin}${path}?cost=${cost}`, String(COUNT), String(cost)], { cwd: folder, timeout: 60_000 })
        const seen = JSON.parse(stdout) as { statuses: Record<string, number>; ms: number }
        console.log(`python ${path}: ${COUNT} requests in ${seen.ms} ms`)
        expect({ path, statuses: seen.statuses }).toEqual({ path, statuses: { 200: COUNT } })
      }),
    )
    // The server's own count: a 429 the plan retried would end 200 above but shows here as denied.
    const stats = (await (await fetch(`${origin}/stats`)).json()) as Record<string, PathStats>
    for (const path of paths) expect({ path, ...stats[path] }).toEqual({ path, allowed: COUNT, denied: 0 })
  })
})
