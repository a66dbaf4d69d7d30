import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { openPage, presetTheme, THEMES } from '../support/app'
import { expectNoAxeViolations } from '../support/axe'
import { announcedIn } from '../../src/shared/testing/announced'
import { clearSpoken, spokenPhrases, startScreenReader, useScreenReader } from '../support/screen-reader'
import { cutBy } from '../support/layout'

/**
 * Subscriptions and incremental delivery against the real demo servers: a countdown over
 * SSE and over WebSocket arrives in order and completes; Stop ends a stream and the server sees the
 * close; an error mid-stream is listed and announced; a @defer query shows its first part with the
 * pending marker before the deferred one; servers that do not speak the protocol get a clear
 * message; the SSE curl command receives the same events in bash.
 */
const run = promisify(execFile)
const announcer = (page: Page) => page.getByTestId('announcer')
const endpoint = (page: Page) => page.getByLabel('Endpoint', { exact: true })
const events = (page: Page) => page.getByRole('listbox', { name: 'Events' }).getByRole('option')
const counts = (page: Page) => page.getByTestId('stream-counts')
const wsUrl = (origin: string) => `${origin.replace(/^http/, 'ws')}`

async function typeRequest(page: Page, url: string, query: string): Promise<void> {
  await endpoint(page).fill(url)
  await page.getByRole('textbox', { name: 'Query' }).click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText(query)
}

const streamStats = async () => (await (await fetch(`${URLS.graphql}/stream-stats`)).json()) as { closed: number; lastClosed?: { transport: string; field: string } }

test('a countdown over SSE arrives in order and completes; its curl command gets the same events in bash', async ({ page }) => {
  await openPage(page, '/graphql')
  await typeRequest(page, `${URLS.graphql}/graphql`, 'subscription Count {\n  countdown(from: 5, intervalMs: 40)\n}\n')
  await page.keyboard.press('Control+Enter')
  await expect(announcer(page)).toHaveText(/^Completed: 6 events in /)
  await expect(counts(page)).toHaveText(/^6 events · in /)
  await expect(page.getByRole('region', { name: 'Subscription', exact: true }).getByText('Server-Sent Events (graphql-sse)')).toBeVisible()
  await expect(events(page)).toHaveCount(6)
  for (let i = 0; i < 6; i++) await expect(events(page).nth(i)).toContainText(`countdown: ${5 - i}`)
  // Keyboard: into the list, down to the third event, Enter shows its JSON.
  await events(page).first().focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('tree', { name: 'Event 3' })).toContainText('countdown')
  await expect(page.getByRole('tree', { name: 'Event 3' })).toContainText('3')

  const command = (await page.getByRole('region', { name: 'This subscription as curl' }).textContent()) ?? ''
  expect(command).toContain("-H 'Accept: text/event-stream'")
  const { stdout } = await run('bash', ['-c', command.slice(command.indexOf('curl '))])
  const data = [...stdout.matchAll(/^data: (.+)$/gm)].map((m) => m[1]).filter((line) => line !== '')
  expect(data).toEqual([5, 4, 3, 2, 1, 0].map((n) => JSON.stringify({ data: { countdown: n } })))
})

test('at 1280×720 the event the arrow keys move to is scrolled into the response pane’s view, not only the list’s', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await openPage(page, '/graphql')
  await typeRequest(page, `${URLS.graphql}/graphql`, 'subscription Count {\n  countdown(from: 39, intervalMs: 5)\n}\n')
  await page.keyboard.press('Control+Enter')
  await expect(announcer(page)).toHaveText(/^Completed: 40 events in /)
  await events(page).first().focus()
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowDown')
  const focused = page.getByRole('listbox', { name: 'Events' }).locator('[role="option"]:focus')
  await expect(focused).toContainText('countdown: 9')
  expect(await cutBy(focused), 'the focused event, hidden by a scrolling ancestor').toBe(0)
})

