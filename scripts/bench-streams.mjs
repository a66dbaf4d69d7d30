#!/usr/bin/env node
// Longest main-thread task and renderer memory (JS heap, DOM, array buffers) while the GraphQL tester receives hostile streams
// (demo/hostile-streams.ts). Reports; asserts nothing. Starts its own preview of a build and the
// hostile server on free ports.
//
// Usage: node scripts/bench-streams.mjs [--dist dist-lane2] [--only flood,burst] [--seconds 6]
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { chromium } from '@playwright/test'

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? process.argv[at + 1] : fallback
}
const dist = arg('dist', 'dist')
const seconds = Number(arg('seconds', '6'))
const only = arg('only', '')?.split(',').filter(Boolean)

/** [name, path, query]: what each scenario sends. */
const scenarios = [
  ['flood', '/sse/flood', 'subscription Flood {\n  flood\n}\n'],
  ['endless-line', '/sse/endless-line', 'subscription Endless {\n  endless\n}\n'],
  ['burst-300k', '/sse/burst?count=300000', 'subscription Burst {\n  burst\n}\n'],
  ['big-event-50mb', '/sse/big-event?mb=50', 'subscription Big {\n  big\n}\n'],
  ['parts-100k', '/multipart/parts?count=100000', 'query Items {\n  items @stream\n}\n'],
  ['pending-100k', '/multipart/pending?count=100000', 'query Many {\n  ... @defer { f0 }\n}\n'],
  ['no-boundary-100mb', '/multipart/no-boundary?mb=100', 'query Big {\n  ... @defer { list }\n}\n'],
  ['endless-part', '/multipart/endless-part', 'query Endless {\n  ... @defer { x }\n}\n'],
  // WebSocket (graphql-transport-ws): the endpoint's ws:// picks the transport.
  ['ws-flood', 'ws:/ws/flood?pad=10', 'subscription Flood {\n  flood\n}\n'],
  ['ws-flood-1kb', 'ws:/ws/flood?pad=1000', 'subscription Flood {\n  flood\n}\n'],
  ['ws-huge-20mb', 'ws:/ws/huge?mb=20', 'subscription Huge {\n  huge\n}\n'],
].filter(([name]) => !only?.length || only.includes(name))

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer`)
}

const appPort = await freePort()
const hostilePort = await freePort()
// Each in its own process group, ended as a group (npx and tsx start children of their own).
const children = [
  spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(appPort), '--strictPort', '--outDir', dist], { stdio: 'ignore', detached: true }),
  spawn('npx', ['tsx', 'demo/hostile-streams.ts', '--port', String(hostilePort)], { stdio: 'ignore', detached: true }),
]
const app = `http://127.0.0.1:${appPort}`
const hostile = `http://127.0.0.1:${hostilePort}`
try {
  await waitFor(app)
  await waitFor(`${hostile}/health`)
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--disable-gpu', '--disable-dev-shm-usage', '--enable-precise-memory-info'] })
  console.log(`build ${dist}; ${seconds} s per scenario`)
  console.log('scenario            longest task   tasks>50ms   memory before → peak → after   status')
  for (const [name, path, query] of scenarios) {
    const context = await browser.newContext({ serviceWorkers: 'block' })
    const page = await context.newPage()
    await page.addInitScript(() => {
      window.__longTasks = []
      new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask', buffered: true })
    })
    await page.goto(`${app}/graphql`)
    await page.getByLabel('Endpoint', { exact: true }).waitFor()
    const cdp = await context.newCDPSession(page)
    // JS heap + DOM + array buffers (a reader's bytes live in the last, which JSHeapUsedSize leaves out).
    const heap = async () => {
      const used = await cdp.send('Runtime.getHeapUsage')
      return used.usedSize + (used.embedderHeapUsedSize ?? 0) + (used.backingStorageSize ?? 0)
    }
    await cdp.send('HeapProfiler.collectGarbage')
    const before = await heap()
    await page.getByLabel('Endpoint', { exact: true }).fill(path.startsWith('ws:') ? `${hostile.replace('http', 'ws')}${path.slice(3)}` : `${hostile}${path}`)
    await page.getByRole('textbox', { name: 'Query' }).click()
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.insertText(query)
    await page.evaluate(() => (window.__longTasks = []))
    await page.keyboard.press('Control+Enter')
    let peak = before
    const until = Date.now() + seconds * 1000
    while (Date.now() < until) {
      peak = Math.max(peak, await Promise.race([heap(), new Promise((resolve) => setTimeout(() => resolve(0), 2000))]))
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    const stop = page.getByRole('button', { name: 'Stop' }).last()
    const stopped = await Promise.race([stop.click({ timeout: 5000 }).then(() => 'stopped', () => 'no Stop'), new Promise((resolve) => setTimeout(() => resolve('Stop hung'), 6000))])
    const status = await Promise.race([page.getByTestId('announcer').textContent(), new Promise((resolve) => setTimeout(() => resolve('(page did not answer)'), 5000))])
    const tasks = await Promise.race([page.evaluate(() => window.__longTasks), new Promise((resolve) => setTimeout(() => resolve(undefined), 5000))])
    await cdp.send('HeapProfiler.collectGarbage').catch(() => {})
    const after = await Promise.race([heap(), new Promise((resolve) => setTimeout(() => resolve(NaN), 3000))])
    const mb = (bytes) => `${Math.round(bytes / 1e6)} MB`
    const longest = tasks ? `${Math.round(Math.max(0, ...tasks))} ms` : 'hung'
    console.log(`${name.padEnd(20)}${longest.padStart(12)}${String(tasks?.filter((d) => d > 50).length ?? '?').padStart(13)}   ${mb(before)} → ${mb(peak)} → ${mb(after)}   ${stopped}; ${String(status).slice(0, 90)}`)
    await Promise.race([context.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 5000))])
  }
  await browser.close()
} finally {
  for (const child of children) {
    try {
      process.kill(-child.pid)
    } catch {
      // already gone
    }
  }
}
