import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generatePythonPlan } from './python-plan.ts'
import { POLICY_PRESETS } from './presets.ts'

const hasPython = spawnSync('python3', ['--version']).status === 0

describe('generatePythonPlan', () => {
  it.runIf(hasPython)('writes a module python3 compiles for every preset (py_compile), with tenacity for the 429 retry', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'python-plan-'))
    try {
      for (const preset of POLICY_PRESETS) {
        const code = generatePythonPlan(preset.policies)
        expect(code).toMatch(/^from tenacity import retry, retry_if_exception_type, stop_after_attempt$/m)
        const file = join(dir, `${preset.id.replace(/\W/g, '_')}.py`)
        writeFileSync(file, code)
        // Throws (and fails the test) with python's SyntaxError when the module does not compile.
        execFileSync('python3', ['-m', 'py_compile', file], { stdio: 'pipe' })
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
  it('writes the policies as a Python literal (no JSON-only true/false/null) and refuses an unenforceable one', () => {
    const code = generatePythonPlan([{ kind: 'sliding-window', name: 'secondary', unit: 'points', limit: 900, windowMs: 60_000 }])
    expect(code).toContain('POLICIES = [\n    {\n        "kind": "sliding-window",\n        "name": "secondary",\n        "unit": "points",\n        "limit": 900,\n        "windowMs": 60000\n    }\n]')
    expect(() => generatePythonPlan([{ kind: 'token-bucket', name: 'b', capacity: -1, refillPerSecond: 1 }])).toThrow(/^b: /)
  })
})