test('a countdown over WebSocket (ws:// endpoint): headers note, events in order, completion, a Node script instead of curl', async ({ page }) => {
  await openPage(page, '/graphql')
  await typeRequest(page, `${wsUrl(URLS.graphql)}/graphql`, 'subscription Count {\n  countdown(from: 3, intervalMs: 40)\n}\n')
  await page.getByRole('tab', { name: 'Headers' }).click()
  await expect(page.getByTestId('ws-headers-note')).toContainText('connection_init')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(announcer(page)).toHaveText(/^Completed: 4 events in /)
  await expect(page.getByRole('region', { name: 'Subscription', exact: true }).getByText('WebSocket (graphql-ws)')).toBeVisible()
  await expect(events(page)).toHaveText([/countdown: 3/, /countdown: 2/, /countdown: 1/, /countdown: 0/])
  await expect(page.getByRole('region', { name: 'This subscription as a Node script' })).toContainText("from 'graphql-ws'")
})

test('Stop ends a running subscription, says how many arrived, and the server sees the close', async ({ page }) => {
  const before = (await streamStats()).closed
  await openPage(page, '/graphql')
  await typeRequest(page, `${URLS.graphql}/graphql`, 'subscription Long {\n  countdown(from: 5000, intervalMs: 30)\n}\n')
  await page.keyboard.press('Control+Enter')
  await expect(announcer(page)).toHaveText('Subscription started over Server-Sent Events')
  await expect(events(page).nth(2)).toBeVisible()
  // The toolbar's Cancel says Stop while a stream runs, as the stream view's own Stop (after it in the page).
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(2)
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0)
  // By keyboard: Stop goes away with the stream, and focus lands on the stream view's heading, not <body>.
  await page.getByRole('button', { name: 'Stop' }).last().focus()
  await page.keyboard.press('Enter')
  await expect(announcer(page)).toHaveText(/^Stopped after \d+ events$/)
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Subscription', exact: true })).toBeFocused()
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
  await expect.poll(async () => (await streamStats()).closed).toBeGreaterThan(before)
  expect((await streamStats()).lastClosed).toMatchObject({ transport: 'sse', field: 'countdown' })
})

test('an error mid-stream is listed as an error and announced with the end', async ({ page }) => {
  await openPage(page, '/graphql')
  await typeRequest(page, `${URLS.graphql}/graphql`, 'subscription Failing {\n  failingCountdown(from: 3, failAt: 1, intervalMs: 40)\n}\n')
  await page.keyboard.press('Control+Enter')
  // The error's own message is said, not replaced by the completion in the same tick.
  await expect(announcer(page)).toHaveText(/^Error in event \d+: 1 error: "The countdown failed at 1[^"]*".*\. Completed: \d+ events, 1 error, in /)
  await expect(counts(page)).toContainText('1 error')
  await expect(events(page).filter({ hasText: 'The countdown failed at 1' })).toContainText('error')
})

test('a screen reader hears a mid-stream error in its own words, then the end', async ({ page }) => {
  await useScreenReader(page)
  await openPage(page, '/graphql')
  await startScreenReader(page)
  await typeRequest(page, `${URLS.graphql}/graphql`, 'subscription Failing {\n  failingCountdown(from: 3, failAt: 1, intervalMs: 40)\n}\n')
  await clearSpoken(page)
  await page.keyboard.press('Control+Enter')
  await expect(announcer(page)).toHaveText(/Completed: \d+ events, 1 error, in /)
  const heard = announcedIn(await spokenPhrases(page)).filter((sentence) => !sentence.startsWith('Schema loaded'))
  expect(heard[0]).toBe('Subscription started over Server-Sent Events')
  // The server's message is heard (with the end, or just before it), not only a count of errors.
  expect(heard.slice(1).join(' ')).toMatch(/^Error in event \d+: 1 error: "The countdown failed at 1[^"]*"[\s\S]*Completed: \d+ events, 1 error, in \S/)
  // Focus stayed in the query editor: nothing but the announcements was read out.
  expect((await spokenPhrases(page)).filter((p) => !p.startsWith('polite: '))).toEqual([])
})

