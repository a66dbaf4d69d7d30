import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { openPage } from '../support/app'
import { announcedIn } from '../../src/shared/testing/announced'
import { clearSpoken, spokenPhrases, startScreenReader, useScreenReader } from '../support/screen-reader'

/**
 * One failure diagnosis for every transport, against real servers: a closed port (nothing
 * listening), the demo servers' no-CORS twins, the redirect loops of the demo server and the
 * receiver, and the demo's legacy subscriptions-transport-ws endpoint. Each failure is named for
 * what it is, with the next step — never CORS for a server that is down.
 */
const announcer = (page: Page) => page.getByTestId('announcer')
const endpoint = (page: Page) => page.getByLabel('Endpoint', { exact: true })
const response = (page: Page) => page.getByRole('region', { name: 'Response', exact: true })
const subscriptionView = (page: Page) => page.getByRole('region', { name: 'Subscription', exact: true })
const hostOf = (url: string) => new URL(url).host.replaceAll('.', '\\.')

/** A port nothing listens on: listened on once, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

async function typeQuery(page: Page, url: string, query: string): Promise<void> {
  await endpoint(page).fill(url)
  await page.getByRole('textbox', { name: 'Query' }).click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText(query)
}

test.describe('GraphQL tester: the failure named for what it is', () => {
  test.describe.configure({ timeout: 90_000 })

  test('a closed port is "no server answered", with the next step, never CORS', async ({ page }) => {
    const url = `http://127.0.0.1:${await closedPort()}/graphql`
    await openPage(page, '/graphql')
    await endpoint(page).fill(url)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(announcer(page)).toHaveText(new RegExp(`^No server answered at ${hostOf(url)}\\. Start the server or check the host and port`))
    await expect(response(page).getByRole('heading', { name: `No server answered at ${new URL(url).host}` })).toBeVisible()
    await expect(response(page)).toContainText('Nothing is listening on that port (the connection was refused)')
    await expect(response(page)).not.toContainText('CORS settings')
  })

  test('a server without CORS is CORS; a redirect loop is a redirect', async ({ page }) => {
    await openPage(page, '/graphql')
    await endpoint(page).fill(`${URLS.graphqlNoCors}/graphql`)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(announcer(page)).toHaveText(new RegExp(`^Blocked by CORS: the server at ${hostOf(URLS.graphqlNoCors)} answered, but not to this page\\.`))

    await endpoint(page).fill(`${URLS.graphql}/redirect-loop`)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(announcer(page)).toHaveText(new RegExp(`^The server at ${hostOf(URLS.graphql)} answered with a redirect\\. Send to the URL the redirect leads to`))
    await expect(response(page)).toContainText('Browsers never follow a redirect on the CORS preflight')
  })

  test('over SSE: a closed port and a server without CORS get the same words (not the raw "Failed to fetch")', async ({ page }) => {
    const url = `http://127.0.0.1:${await closedPort()}/graphql`
    await openPage(page, '/graphql')
    await typeQuery(page, url, 'subscription Count {\n  countdown(from: 2)\n}\n')
    await page.keyboard.press('Control+Enter')
    await expect(announcer(page)).toHaveText(new RegExp(`^Stream failed after 0 events: No server answered at ${hostOf(url)}\\.`))
    await expect(subscriptionView(page)).not.toContainText('Failed to fetch')

    await endpoint(page).fill(`${URLS.graphqlNoCors}/graphql`)
    await page.getByRole('textbox', { name: 'Query' }).click()
    await page.keyboard.press('Control+Enter')
    await expect(announcer(page)).toHaveText(new RegExp(`^Stream failed after 0 events: Blocked by CORS: the server at ${hostOf(URLS.graphqlNoCors)} answered`))
  })

  test('over WebSocket: a legacy subscriptions-transport-ws server is named, with the next step', async ({ page }) => {
    await openPage(page, '/graphql')
    await typeQuery(page, `${URLS.graphql.replace(/^http/, 'ws')}/legacy-ws`, 'subscription Count {\n  countdown(from: 2)\n}\n')
    await page.keyboard.press('Control+Enter')
    await expect(announcer(page)).toHaveText(/^Stream failed after 0 events: The server speaks the legacy subscriptions-transport-ws protocol/)
    await expect(subscriptionView(page)).toContainText('send the subscription over Server-Sent Events')
  })

  test('a screen reader hears "server down" with the next step', async ({ page }) => {
    const url = `http://127.0.0.1:${await closedPort()}/graphql`
    await useScreenReader(page)
    await openPage(page, '/graphql')
    await startScreenReader(page)
    await endpoint(page).fill(url)
    await endpoint(page).focus()
    await clearSpoken(page)
    await page.keyboard.press('Control+Enter')
    const said = `No server answered at ${new URL(url).host}. Start the server or check the host and port, then send again; the curl command below shows the exact cause.`
    await expect.poll(async () => announcedIn(await spokenPhrases(page))).toEqual(['Sending…', said])
    // Focus stayed in the endpoint field: nothing else was read out.
    expect((await spokenPhrases(page)).filter((p) => !p.startsWith('polite: '))).toEqual([])
  })
})

test.describe('webhook send: the failure named for what it is', () => {
  test.describe.configure({ timeout: 90_000 })

  const send = async (page: Page, url: string) => {
    await page.getByLabel('Handler URL').fill(url)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
  }

  test('a handler that is not running is "no server answered"; no CORS is CORS; a redirect loop is a redirect', async ({ page }) => {
    const url = `http://127.0.0.1:${await closedPort()}/webhook`
    await openPage(page, '/webhooks')
    await send(page, url)
    await expect(page.getByText(`No server answered at ${new URL(url).host}.`, { exact: true })).toBeVisible()
    await expect(announcer(page)).toHaveText(new RegExp(`^No server answered at ${hostOf(url)}\\. Start the handler`))
    await expect(page.getByText(/CORS settings/)).toHaveCount(0)

    await send(page, `${URLS.webhookNoCors}/webhook`)
    await expect(announcer(page)).toHaveText(new RegExp(`^Blocked by CORS: the handler at ${hostOf(URLS.webhookNoCors)} answered`))

    await send(page, `${URLS.webhook}/redirect-loop`)
    await expect(announcer(page)).toHaveText(new RegExp(`^The handler at ${hostOf(URLS.webhook)} answered with a redirect\\.`))
  })
})
