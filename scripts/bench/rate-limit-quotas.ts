/**
 * Benchmark of /rate-limits with many quotas (not a test: figures are printed, never asserted).
 * Target: a 50,000-line paste of many quotas renders in ≤ 1 s with no main-thread task over 100 ms.
 * In Debian Chromium against the production build, each case pastes its text (a `paste` event carrying
 * the text, as Ctrl+V sends it; if the page lets the browser insert it, the text goes into the text area with
 * one `input` event) and measures:
 * - paste → first render: until the header table (rendered with the quota list, below it) is there, one frame later;
 * - the longest main-thread task in that span (PerformanceObserver 'longtask', ≥ 50 ms reported);
 * - the longest task in the 3 s after (the countdowns tick every second);
 * - what the page shows: its quota summary and how many quota cards are in the DOM.
 * - the animation frames over 50 ms in that span and the scripts of 10 ms or more in each (Long Animation Frames).
 * The load average is printed before and after: on a busy machine the figures say as much about it.
 *
 *   AWB_LANE=2 npx vite build && AWB_LANE=2 npx tsx scripts/bench/rate-limit-quotas.ts [--runs 3] [--warmup 0] [--only 50] [--cpu 4] [--profile out.cpuprofile]
 *
 * `--only` keeps the cases whose name starts with it; a case not rendered within `--limit` seconds (default 120)
 * is reported as such and its page left. `--cpu N` slows the page's CPU N times (DevTools' CPU throttling: a
 * slow or busy machine, the same on every run, unlike the shared machine's load). `--profile` writes the CPU
 * profile of the first measured run of the first case (open it in DevTools' Performance panel).
 */
import { existsSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { chromium, type BrowserContext, type Page } from 'playwright'
import { preview } from 'vite'
import { chromiumArgs, chromiumPath } from '../chromium.ts'
import { OUT_DIRS, PORTS, URLS } from '../../demo/config/lanes.ts'

const arg = (name: string) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? process.argv[at + 1] : undefined
}
const RUNS = Number(arg('--runs')) || 2
const WARMUP = arg('--warmup') === '0' ? 0 : 1
const ONLY = arg('--only') ?? ''
const LIMIT_MS = (Number(arg('--limit')) || 120) * 1000
const CPU = Number(arg('--cpu')) || 1
const PROFILE = arg('--profile')
const TASK_TARGET_MS = 100
const RENDER_TARGET_MS = 1000

const KINDS = ['limit', 'remaining', 'reset'] as const
/** `lines` lines of `x-ratelimit-{limit|remaining|reset}-q<i>`, three per quota: one quota in three near its limit. */
function manyQuotas(lines: number): string {
  return Array.from({ length: lines }, (_, line) => {
    const kind = KINDS[line % 3] ?? 'limit'
    const q = Math.floor(line / 3)
    const value = kind === 'limit' ? 1000 : kind === 'remaining' ? (q % 3 === 0 ? q % 50 : 500 + (q % 500)) : 60 + (q % 3600)
    return `x-ratelimit-${kind}-q${q}: ${value}`
  }).join('\n')
}
const githubDump = ['HTTP/2 200', 'x-ratelimit-limit: 5000', 'x-ratelimit-remaining: 4987', 'x-ratelimit-reset: 1736850572', 'x-ratelimit-used: 13', 'x-ratelimit-resource: core']
/** 10 MB of headers with long values (a cookie jar, say). */
const tenMegabytes = [...githubDump, ...Array.from({ length: 40_000 }, (_, i) => `set-cookie: c${i}=${'v'.repeat(240)}; Path=/`)].join('\n')

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : value === Number.POSITIVE_INFINITY ? 'not rendered' : 'n/a')
const task = (value: number) => (value < 50 ? '< 50 ms' : ms(value))

const INSTRUMENT = () => {
  const w = window as unknown as { __tasks: { start: number; duration: number }[] }
  // Every run starts from an empty page: the app keeps a paste in sessionStorage when it fits.
  sessionStorage.clear()
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
}

// Strings, not functions: tsx would wrap inner named functions in a `__name` helper the page lacks.
const PASTE = `(() => {
  const el = document.querySelector('textarea')
  el.focus()
  const data = new DataTransfer()
  data.setData('text/plain', window.__text)
  const at = performance.now()
  const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
  if (el.dispatchEvent(event)) {
    el.value = window.__text
    el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }))
  }
  return at
})()`

const waitFor = (selector: string) => `new Promise((resolve, reject) => {
  const until = performance.now() + 120000
  const check = () => {
    if (document.querySelector(${JSON.stringify(selector)})) requestAnimationFrame(() => setTimeout(() => resolve(performance.now())))
    else if (performance.now() > until) reject(new Error('Not rendered within 120 s'))
    else requestAnimationFrame(check)
  }
  check()
})`

interface Case {
  name: string
  text: string
}

interface Run {
  totalMs: number
  longestTaskMs: number
  /** The longest task in the 3 s after the render (countdown ticks). */
  afterMs: number
  tasks: string
  /** Animation frames over 50 ms in the span, with their scripts. */
  frames: string[]
  summary: string
  cards: number
}

const DONE = '#rl-results table[aria-rowcount]'

/** One run in a page of its own (closed after, so a page still frozen by a run cut short goes with it). */
async function measureOnce(context: BrowserContext, c: Case, profile?: string): Promise<Run> {
  const page = await context.newPage()
  try {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU })
    if (profile) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    }
    const run = await measureIn(page, c, profile ? () => cdp.send('Profiler.start') : undefined)
    if (profile) {
      const { profile: data } = await cdp.send('Profiler.stop')
      writeFileSync(profile, JSON.stringify(data))
      process.stderr.write(`CPU profile written to ${profile}\n`)
    }
    return run
  } finally {
    await page.close()
  }
}

