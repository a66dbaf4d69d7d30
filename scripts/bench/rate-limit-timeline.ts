/**
 * Benchmark of the rate-limit timeline with a 10,000-entry HAR (not a test: figures are printed, never
 * asserted). Target from the issue: the longest main-thread task ≤ 100 ms. It measures:
 * - in Node: `buildRateLimitTimeline` on the HAR (the work the page moves into a worker);
 * - in Debian Chromium against the production build, on /rate-limits?mode=timeline: the time the browser takes to
 *   put the text into the paste area, then the `input` event carrying the HAR → the first chart rendered (its projection sentence in the DOM, one frame later), and the
 *   longest main-thread task in that span (PerformanceObserver 'longtask', ≥ 50 ms reported).
 *
 *   AWB_LANE=4 npx vite build && AWB_LANE=4 npx tsx scripts/bench/rate-limit-timeline.ts [--runs 3]
 *
 * The store waits 250 ms after a large paste before parsing (typing debounce); it is included in the span.
 */
import { existsSync } from 'node:fs'
import { chromium, type Page } from 'playwright'
import { preview } from 'vite'
import { chromiumArgs, chromiumPath } from '../chromium.ts'
import { OUT_DIRS, PORTS, URLS } from '../../demo/config/lanes.ts'
import { buildRateLimitTimeline } from '../../src/features/rate-limits/core/index.ts'
import { sampleHar } from '../../src/features/rate-limits/core/timeline/sample-har.ts'

const runsArg = process.argv.indexOf('--runs')
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) || 2 : 2
const ENTRIES = 10_000
const TASK_TARGET_MS = 100

const har = sampleHar({ startMs: Date.parse('2025-01-14T12:00:00Z'), count: ENTRIES, intervalMs: 300, limit: 5000, windowSeconds: 3600 })

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a')

// 1. The core alone, in Node.
const nodeRuns: number[] = []
for (let i = 0; i < RUNS + 1; i++) {
  const t0 = performance.now()
  buildRateLimitTimeline(har, { now: new Date('2025-01-14T13:00:00Z') })
  if (i > 0) nodeRuns.push(performance.now() - t0) // the first run warms the JIT
}

// 2. The page, in Chromium.
const INSTRUMENT = () => {
  const w = window as unknown as { __tasks: { start: number; duration: number }[] }
  w.__tasks = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__tasks.push({ start: e.startTime, duration: e.duration })
  }).observe({ type: 'longtask', buffered: true })
}

interface Run {
  /** Putting the text into the paste area (the browser's textarea layout), before any of the app's code runs. */
  textareaMs: number
  totalMs: number
  longestTaskMs: number
}

async function measureOnce(page: Page): Promise<Run> {
  await page.goto(`${URLS.app}/rate-limits?mode=timeline`)
  await page.getByLabel('Response headers').waitFor()
  await page.waitForTimeout(300)
  // A string, not a function: tsx would wrap inner named functions in a `__name` helper the page lacks.
  await page.evaluate(`window.__har = ${JSON.stringify(har)}`)
  const textareaMs = (await page.evaluate(`(() => {
    const el = document.querySelector('textarea')
    const at = performance.now()
    el.value = window.__har
    el.getBoundingClientRect()
    return performance.now() - at
  })()`)) as number
  await page.waitForTimeout(300)
  const startedAt = (await page.evaluate(`(() => {
    const at = performance.now()
    document.querySelector('textarea').dispatchEvent(new Event('input', { bubbles: true }))
    return at
  })()`)) as number
  const renderedAt = (await page.evaluate(`new Promise((resolve) => {
    const check = () => {
      if (document.querySelector('[data-testid="projection"]')) requestAnimationFrame(() => setTimeout(() => resolve(performance.now())))
      else requestAnimationFrame(check)
    }
    check()
  })`)) as number
  await page.waitForTimeout(300)
  return page.evaluate(
    ([from, to]) => {
      const w = window as unknown as { __tasks: { start: number; duration: number }[] }
      const tasks = w.__tasks.filter((t) => t.start + t.duration >= (from ?? 0) && t.start <= (to ?? 0))
      return { totalMs: (to ?? 0) - (from ?? 0), longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)) }
    },
    [startedAt, renderedAt],
  ).then((r) => ({ ...r, textareaMs }))
}

if (!existsSync(`${OUT_DIRS.app}/index.html`)) {
  throw new Error(`No build in ${OUT_DIRS.app}/: run \`AWB_LANE=${process.env.AWB_LANE ?? 0} npx vite build\` first.`)
}
const app = await preview({ preview: { port: PORTS.app, strictPort: true, host: '127.0.0.1' }, build: { outDir: OUT_DIRS.app }, logLevel: 'warn' })
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
const runs: Run[] = []
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addInitScript(INSTRUMENT)
  const page = await context.newPage()
  await measureOnce(page) // warm-up: caches, JIT, the worker and d3 chunks
  for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(page))
} finally {
  await browser.close()
  await new Promise<void>((resolve) => app.httpServer.close(() => resolve()))
}

const worst = Math.max(...runs.map((r) => r.longestTaskMs))
console.log(`\nRate-limit timeline, ${ENTRIES.toLocaleString('en')}-entry HAR (${(har.length / 1e6).toFixed(1)} MB), ${RUNS} runs\n`)
console.log(`buildRateLimitTimeline in Node (median):      ${ms(median(nodeRuns))}`)
console.log(`page: text into the <textarea> (median):      ${ms(median(runs.map((r) => r.textareaMs)))} (browser layout of the paste area, not the app's code)`)
console.log(`page: input event → first chart (median / max):     ${ms(median(runs.map((r) => r.totalMs)))} / ${ms(Math.max(...runs.map((r) => r.totalMs)))} (includes the 250 ms paste debounce)`)
console.log(`page: longest main-thread task (worst run):   ${worst < 50 ? '< 50 ms' : ms(worst)} — target ≤ ${TASK_TARGET_MS} ms: ${worst <= TASK_TARGET_MS ? 'met' : 'MISSED'}`)
