/**
 * Benchmark of the GraphQL tester with large responses (not a test: figures are printed, never
 * asserted). For 5 MB and 10 MB bodies from the demo server (`products(count:)`), a 100 MB body and
 * a gzip bomb (demo/large-bodies.ts), it measures, in Debian Chromium against the production build:
 * - click Send → first content (the first row of the response tree — the tree of the body's start
 *   while the rest arrives, or the whole one — or the size guard's notice, or the raw view, in the
 *   DOM, one frame later), and for the tree, click → the whole body's tree
 * - the longest main-thread task in that span (PerformanceObserver 'longtask', ≥ 50 ms reported)
 * - the 5 MB case once more under 4× CPU throttling (DevTools' CPU slowdown), a slow or busy machine
 *
 *   AWB_LANE=3 npx vite build && AWB_LANE=3 npx tsx scripts/bench/graphql-response.ts [--runs 5] [--case '5 MB'] [--profile DIR] [--trace]
 *
 * `--trace` records a Chromium trace of each case's last run and lists its tasks over 30 ms with
 * what they were made of (style, layout, GC, which scripts): see long-tasks.ts.
 *
 * Each run reloads the page (the endpoint and query survive a reload), so a run is a user's first
 * Send after opening the page; the demo server has already answered the same query once, so it
 * replays its bytes and the figures are the browser's side.
 */
import { chromium, type CDPSession, type Page } from 'playwright'
import { chromiumArgs, chromiumPath } from '../chromium.ts'
import { startBenchServers } from './servers.ts'
import { URLS } from '../../demo/config/lanes.ts'
import { LONG_TASK_TRACE_CATEGORIES, summariseLongTasks } from './long-tasks.ts'

const TREE_ROW = '[role="tree"][aria-label="Response body"] [role="treeitem"]'
/** A row of the tree of the body's start (shown while a large body arrives) or of the whole tree. */
const FIRST_ROW = `[role="tree"][aria-label="Response body, its start"] [role="treeitem"], ${TREE_ROW}`
const runsArg = process.argv.indexOf('--runs')
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) || 5 : 5

/**
 * The cases and the targets. 5 and 10 MB: the tree (its first row) is the first content;
 * 100 MB and the gzip bomb (10 KB inflating to 10 MB of NUL bytes): the size guard's notice or the
 * raw view. `path` is a demo-server route used as the endpoint (large-bodies.ts).
 */
const CASES: { label: string; count?: number; path?: string; marker: string; whole?: string; targetMs: number; taskLimitMs: number; cpuSlowdown?: number }[] = [
  { label: '5 MB', count: 17_000, marker: FIRST_ROW, whole: TREE_ROW, targetMs: 215, taskLimitMs: 50 },
  // A busy or slow machine: Chromium's CPU throttling (DevTools' "4× slowdown") on the page.
  { label: '5 MB, CPU ×4', count: 17_000, marker: FIRST_ROW, whole: TREE_ROW, targetMs: 1000, taskLimitMs: 50, cpuSlowdown: 4 },
  { label: '10 MB', count: 33_000, marker: FIRST_ROW, whole: TREE_ROW, targetMs: 1000, taskLimitMs: 50 },
  { label: '100 MB JSON', path: '/big?mb=100&type=json', marker: '[data-testid="body-oversized"]', targetMs: 5000, taskLimitMs: 50 },
  { label: 'gzip bomb 10 MB', path: '/gzip-bomb?mb=10', marker: '[role="region"][aria-label="Response body (raw)"]', targetMs: 1000, taskLimitMs: 100 },
]

const queryFor = (count: number) => `query Large {\n  products(count: ${count}) { id name email description price active createdAt }\n}\n`


/** Page-side instrumentation: long tasks, and the time of the next click (event timestamp). */
const INSTRUMENT = () => {
  const w = window as unknown as { __tasks: { start: number; duration: number }[]; __clickAt?: number }
  w.__tasks = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__tasks.push({ start: e.startTime, duration: e.duration })
  }).observe({ type: 'longtask', buffered: true })
  // Long animation frames name the scripts that ran in them: what a long task was.
  const loaf = window as unknown as { __frames: { start: number; duration: number; scripts: string[] }[] }
  loaf.__frames = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as { startTime: number; duration: number; scripts: { invoker: string; sourceFunctionName: string; sourceURL: string; duration: number }[] }[]) {
      const scripts = e.scripts.filter((s) => s.duration >= 10).map((s) => `${Math.round(s.duration)} ms ${s.invoker} ${s.sourceFunctionName || '(anonymous)'} ${s.sourceURL.split('/').pop() ?? ''}`)
      loaf.__frames.push({ start: e.startTime, duration: e.duration, scripts })
    }
  }).observe({ type: 'long-animation-frame', buffered: true })
  document.addEventListener('click', (event) => (w.__clickAt ??= event.timeStamp), { capture: true })
}

