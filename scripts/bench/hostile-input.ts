/**
 * Benchmark of the pages under hostile input (not a test: figures are printed, never asserted): the longest
 * main-thread task (PerformanceObserver 'longtask') and the time until the page shows its answer, in Debian
 * Chromium against a production build. Run it on two builds to compare before and after a change:
 *
 *   AWB_LANE=4 npx vite build && AWB_LANE=4 npx tsx scripts/bench/hostile-input.ts [--dir other-build] [--only timeline]
 *
 * Cases: saved state (50,000 tabs, 2,000 environments with repeated variable ids), a curl command (100,000
 * trailing newlines, a megabyte of backslashes, 100,000 unknown options), the rate-limit timeline (20,000
 * readings that each refill; 1,000 quota families), and the signature doctor (a 10 MB body, then six
 * keystrokes of the secret). A case that has not answered after `--limit` seconds (default 90) is cut short.
 * Memory is the proportional set size of the browser's renderer processes (page and workers, from /proc: Linux),
 * when the page has loaded, at its peak (sampled every 200 ms) and once the answer is shown and the page's
 * garbage collected.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { sign } from '@octokit/webhooks-methods'
import { chromium, type Page } from 'playwright'
import { preview } from 'vite'
import { chromiumArgs, chromiumPath } from '../chromium.ts'
import { OUT_DIRS, PORTS, URLS } from '../../demo/config/lanes.ts'
import { sampleHar } from '../../src/features/rate-limits/core/timeline/sample-har.ts'

const arg = (name: string) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? process.argv[at + 1] : undefined
}
const DIR = arg('--dir') ?? OUT_DIRS.app
const LIMIT_MS = (Number(arg('--limit')) || 90) * 1000
/** Only the cases whose name starts with this. @default all */
const ONLY = arg('--only') ?? ''
const T = Date.parse('2025-01-14T12:00:00Z')

// Strings, not functions: tsx would wrap inner named functions in a `__name` helper the page lacks.
// A file opened through Playwright arrives in a task of Playwright's own (the file's bytes decoded in the page):
// tasks that start before the file input's \`change\` are not the app's, and are left out.
const INSTRUMENT = `(() => {
  window.__tasks = []
  window.__from = 0
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__tasks.push({ start: e.startTime, duration: e.duration }) }).observe({ type: 'longtask', buffered: true })
  document.addEventListener('change', () => (window.__from = performance.now()), { capture: true })
})()`

interface Case {
  name: string
  /** Fills storage before the first load (string of a script), or ''. */
  preset?: Record<string, string>
  path: string
  /** What the user does; resolves when the page shows its answer. */
  act: (page: Page) => Promise<void>
}

const environments = JSON.stringify({
  activeId: '',
  environments: Array.from({ length: 2000 }, (_, i) => ({ id: 'same', name: `Env ${i}`, variables: Array.from({ length: 10 }, () => ({ id: 'same', name: 'a', value: '1' })) })),
})
const tabs = JSON.stringify({ activeId: 't1', tabs: Array.from({ length: 50_000 }, (_, i) => ({ id: `t${i + 1}`, name: '', request: { query: `query Saved${i} { a }` } })) })
const unknown = Array.from({ length: 100_000 }, (_, i) => `--unknown-${i}`).join(' ')
const curl = `curl '${URLS.graphql}/graphql' --data-raw '{"query":"{ __typename }"}' ${'\\'.repeat(1_000_000)} ${unknown}${'\n'.repeat(100_000)}`
const families = JSON.stringify({
  log: {
    version: '1.2',
    entries: Array.from({ length: 2000 }, (_, i) => {
      const family = i % 1000
      const at = T + i * 100
      const headers = [
        ['date', new Date(Math.floor(at / 1000) * 1000).toUTCString()],
        ['x-ratelimit-limit', '5000'],
        ['x-ratelimit-remaining', String(10 + ((family * 37) % 4990))],
        ['x-ratelimit-reset', String(Math.floor(T / 1000) + 3600)],
        ['x-ratelimit-resource', `r${family}`],
      ].map(([name, value]) => ({ name, value }))
      return { startedDateTime: new Date(at).toISOString(), request: { method: 'GET', url: `https://api.github.com/r/${family}`, headers: [] }, response: { status: 200, headers } }
    }),
  },
})
const rising = sampleHar({ startMs: T, count: 20_000, intervalMs: 2000, windowSeconds: 2, extraHeaders: 0 })
const doctorBody = JSON.stringify({ zen: 'Design for failure.', padding: 'x'.repeat(10_000_000) })
const doctorRequest = `POST /webhook HTTP/1.1\nContent-Type: application/json\nX-GitHub-Event: ping\nX-Hub-Signature-256: ${await sign('the real secret', doctorBody)}\n\n${doctorBody}`

async function openHar(page: Page, har: string, done: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Open file…' }).click()
  await (await chooser).setFiles({ name: 'traffic.har', mimeType: 'application/json', buffer: Buffer.from(har) })
  await page.locator(done).first().waitFor({ timeout: LIMIT_MS })
}