test('@defer against graphql-yoga’s useDeferStream (path-based parts): never "Nothing pending" while hasNext is true', async ({ page }) => {
  await openPage(page, '/graphql')
  await typeRequest(page, `${URLS.graphql}/yoga-defer/graphql`, 'query Deferred {\n  user(id: "1") {\n    name\n    ... @defer(label: "stats") { stats(delayMs: 6000) { followers } }\n  }\n}\n')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByText('multipart/mixed (incremental delivery)')).toBeVisible()
  await expect(events(page)).toHaveCount(1)
  await page.getByRole('tab', { name: 'Merged result' }).click()
  const tree = page.getByRole('tree', { name: 'Merged result' })
  await expect(tree).toContainText('Ada Lovelace')
  // yoga's first part says hasNext: true and lists nothing pending (the path-based format has no pending list).
  await expect(page.getByTestId('pending-note')).toHaveText('More parts are coming: the server says so (hasNext is true) without saying where they go.')
  await expect(page.getByText(/Nothing pending/)).toHaveCount(0)
  await expect(tree).not.toContainText('followers')
  // Its deferred part ({"incremental":[{"data":…,"path":["user"],"label":"stats"}],"hasNext":false}) merges at its path.
  await expect(announcer(page)).toHaveText(/^Completed: 2 events in /, { timeout: 20_000 })
  await expect(page.getByTestId('pending-note')).toHaveText('Nothing pending: every deferred part has arrived.')
  await expect(tree).toContainText('followers')
})

test('a @defer query shows its first part with the pending marker before the deferred part arrives', async ({ page }) => {
  await openPage(page, '/graphql')
  await typeRequest(page, `${URLS.graphql}/graphql`, 'query Deferred {\n  user(id: "1") {\n    name\n    ... @defer(label: "stats") { stats(delayMs: 6000) { followers } }\n  }\n}\n')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByText('multipart/mixed (incremental delivery)')).toBeVisible()
  await expect(events(page)).toHaveCount(1)
  await page.getByRole('tab', { name: 'Merged result' }).click()
  const pending = page.getByRole('list', { name: 'Still pending' })
  await expect(pending).toContainText('user')
  await expect(pending).toContainText('(stats)')
  await expect(page.getByRole('tree', { name: 'Merged result' })).not.toContainText('followers')
  // Then the deferred part: nothing pending, the merged result has it, and the end is announced.
  // (6 s of server delay: at 1.5 s a CI machine at load 9 sometimes rendered the first part too late.)
  await expect(announcer(page)).toHaveText(/^Completed: 2 events in /, { timeout: 20_000 })
  await expect(pending).toBeHidden()
  await expect(page.getByText('Nothing pending')).toBeVisible()
  await expect(page.getByRole('tree', { name: 'Merged result' })).toContainText('followers')
})

test('servers that do not speak graphql-ws get a clear message, never a hang', async ({ page }) => {
  await openPage(page, '/graphql')
  // The no-CORS twin refuses WebSocket upgrades: the browser sees 1006.
  await typeRequest(page, `${wsUrl(URLS.graphqlNoCors)}/graphql`, 'subscription Count {\n  countdown(from: 2)\n}\n')
  await page.keyboard.press('Control+Enter')
  await expect(announcer(page)).toHaveText(/^Stream failed after 0 events: The connection dropped without a close message/)
  await expect(page.getByText('Failed', { exact: true })).toBeVisible()
  // A legacy subscriptions-transport-ws server (it accepts the socket, then closes with 1002): named, with the next step.
  await endpoint(page).fill(`${wsUrl(URLS.graphql)}/legacy-ws`)
  await page.keyboard.press('Control+Enter')
  await expect(page.getByRole('region', { name: 'Subscription', exact: true })).toContainText('The server speaks the legacy subscriptions-transport-ws protocol')
  await expect(page.getByRole('region', { name: 'Subscription', exact: true })).toContainText('send the subscription over Server-Sent Events')
})

for (const theme of THEMES) {
  test(`axe: the stream view in the ${theme} theme`, async ({ page }) => {
    await presetTheme(page, theme)
    await openPage(page, '/graphql')
    await typeRequest(page, `${URLS.graphql}/graphql`, 'subscription Failing {\n  failingCountdown(from: 2, failAt: 1, intervalMs: 20)\n}\n')
    await page.keyboard.press('Control+Enter')
    await expect(announcer(page)).toHaveText(/Completed: \d+ events, 1 error, in /)
    await events(page).nth(1).click()
    await expectNoAxeViolations(page, { include: '[data-region="response"]' })
  })
}