async function setUpRequest(page: Page, endpoint: string, query: string) {
  await page.goto(`${URLS.app}/graphql`)
  await page.getByRole('textbox', { name: 'Endpoint' }).fill(endpoint)
  const editor = page.getByRole('textbox', { name: 'Query' })
  await editor.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText(query)
  // Let the debounced persistence store the inputs before the reloads.
  await page.waitForTimeout(600)
}

interface Run {
  /** Animation frames over 50 ms in the span, with the scripts that ran in them. */
  slowFrames: string[]
  totalMs: number
  /** Click → the whole body's tree (NaN when the case has none). */
  wholeMs: number
  longestTaskMs: number
  fetchMs: number
  bytes: number
}

/** performance.now() one frame after `selector` matches (polled every frame). */
function renderedAt(page: Page, selector: string): Promise<number> {
  // A string, not a function: tsx would wrap the named inner function in a `__name` helper that
  // does not exist in the page.
  return page.evaluate(`new Promise((resolve) => {
    const check = () => {
      if (document.querySelector(${JSON.stringify(selector)})) {
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now())))
      } else requestAnimationFrame(check)
    }
    check()
  })`) as Promise<number>
}

async function measureOnce(page: Page, marker: string, whole?: string, beforeClick?: () => Promise<void>): Promise<Run> {
  await page.reload()
  await page.getByRole('button', { name: 'Send' }).waitFor()
  await page.waitForTimeout(300)
  await beforeClick?.()
  await page.getByRole('button', { name: 'Send' }).click()
  // Rendered = a row of the response tree is in the DOM, plus the frame that paints it.
  const rendered = await renderedAt(page, marker)
  const wholeAt = whole ? await renderedAt(page, whole) : Number.NaN
  await page.waitForTimeout(300)
  const run = await page.evaluate(([renderedAt]) => {
    const w = window as unknown as { __tasks: { start: number; duration: number }[]; __clickAt?: number }
    const clickAt = w.__clickAt ?? 0
    // Tasks from the click until 300 ms after the whole tree (or the first content).
    const tasks = w.__tasks.filter((t) => t.start + t.duration >= clickAt && t.start <= renderedAt + 300)
    const frames = (window as unknown as { __frames: { start: number; duration: number; scripts: string[] }[] }).__frames
    const slow = frames.filter((f) => f.start + f.duration >= clickAt && f.start <= renderedAt + 300 && f.duration >= 50)
    return { totalMs: renderedAt - clickAt, longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)), clickAt, slowFrames: slow.map((f) => `${Math.round(f.duration)} ms frame: ${f.scripts.join('; ') || 'no script over 10 ms (style, layout, paint, or GC)'}`) }
  }, [Number.isFinite(wholeAt) ? wholeAt : rendered] as const)
  // The request is the send worker's, so its Resource Timing entry is in the worker's timeline.
  const sender = page.workers().find((w) => w.url().includes('graphql-send.worker'))
  const entry = sender
    ? await sender.evaluate((origin) => {
        const e = performance
          .getEntriesByType('resource')
          .filter((r): r is PerformanceResourceTiming => r.name.startsWith(origin) && (r as PerformanceResourceTiming).initiatorType === 'fetch')
          .at(-1)
        return e ? { fetchMs: e.responseEnd - e.startTime, bytes: e.decodedBodySize } : undefined
      }, URLS.graphql)
    : undefined
  return { slowFrames: run.slowFrames, totalMs: rendered - run.clickAt, wholeMs: wholeAt - run.clickAt, longestTaskMs: run.longestTaskMs, fetchMs: entry?.fetchMs ?? Number.NaN, bytes: entry?.bytes ?? 0 }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a')

const profileArg = process.argv.indexOf('--profile')
/** `--profile DIR`: a CPU profile of each case's last run (the page's main thread), written there as .cpuprofile. */
const PROFILE = profileArg > 0 ? (process.argv[profileArg + 1] ?? 'bench-profiles') : undefined
const profiles: string[] = []
const TRACE = process.argv.includes('--trace')
const traced: string[] = []