const cases: Case[] = [
  {
    name: 'saved state: 50,000 tabs, 2,000 environments × 10 repeated ids',
    preset: { 'awb-graphql-tabs': tabs, 'awb-graphql-environments': environments },
    path: '/graphql',
    act: async (page) => {
      await page.locator('#main:not([aria-busy="true"]) h1').waitFor({ timeout: LIMIT_MS })
      await page.getByRole('tab').first().waitFor({ timeout: LIMIT_MS })
    },
  },
  {
    name: 'curl import: 100,000 newlines, 1 MB of backslashes, 100,000 unknown options',
    path: '/graphql',
    act: async (page) => {
      await page.getByRole('button', { name: 'Import curl' }).click()
      const dialog = page.getByRole('dialog', { name: 'Import curl' })
      await dialog.getByRole('textbox', { name: 'curl command' }).evaluate((area: HTMLTextAreaElement, text) => {
        area.value = text
        area.dispatchEvent(new Event('input', { bubbles: true }))
      }, curl)
      await dialog.getByRole('button', { name: 'Import' }).click()
      await dialog.getByRole('list', { name: 'Notes' }).waitFor({ timeout: LIMIT_MS })
    },
  },
  { name: 'timeline: 20,000 readings that each refill', path: '/rate-limits?mode=timeline', act: (page) => openHar(page, rising, '#rl-timeline figure svg') },
  { name: 'timeline: 1,000 quota families', path: '/rate-limits?mode=timeline', act: (page) => openHar(page, families, '#rl-timeline figure svg') },
  {
    name: 'signature doctor: 10 MB body, then 6 keystrokes of the secret',
    path: '/webhooks',
    act: async (page) => {
      const region = page.getByRole('region', { name: 'Signature doctor' })
      await page.evaluate((text) => navigator.clipboard.writeText(text), doctorRequest)
      await region.getByRole('textbox', { name: 'Request as received' }).focus()
      await page.keyboard.press('ControlOrMeta+V')
      await region.getByLabel('Secret your handler verifies with').focus()
      for (const key of 'wrong!') await page.keyboard.type(key)
      await region.getByRole('heading', { name: 'Signature invalid' }).waitFor({ timeout: LIMIT_MS })
    },
  },
]

const app = await preview({ preview: { port: PORTS.app, strictPort: true, host: '127.0.0.1' }, build: { outDir: DIR }, logLevel: 'warn' })
// A mark on the browser's command line, to find its renderer processes among other Chromiums on the machine.
const MARK = `--awb-bench=${process.pid}`
const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, MARK] })

/** Reads /proc: pid → [parent pid, command line]. */
function processes(): Map<number, [number, string]> {
  const table = new Map<number, [number, string]>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      table.set(Number(name), [ppid, readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ')])
    } catch {
      // The process ended meanwhile.
    }
  }
  return table
}

/**
 * Memory of this browser's renderer processes (the page, its DOM and its workers; proportional set size), in bytes:
 * Linux only, read from /proc, so a worker's heap counts as the page's does.
 */
function rendererMemory(): number {
  const table = processes()
  const root = [...table].find(([, [, cmd]]) => cmd.includes(MARK) && !cmd.includes('--type='))?.[0]
  let bytes = 0
  for (const [pid, [, cmd]] of table) {
    if (!cmd.includes('--type=renderer')) continue
    let up = table.get(pid)?.[0]
    while (up !== undefined && up > 1 && up !== root) up = table.get(up)?.[0]
    if (up !== root) continue
    try {
      // Proportional set size: pages shared with other processes count in part, not in full.
      const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))
      bytes += Number(pss?.[1] ?? 0) * 1024
    } catch {
      // Ended meanwhile.
    }
  }
  return bytes
}
const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`
console.log(`Hostile input against ${DIR} (longest main-thread task, time to the answer, renderer memory loaded → peak → after):`)
try {
  for (const c of cases.filter((c) => c.name.startsWith(ONLY))) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: URLS.app })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await context.addInitScript(INSTRUMENT)
    if (c.preset) await context.addInitScript((entries) => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v) }, c.preset)
    const page = await context.newPage()
    page.setDefaultTimeout(LIMIT_MS)
    const start = Date.now()
    let outcome = 'answered'
    let loaded = 0
    let peak = 0
    const sampler = setInterval(() => (peak = Math.max(peak, rendererMemory())), 200)
    try {
      await page.goto(c.path)
      await page.locator('#main:not([aria-busy="true"]) h1').waitFor({ timeout: LIMIT_MS })
      loaded = rendererMemory()
      await c.act(page)
    } catch (error) {
      outcome = `cut short (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`
    }
    const total = Date.now() - start
    clearInterval(sampler)
    // "After" is what the page keeps: its garbage collected first (the page's heap; a worker's is its own).
    const cdp = await context.newCDPSession(page)
    await Promise.race([cdp.send('HeapProfiler.collectGarbage'), new Promise((r) => setTimeout(r, 10_000))])
    const memory = `${mb(loaded)} → ${mb(Math.max(peak, loaded))} → ${mb(rendererMemory())}`
    const read = () => {
      const w = window as unknown as { __tasks: { start: number; duration: number }[]; __from: number }
      return w.__tasks.filter((t) => t.start + t.duration > w.__from && t.start >= w.__from - 1).map((t) => t.duration)
    }
    const tasks = await Promise.race([page.evaluate(read), new Promise<undefined>((r) => setTimeout(() => r(undefined), 10_000))])
    if (!tasks) {
      console.log(`- ${c.name}: the page did not answer for ${Math.round(total / 1000) + 10} s (its task is still running), memory ${memory}; ${outcome}`)
    } else {
      const longest = tasks.length ? Math.max(...tasks) : 0
      console.log(`- ${c.name}: longest task ${Math.round(longest)} ms, ${Math.round(total / 100) / 10} s to the answer, ${tasks.length} tasks ≥ 50 ms, memory ${memory}; ${outcome}`)
    }
    await context.close()
  }
} finally {
  await browser.close()
  await new Promise<void>((resolve) => app.httpServer.close(() => resolve()))
}
