/**
 * Benchmark of the GraphQL tester's stream view (not a test: figures are printed, never
 * asserted). A subscription of 10,000 events at 200 per second (`ticks(count:, perSecond:)` of the
 * demo server) over Server-Sent Events and over WebSocket, in Debian Chromium against the
 * production build. While the events arrive it records:
 * - the longest main-thread task (PerformanceObserver 'longtask', ≥ 50 ms reported; target: none);
 * - the frame rate (requestAnimationFrame callbacks per second) and the longest gap between frames;
 * - that every event is listed when the server completes (the view's count).
 *
 *   AWB_LANE=3 npx vite build && AWB_LANE=3 npx tsx scripts/bench/graphql-stream.ts [--count 10000] [--rate 200]
 */
import { loadavg } from 'node:os'
import { chromium, type Page } from 'playwright'
import { chromiumArgs, chromiumPath } from '../chromium.ts'
import { startBenchServers } from './servers.ts'
import { URLS } from '../../demo/config/lanes.ts'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name)
  return i > 0 ? Number(process.argv[i + 1]) || fallback : fallback
}
const COUNT = arg('--count', 10_000)
const RATE = arg('--rate', 200)
const TASK_TARGET_MS = 50


/** Page-side instrumentation: long tasks and every animation frame's time. */
const INSTRUMENT = () => {
  const w = window as unknown as { __tasks: { start: number; duration: number }[]; __frames: number[]; __clickAt?: number }
  w.__tasks = []
  w.__frames = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__tasks.push({ start: e.startTime, duration: e.duration })
  }).observe({ type: 'longtask', buffered: true })
  document.addEventListener('click', (event) => (w.__clickAt ??= event.timeStamp), { capture: true })
}

interface Run {
  transport: string
  streamMs: number
  longestTaskMs: number
  fps: number
  longestFrameGapMs: number
  listed: string
  framesSeen: number
  tasks: string
}

async function measure(page: Page, transport: 'sse' | 'ws'): Promise<Run> {
  const endpoint = transport === 'ws' ? `${URLS.graphql.replace('http', 'ws')}/graphql` : `${URLS.graphql}/graphql`
  await page.goto(`${URLS.app}/graphql`)
  await page.getByRole('textbox', { name: 'Endpoint' }).fill(endpoint)
  const editor = page.getByRole('textbox', { name: 'Query' })
  await editor.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText(`subscription Ticks {\n  ticks(count: ${COUNT}, perSecond: ${RATE}) { n at }\n}\n`)
  await page.waitForTimeout(600)
  // A string, not a function: tsx would wrap inner functions in a `__name` helper the page lacks.
  await page.evaluate(`(() => {
    window.__tasks = []
    window.__frames = []
    delete window.__clickAt
    const frame = (t) => { window.__frames.push(t); requestAnimationFrame(frame) }
    requestAnimationFrame(frame)
  })()`)
  await page.getByRole('button', { name: 'Send' }).click()
  const done = page.getByText(new RegExp(`${COUNT.toLocaleString('en')} events`)).first()
  await done.waitFor({ timeout: (COUNT / RATE) * 1000 * 4 + 30_000 })
  const endedAt = (await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())))')) as number
  const listed = (await done.textContent()) ?? ''
  const figures = await page.evaluate((end) => {
    const w = window as unknown as { __tasks: { start: number; duration: number }[]; __frames: number[]; __clickAt?: number }
    const start = w.__clickAt ?? 0
    const tasks = w.__tasks.filter((t) => t.start + t.duration >= start && t.start <= end)
    const frames = w.__frames.filter((t) => t >= start && t <= end)
    let gap = 0
    for (let i = 1; i < frames.length; i++) gap = Math.max(gap, (frames[i] ?? 0) - (frames[i - 1] ?? 0))
    return {
      streamMs: end - start,
      framesSeen: w.__frames.length,
      tasks: tasks.map((t) => `${Math.round(t.duration)} ms at +${Math.round(t.start - start)}`).join(', ') || 'none',
      longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
      fps: frames.length / ((end - start) / 1000),
      longestFrameGapMs: gap,
    }
  }, endedAt)
  return { transport, listed, ...figures }
}

const servers = await startBenchServers()
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
const runs: Run[] = []
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addInitScript(INSTRUMENT)
  const page = await context.newPage()
  for (const transport of ['sse', 'ws'] as const) runs.push(await measure(page, transport))
} finally {
  await browser.close()
  await servers.close()
}

const ms = (value: number) => `${Math.round(value)} ms`
console.log(`\nGraphQL subscription, ${COUNT.toLocaleString('en')} events at ${RATE}/s (target: no main-thread task over ${TASK_TARGET_MS} ms)\n`)
for (const r of runs) {
  const name = r.transport === 'ws' ? 'WebSocket (graphql-ws)' : 'Server-Sent Events'
  const task = r.longestTaskMs < 50 ? '< 50 ms' : ms(r.longestTaskMs)
  console.log(
    `${name}: ${(r.streamMs / 1000).toFixed(1)} s; longest task ${task} (${r.longestTaskMs <= TASK_TARGET_MS ? 'met' : 'MISSED'}); ` +
      `${r.fps.toFixed(0)} frames/s, longest frame gap ${ms(r.longestFrameGapMs)}; view says "${r.listed.trim()}"`,
  )
  console.log(`    long tasks (ms after Send): ${r.tasks}`)
}
console.log(`Load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')} (2 cores; figures under load are not comparable).`)