/** Stops the profiler, writes the profile, and returns its 15 heaviest functions by self time, as text. */
async function saveProfile(cdp: CDPSession, label: string): Promise<string> {
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples: number[]; timeDeltas: number[] } }
  const { mkdirSync, writeFileSync } = await import('node:fs')
  mkdirSync(PROFILE ?? '.', { recursive: true })
  const file = `${PROFILE}/${label.replace(/\W+/g, '-')}.cpuprofile`
  writeFileSync(file, JSON.stringify(profile))
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const self = new Map<string, number>()
  profile.samples.forEach((id, k) => {
    const frame = byId.get(id)?.callFrame
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') return
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}`
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[k] ?? 0) / 1000)
  })
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)
  return `${label} (${file}):\n${top.map(([name, t]) => `  ${t.toFixed(1).padStart(7)} ms  ${name}`).join('\n')}`
}

const servers = await startBenchServers()
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
const browserVersion = browser.version()
const rows: string[][] = []
const slowFrames: string[] = []
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addInitScript(INSTRUMENT)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  const only = process.argv.indexOf('--case')
  for (const c of only > 0 ? CASES.filter((c) => c.label.startsWith(process.argv[only + 1] ?? '')) : CASES) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: c.cpuSlowdown ?? 1 })
    const endpoint = `${URLS.graphql}${c.path ?? '/graphql'}`
    const query = queryFor(c.count ?? 1)
    // Warm the demo server's replay cache (graphql-js takes seconds to execute this here).
    await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) }).then((r) => r.arrayBuffer())
    await setUpRequest(page, endpoint, query)
    await measureOnce(page, c.marker, c.whole) // warm-up: caches, JIT
    const runs: Run[] = []
    for (let i = 0; i < RUNS; i++) {
      const last = i === RUNS - 1
      const profiled = PROFILE !== undefined && last
      // From just before the click: the reload before it would add the old page's unloading.
      const beforeClick = async () => {
        if (profiled) {
          await cdp.send('Profiler.enable')
          await cdp.send('Profiler.start')
        }
        if (TRACE && last) await browser.startTracing(page, { categories: LONG_TASK_TRACE_CATEGORIES })
      }
      runs.push(await measureOnce(page, c.marker, c.whole, profiled || (TRACE && last) ? beforeClick : undefined))
      if (profiled) profiles.push(await saveProfile(cdp, c.label))
      if (TRACE && last) traced.push(`${c.label}:`, ...summariseLongTasks((await browser.stopTracing()).toString(), 30).map((line) => `- ${line}`))
    }
    const total = median(runs.map((r) => r.totalMs))
    const worst = Math.max(...runs.map((r) => r.longestTaskMs))
    rows.push([
      c.label,
      `${((runs[0]?.bytes ?? 0) / 1e6).toFixed(2)} MB`,
      ms(total),
      ms(Math.max(...runs.map((r) => r.totalMs))),
      ms(median(runs.map((r) => r.wholeMs))),
      ms(median(runs.map((r) => r.fetchMs))),
      `${worst < 50 ? '< 50 ms' : ms(worst)} (${runs.map((r) => Math.round(r.longestTaskMs)).join(', ')})`,
      `≤ ${c.targetMs} ms, tasks ≤ ${c.taskLimitMs} ms`,
      total <= c.targetMs && worst <= c.taskLimitMs ? 'met' : 'MISSED',
    ])
    for (const frame of new Set(runs.flatMap((r) => r.slowFrames))) slowFrames.push(`${c.label}: ${frame}`)
  }
} finally {
  await browser.close()
  await servers.close()
}

const header = ['body', 'size', 'click→first content (median)', 'max', 'click→whole tree (median)', 'fetch (median)', 'longest task (each run)', 'target', 'verdict']
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`
console.log(`\nGraphQL large responses — ${RUNS} runs each, Chromium ${browserVersion}\n`)
console.log(line(header))
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
for (const row of rows) console.log(line(row))
console.log('\n"fetch" = request start → last byte (Resource Timing); the rest is reading, parsing (worker) and rendering.')
console.log('First content: a row of the tree of the body\'s start or of the whole tree (5, 10 MB), the size guard\'s notice (100 MB), the raw view (gzip bomb); longest task: click → 300 ms after the whole tree or the first content.')
if (slowFrames.length) console.log(`\nAnimation frames over 50 ms (Long Animation Frames API: scripts ≥ 10 ms in each):\n${slowFrames.map((f) => `- ${f}`).join('\n')}`)
if (traced.length) console.log(`\nTasks over 30 ms in each case's last run (Chromium trace):\n${traced.join('\n')}`)
if (profiles.length) console.log(`\nHeaviest functions by self time (a build with \`--minify false\` keeps their names):\n${profiles.join('\n')}`)
console.log(`Load average at the end: ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')} (2 cores; figures under load are not comparable).`)