async function measureIn(page: Page, c: Case, beforePaste?: () => Promise<unknown>): Promise<Run> {
  await page.goto(`${URLS.app}/rate-limits`)
  await page.getByText('Response headers').first().waitFor()
  await page.evaluate(`window.__text = ${JSON.stringify(c.text)}`)
  await page.waitForTimeout(300)
  await beforePaste?.()
  const startedAt = (await page.evaluate(PASTE)) as number
  const cutShort = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), LIMIT_MS))
  const renderedAt = (await Promise.race([page.evaluate(waitFor(DONE)), cutShort])) as number | undefined
  if (renderedAt === undefined) {
    return { totalMs: Number.POSITIVE_INFINITY, longestTaskMs: Number.NaN, afterMs: Number.NaN, tasks: `not rendered within ${LIMIT_MS / 1000} s`, frames: [], summary: '', cards: 0 }
  }
  await page.waitForTimeout(3000)
  return page.evaluate(
    ([from, to]) => {
      const w = window as unknown as { __tasks: { start: number; duration: number }[] }
      const tasks = w.__tasks.filter((t) => t.start + t.duration >= (from ?? 0) && t.start <= (to ?? 0))
      const after = w.__tasks.filter((t) => t.start > (to ?? 0))
      const frames = (window as unknown as { __frames: { start: number; duration: number; scripts: string[] }[] }).__frames
      const slow = frames.filter((f) => f.start + f.duration >= (from ?? 0) && f.start <= (to ?? 0) && f.duration >= 50)
      const results = document.querySelector('#rl-results')
      return {
        totalMs: (to ?? 0) - (from ?? 0),
        longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
        afterMs: Math.max(0, ...after.map((t) => t.duration)),
        tasks: tasks.map((t) => `${Math.round(t.duration)} ms at +${Math.round(t.start - (from ?? 0))}`).join(', ') || 'none',
        frames: slow.map((f) => `${Math.round(f.duration)} ms frame at +${Math.round(f.start - (from ?? 0))}: ${f.scripts.join('; ') || 'no script over 10 ms (style, layout, paint, or GC)'}`),
        summary: (results?.querySelector('[data-testid="quota-summary"]') ?? results?.querySelector('.summary'))?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
        cards: results?.querySelectorAll('article').length ?? 0,
      }
    },
    [startedAt, renderedAt],
  )
}

const many = manyQuotas(50_000)
const more = manyQuotas(100_002)
const allCases: Case[] = [
  { name: `50,000-line paste of many quotas (${(many.length / 1e6).toFixed(1)} MB)`, text: many },
  { name: `100,002-line paste of many quotas (${(more.length / 1e6).toFixed(1)} MB)`, text: more },
  { name: `${(tenMegabytes.length / 1e6).toFixed(1)} MB paste (40,006 lines, one quota)`, text: tenMegabytes },
]
const cases = allCases.filter((c) => c.name.startsWith(ONLY))

if (!existsSync(`${OUT_DIRS.app}/index.html`)) {
  throw new Error(`No build in ${OUT_DIRS.app}/: run \`AWB_LANE=${process.env.AWB_LANE ?? 0} npx vite build\` first.`)
}
const loadBefore = loadavg()
const app = await preview({ preview: { port: PORTS.app, strictPort: true, host: '127.0.0.1' }, build: { outDir: OUT_DIRS.app }, logLevel: 'warn' })
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
const results = new Map<Case, Run[]>()
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addInitScript(INSTRUMENT)
  for (const c of cases) {
    if (WARMUP) await measureOnce(context, c) // warm-up: caches, JIT, the worker
    const runs: Run[] = []
    for (let i = 0; i < RUNS; i++) {
      const run = await measureOnce(context, c, i === 0 && c === cases[0] ? PROFILE : undefined)
      runs.push(run)
      if (!Number.isFinite(run.totalMs)) break
    }
    process.stderr.write(`measured: ${c.name}\n`)
    results.set(c, runs)
  }
} finally {
  await browser.close()
  await new Promise<void>((resolve) => app.httpServer.close(() => resolve()))
}
const loadAfter = loadavg()

const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' ')
console.log(`\nRate limits with many quotas, ${RUNS} runs each${CPU > 1 ? `, CPU ×${CPU}` : ''} (targets: rendered ≤ ${RENDER_TARGET_MS} ms, longest main-thread task ≤ ${TASK_TARGET_MS} ms)`)
console.log(`load average before ${load(loadBefore)}, after ${load(loadAfter)}\n`)
for (const [c, runs] of results) {
  const worst = Math.max(...runs.map((r) => r.longestTaskMs))
  const total = median(runs.map((r) => r.totalMs))
  console.log(
    `${c.name}: paste → rendered ${ms(total)} median / ${ms(Math.max(...runs.map((r) => r.totalMs)))} max (${total <= RENDER_TARGET_MS ? 'met' : 'MISSED'}); ` +
      `longest task ${task(worst)} (${worst <= TASK_TARGET_MS ? 'met' : 'MISSED'}); in the 3 s after ${task(Math.max(...runs.map((r) => r.afterMs)))}`,
  )
  console.log(`    shows "${runs[0]?.summary}", ${runs[0]?.cards} cards in the DOM`)
  for (const r of runs) {
    console.log(`    long tasks: ${r.tasks}`)
    for (const f of r.frames) console.log(`      ${f}`)
  }
}
