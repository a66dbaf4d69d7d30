import { expect, test, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import type { HostileStreamsStats } from '../../demo/hostile-streams.ts'
import { openPage } from '../support/app'

/**
 * GraphQL streams from hostile servers (demo/hostile-streams.ts): a flood, a line that never ends,
 * a burst of 300,000 events, 100,000 multipart parts, 100,000 pending ids, a multipart answer
 * without a boundary; over WebSocket (graphql-transport-ws) a flood, a 20 MB message and odd
 * `error` payloads. For each: the page answers an evaluate within 1 s while it runs (liveness,
 * not a timing), the renderer's memory stays under {@link HEAP_LIMIT_BYTES}, a limit is named when
 * one is hit, and Stop ends a stream with the server seeing the close.
 *
 * Each test runs alone (Playwright's built-in `-exclusive-` lock: no other test of the run at the
 * same time): a hostile stream keeps a core busy (the server writing, the stream worker reading),
 * so beside another test on a two-core machine the page is starved and the liveness check would
 * measure the machine, not the page (a WebSocket flood beside other tests once went 2 s without
 * answering in a full run).
 */
test.describe.configure({ lock: '-exclusive-' })

/**
 * The renderer memory the page must stay under during any of these streams: its JS heap, the DOM
 * (embedder heap) and array buffers (where a reader's bytes live; JSHeapUsedSize leaves them out).
 */
const HEAP_LIMIT_BYTES = 400_000_000

const announcer = (page: Page) => page.getByTestId('announcer')
const streamRegion = (page: Page) => page.locator('[data-region="response"]')
/** Connections to `route` the client closed early: per route, as other tests use the same server at the same time. */
const stats = async () => (await (await fetch(`${URLS.hostileStreams}/stats`)).json()) as HostileStreamsStats
const closedEarly = async (route: string) => (await stats()).closedEarlyByRoute[route] ?? 0
/** WebSocket subscriptions on `route` the client ended with a graphql-ws `complete` message. */
const completedByClient = async (route: string) => (await stats()).completedByRoute[route] ?? 0
const hostileWs = URLS.hostileStreams.replace(/^http/, 'ws')

async function send(page: Page, path: string, query: string, origin = URLS.hostileStreams): Promise<void> {
  await page.getByLabel('Endpoint', { exact: true }).fill(`${origin}${path}`)
  await page.getByRole('textbox', { name: 'Query' }).click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText(query)
  await page.keyboard.press('Control+Enter')
}

/** Whether the page runs a script within 1 s (a hung main thread never answers). */
async function answers(page: Page): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 1000))
  return Promise.race([page.evaluate(() => true), timeout])
}

/** Checks liveness every 250 ms for `ms`, and the heap; returns the largest heap seen. */
async function staysAlive(page: Page, ms: number): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  let largest = 0
  const started = Date.now()
  for (const until = started + ms; Date.now() < until; ) {
    expect(await answers(page), `the page answered an evaluate within 1 s (${Date.now() - started} ms into the stream)`).toBe(true)
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; embedderHeapUsedSize?: number; backingStorageSize?: number }
    largest = Math.max(largest, heap.usedSize + (heap.embedderHeapUsedSize ?? 0) + (heap.backingStorageSize ?? 0))
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  expect(largest).toBeLessThan(HEAP_LIMIT_BYTES)
  return largest
}

test('an SSE flood: the page stays responsive and under its memory limit, and Stop closes the connection the server sees', async ({ page }) => {
  await openPage(page, '/graphql')
  const before = await closedEarly('/sse/flood')
  // Small events: the most events a second (a client that handles each on the page falls behind at once).
  await send(page, '/sse/flood?pad=10', 'subscription Flood {\n  flood\n}\n')
  await expect(page.getByRole('listbox', { name: 'Events' }).getByRole('option').first()).toBeVisible()
  await staysAlive(page, 8000)
  await page.getByRole('button', { name: 'Stop' }).last().click()
  await expect(announcer(page)).toHaveText(/^Stopped after [\d,]+ events$/)
  await expect.poll(() => closedEarly('/sse/flood')).toBeGreaterThan(before)
})

test('an SSE line that never ends stops at the 16 MB event limit, named, and the connection is closed', async ({ page }) => {
  await openPage(page, '/graphql')
  const before = await closedEarly('/sse/endless-line')
  await send(page, '/sse/endless-line', 'subscription Endless {\n  endless\n}\n')
  await staysAlive(page, 1500)
  await expect(streamRegion(page)).toContainText('An event passed 16 MB, the most one event may be here', { timeout: 30_000 })
  await expect(announcer(page)).toHaveText(/^Stream failed after 0 events: An event passed 16 MB/)
  await expect.poll(() => closedEarly('/sse/endless-line')).toBeGreaterThan(before)
})

