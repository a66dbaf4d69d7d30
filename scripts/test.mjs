#!/usr/bin/env node
// `npm test`: every check of the project, in order, with a one-screen summary at the end.
// A failing step does not stop the independent ones after it; steps that need a build are
// skipped when the build failed. Exit code 1 when anything failed.
// Steps that share a `with` run side by side (each mostly single-threaded, with no timeouts to
// trip on a busy machine): typecheck with lint, the app build with the Storybook build. Their
// output is held back and printed whole when each ends, so logs never interleave.
// Stories are checked once, in the Playwright visual run: each story in both themes is rendered,
// its play function run (`showStory` fails on a throw), its screenshot compared and axe run on it
// (`expectStoryAxeClean`). The Vitest story runner (`npm run test:stories`, Storybook's test
// widget) did the same render, play and axe a second time: 6 of the run's 33 minutes.
import { spawn } from 'node:child_process'

const steps = [
  { name: 'chromium', title: 'Chromium present', cmd: 'node scripts/ensure-chromium.mjs' },
  { name: 'typecheck', title: 'Typecheck (vue-tsc)', cmd: 'npx vue-tsc --noEmit' },
  { name: 'lint', title: 'Lint (ESLint, zero warnings)', cmd: 'npx eslint . --max-warnings 0', with: 'typecheck' },
  { name: 'unit', title: 'Unit tests (Vitest, node)', cmd: 'npx vitest run', counts: vitestCounts },
  { name: 'build', title: 'Production build (vite build)', cmd: 'npx vite build' },
  { name: 'build-storybook', title: 'Static Storybook build', cmd: 'node scripts/build-storybook.mjs', with: 'build' },
  { name: 'budget', title: 'Bundle budget of /', cmd: 'node scripts/bundle-budget.mjs', needs: ['build'], summary: budgetSummary },
  {
    name: 'playwright',
    title: 'E2E and axe on every page; every story rendered, played, axe-checked, compared (Playwright)',
    cmd: 'npx playwright test',
    needs: ['chromium', 'build', 'build-storybook'],
    counts: playwrightCounts,
  },
]

/** The first lines of `names` (deduplicated), one per line under the counts: the summary names what failed. */
function listed(names) {
  const unique = [...new Set(names.map((name) => name.trim()))]
  const shown = unique.slice(0, 10).map((name) => `\n      ${name}`)
  return shown.join('') + (unique.length > 10 ? `\n      … and ${unique.length - 10} more` : '')
}
function vitestCounts(out) {
  const line = out.match(/Tests\s+(.*\(\d+\))/)
  const failed = [...out.matchAll(/^\s*FAIL\s+(.*>.*)$/gm)].map((m) => m[1])
  return (line ? line[1].replace(/\s+/g, ' ') : '') + listed(failed)
}
function playwrightCounts(out) {
  const parts = [...out.matchAll(/^\s*(\d+) (passed|failed|flaky|skipped|did not run)/gm)].map((m) => `${m[1]} ${m[2]}`)
  // Playwright's closing list: each failed or flaky test on a line of its own, "[project] › file:line › title".
  const tests = [...out.matchAll(/^\s+(\[[\w-]+\] › .*)$/gm)].map((m) => m[1].replace(/\s*─+\s*$/, ''))
  return parts.join(', ') + listed(tests)
}
function budgetSummary(out) {
  const line = out.match(/Bundle budget (?:OK|exceeded): [^\n]*/)
  return line ? line[0] : ''
}

// eslint-disable-next-line no-control-regex
const stripAnsi = (s) => s.replace(/\x1b\[[0-9;]*m/g, '')

/** Runs one command; streams its output unless `quiet` (then the caller prints `out` at the end). */
function run(cmd, quiet = false) {
  return new Promise((resolve) => {
    const child = spawn(cmd, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } })
    let out = ''
    child.stdout.on('data', (d) => {
      out += d
      if (!quiet) process.stdout.write(d)
    })
    child.stderr.on('data', (d) => {
      out += d
      if (!quiet) process.stderr.write(d)
    })
    child.on('close', (code) => resolve({ code: code ?? 1, out }))
  })
}

const results = new Map()
const started = Date.now()

/** Steps in order, those with `with` joined to the step they run beside. */
const stages = []
for (const step of steps) {
  const partner = step.with && stages.find((stage) => stage.some((s) => s.name === step.with))
  if (partner) partner.push(step)
  else stages.push([step])
}

async function runStep(step, quiet) {
  const missing = (step.needs ?? []).filter((n) => results.get(n)?.status !== 'passed')
  if (missing.length) {
    results.set(step.name, { ...step, status: 'skipped', seconds: 0, detail: `needs ${missing.join(', ')}` })
    return
  }
  if (!quiet) console.log(`\n━━━ ${step.title} ━━━  $ ${step.cmd}`)
  const t0 = Date.now()
  const { code, out } = await run(step.cmd, quiet)
  if (quiet) process.stdout.write(`\n━━━ ${step.title} ━━━  $ ${step.cmd}\n${out}`)
  const seconds = (Date.now() - t0) / 1000
  const plain = stripAnsi(out)
  const detail = step.summary?.(plain) || step.counts?.(plain) || ''
  results.set(step.name, { ...step, status: code === 0 ? 'passed' : 'failed', seconds, detail })
}

for (const stage of stages) {
  await Promise.all(stage.map((step) => runStep(step, stage.length > 1)))
}
// The summary lists the steps in their declared order.
const ordered = new Map(steps.filter((s) => results.has(s.name)).map((s) => [s.name, results.get(s.name)]))
results.clear()
for (const [name, result] of ordered) results.set(name, result)

const all = [...results.values()]
const passed = all.filter((r) => r.status === 'passed').length
const failed = all.filter((r) => r.status !== 'passed').length
const mark = { passed: '✔', failed: '✘', skipped: '–' }
console.log('\n═══════════════════════════════ npm test summary ═══════════════════════════════')
for (const r of all) {
  console.log(`${mark[r.status]} ${r.title.padEnd(78)} ${r.seconds.toFixed(1).padStart(6)} s${r.detail ? `\n    ${r.detail}` : ''}`)
}
console.log(`Wall time: ${((Date.now() - started) / 1000 / 60).toFixed(1)} min`)
console.log(`Steps: ${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
