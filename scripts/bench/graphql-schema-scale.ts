/**
 * Benchmark of schema intelligence at GitHub's scale (not a test: figures are printed, never
 * asserted). The GraphQL demo server serves GitHub's public schema (`@octokit/graphql-schema`,
 * demo/public-schemas.ts); in Debian Chromium against the production build it measures:
 * - arrival → schema ready: navigation start → the announcement "Schema loaded…", with no click
 *   (from the network with the cache emptied, then from the cache)
 * - the longest main-thread task meanwhile (PerformanceObserver 'longtask'), and the longest once
 *   the page is shown (the app's own start-up excluded: that is not the schema's work)
 * - keystroke → completion: the `g` of `{ viewer { log` → the completion list shows `login`
 * - docs search: typing `PullRequestReviewComment` → that hit in the results
 * - the JS heap after a forced garbage collection
 *
 *   AWB_LANE=4 npx vite build && AWB_LANE=4 npx tsx scripts/bench/graphql-schema-scale.ts [--runs 3]
 */
import { chromium, type Page } from 'playwright'
import { loadavg } from 'node:os'
import { chromiumArgs, chromiumPath } from '../chromium.ts'
import { startBenchServers } from './servers.ts'
import { URLS } from '../../demo/config/lanes.ts'

const runsArg = process.argv.indexOf('--runs')
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) || 3 : 3
const ENDPOINT = `${URLS.graphql}/github/graphql`

/** Page-side instrumentation: long tasks and the last keydown / input event times. */
const INSTRUMENT = () => {
  const w = window as unknown as { __tasks: { start: number; duration: number }[]; __keyAt?: number; __inputAt?: number }
  w.__tasks = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__tasks.push({ start: e.startTime, duration: e.duration })
  }).observe({ type: 'longtask', buffered: true })
  document.addEventListener('keydown', (event) => (w.__keyAt = event.timeStamp), { capture: true })
  document.addEventListener('input', (event) => (w.__inputAt = event.timeStamp), { capture: true })
}

/** performance.now() one frame after `test` (a JS expression) holds, polled every frame. */
function when(page: Page, test: string): Promise<number> {
  // A string, not a function: tsx would wrap a named inner function in a helper the page lacks.
  return page.evaluate(`new Promise((resolve) => {
    const check = () => {
      if (${test}) requestAnimationFrame(() => setTimeout(() => resolve(performance.now())))
      else requestAnimationFrame(check)
    }
    check()
  })`) as Promise<number>
}

const SCHEMA_LOADED = `/^Schema loaded/.test(document.querySelector('[data-testid="announcer"]')?.textContent ?? '')`
const LOGIN_OFFERED = `[...document.querySelectorAll('.cm-tooltip-autocomplete .cm-completionLabel')].some((e) => e.textContent === 'login')`

interface Run {
  readyMs: number
  longestTaskMs: number
  longestAfterShownMs: number
  keystrokeMs: number
  searchMs: number
  heapMb: number
}

async function clearCache(page: Page): Promise<void> {
  await page.evaluate(`(async () => {
    const dbs = indexedDB.databases ? await indexedDB.databases() : []
    await Promise.all(dbs.map((db) => new Promise((resolve) => { const r = indexedDB.deleteDatabase(db.name); r.onsuccess = r.onerror = r.onblocked = resolve })))
  })()`)
}

async function measureOnce(page: Page, cold: boolean): Promise<Run> {
  if (cold) await clearCache(page)
  await page.reload()
  const shown = when(page, `document.querySelector('#main:not([aria-busy="true"]) h1')`)
  const ready = await when(page, SCHEMA_LOADED)
  const shownAt = await shown
  await page.waitForTimeout(300)
  const [longestTaskMs, longestAfterShownMs] = await page.evaluate(([from, until]) => {
    const w = window as unknown as { __tasks: { start: number; duration: number }[] }
    const within = w.__tasks.filter((t) => t.start <= until)
    return [Math.max(0, ...within.map((t) => t.duration)), Math.max(0, ...within.filter((t) => t.start + t.duration >= from).map((t) => t.duration))]
  }, [shownAt, ready + 300] as const)

  // Keystroke → completion, five times: type `g` after `{ viewer { lo`, wait for `login` in the list.
  const editor = page.getByRole('textbox', { name: 'Query' })
  await editor.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText('{ viewer { lo')
  const keystrokes: number[] = []
  for (let i = 0; i < 5; i++) {
    await page.waitForTimeout(250)
    await page.keyboard.press('g')
    const shown = await when(page, LOGIN_OFFERED)
    keystrokes.push(shown - (await page.evaluate(() => (window as unknown as { __keyAt: number }).__keyAt)))
    await page.keyboard.press('Escape')
    await page.keyboard.press('Backspace')
  }

  // Docs search.
  const docsButton = page.getByRole('form', { name: 'Endpoint and send' }).getByRole('button', { name: 'Docs', exact: true })
  if ((await docsButton.getAttribute('aria-pressed')) !== 'true') await docsButton.click()
  const search = page.getByLabel('Search the schema')
  await search.fill('')
  await page.waitForTimeout(300)
  await search.fill('PullRequestReviewComment')
  const found = await when(page, `[...document.querySelectorAll('[role="option"]')].some((e) => /^PullRequestReviewComment\\b/.test(e.textContent.trim()))`)
  const searchMs = found - (await page.evaluate(() => (window as unknown as { __inputAt: number }).__inputAt))
  await search.fill('')

  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
  await cdp.detach()
  return { readyMs: ready, longestTaskMs, longestAfterShownMs, keystrokeMs: median(keystrokes), searchMs, heapMb: heap.usedSize / 1e6 }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a')

const servers = await startBenchServers()
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
const rows: string[][] = []
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addInitScript(INSTRUMENT)
  const page = await context.newPage()
  await page.goto(`${URLS.app}/graphql`)
  await page.getByRole('textbox', { name: 'Endpoint' }).fill(ENDPOINT)
  // Let the debounced persistence store the endpoint before the reloads.
  await page.waitForTimeout(800)
  await measureOnce(page, true) // warm-up: HTTP cache, JIT
  for (const cold of [true, false]) {
    const runs: Run[] = []
    for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(page, cold))
    rows.push([
      cold ? 'network (no cache)' : 'cache',
      ms(median(runs.map((r) => r.readyMs))),
      ms(Math.max(...runs.map((r) => r.longestTaskMs))),
      ms(Math.max(...runs.map((r) => r.longestAfterShownMs))),
      ms(median(runs.map((r) => r.keystrokeMs))),
      ms(median(runs.map((r) => r.searchMs))),
      `${median(runs.map((r) => r.heapMb)).toFixed(0)} MB`,
    ])
  }
} finally {
  await browser.close()
  await servers.close()
}

const header = ['arrival', 'arrival→schema ready', 'longest task (worst)', 'after page shown', 'keystroke→completion', 'docs search', 'heap after GC']
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`
console.log(`\nGitHub's schema (1,598 types) — medians of ${RUNS} runs, Chromium ${browser.version()}\n`)
console.log(line(header))
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
for (const row of rows) console.log(line(row))
console.log('\nTargets: schema ready ≤ 1,000 ms from arrival, keystroke → completion ≤ 30 ms, no main-thread task over 50 ms.')
console.log(`Load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')} (2 cores; figures under load are not comparable).`)