test('a burst of 300,000 SSE events: responsive throughout, every event counted, the latest listed', async ({ page }) => {
  await openPage(page, '/graphql')
  await send(page, '/sse/burst?count=300000', 'subscription Burst {\n  burst\n}\n')
  await staysAlive(page, 2000)
  await expect(announcer(page)).toHaveText(/^Completed: 300,000 events in /, { timeout: 60_000 })
  await expect(page.getByTestId('stream-counts')).toContainText('300,000 events')
})

test('100,000 multipart @stream parts: responsive, merged, completed', async ({ page }) => {
  await openPage(page, '/graphql')
  await send(page, '/multipart/parts?count=100000', 'query Items {\n  items @stream\n}\n')
  await staysAlive(page, 2000)
  await expect(announcer(page)).toHaveText(/^Completed: 100,002 events in /, { timeout: 60_000 })
  await page.getByRole('tab', { name: 'Merged result' }).click()
  await expect(page.getByText('Nothing pending: every deferred part has arrived.')).toBeVisible()
})

test('100,000 pending ids then one part completing them: responsive, nothing left pending', async ({ page }) => {
  await openPage(page, '/graphql')
  await send(page, '/multipart/pending?count=100000', 'query Many {\n  ... @defer { f0 }\n}\n')
  await staysAlive(page, 2000)
  await expect(announcer(page)).toHaveText(/^Completed: 2 events in /, { timeout: 60_000 })
  await page.getByRole('tab', { name: 'Merged result' }).click()
  await expect(page.getByText('Nothing pending: every deferred part has arrived.')).toBeVisible()
})

test('a multipart answer without a boundary stops at the 16 MB limit, named', async ({ page }) => {
  await openPage(page, '/graphql')
  await send(page, '/multipart/no-boundary?mb=100', 'query Big {\n  ... @defer { list }\n}\n')
  await staysAlive(page, 1000)
  await expect(streamRegion(page)).toContainText('The answer passed 16 MB, the most one result may be here (it is not multipart/mixed', { timeout: 30_000 })
})

test('a WebSocket flood: the page stays responsive and under its memory limit, and Stop sends complete and closes the socket the server sees', async ({ page }) => {
  await openPage(page, '/graphql')
  const closedBefore = await closedEarly('/ws/flood')
  const completedBefore = await completedByClient('/ws/flood')
  await send(page, '/ws/flood?pad=10', 'subscription Flood {\n  flood\n}\n', hostileWs)
  await expect(page.getByRole('listbox', { name: 'Events' }).getByRole('option').first()).toBeVisible()
  await staysAlive(page, 8000)
  await page.getByRole('button', { name: 'Stop' }).last().click()
  await expect(announcer(page)).toHaveText(/^Stopped after [\d,]+ events( \(and [\d,]+ not listed\))?$/)
  await expect.poll(() => completedByClient('/ws/flood')).toBeGreaterThan(completedBefore)
  await expect.poll(() => closedEarly('/ws/flood')).toBeGreaterThan(closedBefore)
})

test('a 20 MB WebSocket message stops at the 16 MB message limit, named, and the socket is closed', async ({ page }) => {
  await openPage(page, '/graphql')
  await send(page, '/ws/huge?mb=20', 'subscription Huge {\n  huge\n}\n', hostileWs)
  await staysAlive(page, 1500)
  await expect(streamRegion(page)).toContainText('A WebSocket message passed 16 MB, the most one message may be here', { timeout: 30_000 })
  await expect(announcer(page)).toHaveText(/^Stream failed after 0 events: A WebSocket message passed 16 MB/)
})

test('odd WebSocket error payloads end the stream in words, never "Connecting…" and never a megabyte of the server’s text', async ({ page }) => {
  await openPage(page, '/graphql')
  await send(page, '/ws/odd-error?kind=object-message', 'subscription Odd {\n  odd\n}\n', hostileWs)
  await expect(streamRegion(page)).toContainText('The server refused the operation: {"toString":1}')
  await send(page, '/ws/odd-error?kind=huge-message', 'subscription Odd {\n  odd\n}\n', hostileWs)
  await expect(announcer(page)).toHaveText(/^Stream failed after 0 events: The server refused the operation: e{100}/)
  expect((await announcer(page).textContent())?.length).toBeLessThan(2200)
})
