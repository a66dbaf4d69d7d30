/**
 * The main thread's long tasks while a page loads, as Lighthouse's total blocking time counts
 * them, read from a Chromium trace: each route opened fresh (no service worker, empty cache) on a
 * phone-sized page, with or without CPU throttling, and every task over the threshold listed by
 * its parts ({@link summariseLongTasks}). Lighthouse simulates a 4× slower CPU from an
 * unthrottled trace, so a task of 12.5 ms here is a 50 ms one there. Figures, never asserted.
 * Each run also prints the blocking time after the first contentful paint as Lighthouse would
 * simulate it at 4× ({@link blockingAfterFirstPaint}), and the end its median per route.
 *   AWB_LANE=9 npx vite build && AWB_LANE=9 npx tsx scripts/bench/page-load-tasks.ts [--cpu 4] [--min 30] [--runs 1] [--quiet] [/route …]
 */
import { chromium } from '@playwright/test'
import { preview } from 'vite'
import { chromiumArgs, chromiumPath } from '../chromium.ts'
import { OUT_DIRS, PORTS } from '../../demo/config/lanes.ts'
import { LONG_TASK_TRACE_CATEGORIES, blockingAfterFirstPaint, summariseLongTasks } from './long-tasks.ts'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback)
const cpu = option('--cpu', 1)
const minMs = option('--min', cpu === 1 ? 12 : 30)
const runs = option('--runs', 1)
const routes = args.filter((a) => a.startsWith('/'))
const quiet = args.includes('--quiet')
const totals: Record<string, number[]> = {}

const server = await preview({ preview: { port: PORTS.app, strictPort: true, host: '127.0.0.1' }, build: { outDir: OUT_DIRS.app } })
const origin = `http://127.0.0.1:${PORTS.app}`
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
try {
  for (let run = 0; run < runs; run++) {
    for (const route of routes.length ? routes : ['/', '/graphql', '/webhooks', '/rate-limits']) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, serviceWorkers: 'block' })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
      await browser.startTracing(page, { categories: LONG_TASK_TRACE_CATEGORIES })
      await page.goto(`${origin}${route}`, { waitUntil: 'load' })
      // The page's turns, editors and idle work: until the footer (shown once the turns settle) and 2 s more.
      await page.locator('footer').waitFor({ state: 'attached', timeout: 30_000 }).catch(() => undefined)
      await page.waitForTimeout(2000)
      const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN)
      const trace = (await browser.stopTracing()).toString()
      const blocking = blockingAfterFirstPaint(trace, 4 / cpu)
      totals[route] = [...(totals[route] ?? []), blocking]
      console.log(`${route} (CPU ×${cpu}, FCP ${Math.round(fcp)} ms, blocking after it at 4× ${Math.round(blocking)} ms; tasks ≥ ${minMs} ms, times from the first listed):`)
      if (!quiet) for (const line of summariseLongTasks(trace, minMs)) console.log(`- ${line}`)
      await context.close()
    }
  }
  for (const [route, values] of Object.entries(totals)) {
    const sorted = [...values].sort((a, b) => a - b)
    console.log(`${route}: blocking after the first paint at 4×, median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? NaN)} ms (${sorted.map(Math.round).join(', ')})`)
  }
} finally {
  await browser.close()
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
}
