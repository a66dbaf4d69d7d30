import { execFile } from 'node:child_process'
import { mkdtemp, readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test, type Page } from '@playwright/test'
import { PORTS, URLS } from '../../demo/config/lanes.ts'
import { cutBy, spillBy } from '../support/layout'
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
    // The toolbar's badge says it short, whole in its slot; a screen reader hears the heading.
    const badge = page.getByTestId('last-status')
    await expect(badge).toContainText(`Last status: No server answered at ${new URL(url).host}`)
    expect(await cutBy(badge.getByText('No reply', { exact: true }))).toBe(0)
    expect(await spillBy(badge.locator('.n-tag'))).toBe(0)
  })

  // A real Node server sends a reason phrase of 663 characters (HTTP/1.1 allows any length).
  test("a server's kilobytes of reason phrase are quoted as an excerpt: in the badge, the heading's line and what is said", async ({ page }) => {
    const phrase = `I Am A Teapot ${'And Very Verbose About It '.repeat(25)}`.trimEnd()
    const server = createServer((request, response) => {
      response.setHeader('Access-Control-Allow-Origin', '*')
      response.setHeader('Access-Control-Allow-Headers', '*')
      if (request.method === 'OPTIONS') return void response.writeHead(204).end()
      request.resume()
      request.on('end', () => {
        response.statusCode = 418
        response.statusMessage = phrase
        response.setHeader('Content-Type', 'text/html')
        response.end('<b>teapot</b>')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      await openPage(page, '/graphql')
      await endpoint(page).fill(`http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`)
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      const quoted = `418 ${phrase.slice(0, 40)}… (${phrase.length} characters)`
      await expect(announcer(page)).toContainText(quoted)
      await expect(page.getByTestId('last-status')).toContainText(`Last status: ${quoted}`)
      await expect(response(page).getByText(quoted, { exact: true })).toBeVisible()
      for (const where of [announcer(page), page.getByTestId('last-status'), response(page)]) await expect(where).not.toContainText(phrase.slice(0, 80))
    } finally {
      server.close()
    }
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

/** An HTTPS server with a certificate `openssl` made just now (self-signed, so no browser trusts it), answering 200 with CORS. */
async function selfSignedServer(): Promise<{ origin: string; close(): Promise<void>; statusIgnoringTrust(): Promise<number> }> {
  const dir = await mkdtemp(join(tmpdir(), 'awb-tls-'))
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')]
  await promisify(execFile)('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'])
  const server = createHttpsServer({ key: await readFile(key), cert: await readFile(cert) }, (req, res) => {
    res.writeHead(200, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'content-type': 'application/json' })
    res.end(req.method === 'OPTIONS' ? '' : '{"data":{"__typename":"Query"}}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    // What a client that skips the certificate check gets: the server is up and answers.
    statusIgnoringTrust: () =>
      new Promise<number>((resolve, reject) => httpsRequest(`${origin}/graphql`, { rejectUnauthorized: false }, (res) => resolve(res.statusCode ?? 0)).on('error', reject).end()),
  }
}

test.describe('GraphQL tester: causes the page cannot tell apart are all named, never CORS', () => {
  test.describe.configure({ timeout: 90_000 })

  test('a name that does not resolve (.invalid): "no server answered", naming DNS among the causes', async ({ page }) => {
    const url = 'http://no-such-host.invalid/graphql'
    await openPage(page, '/graphql')
    await endpoint(page).fill(url)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(announcer(page)).toHaveText(/^No server answered at no-such-host\.invalid\. Start the server or check the host and port/)
    // The browser says only "Failed to fetch" for DNS as for a refused connection: both are named.
    await expect(response(page)).toContainText('Nothing is listening on that port (the connection was refused), or the name does not resolve (DNS).')
    await expect(response(page)).not.toContainText('CORS settings')
  })

  test('a server whose TLS certificate is not trusted: "no secure connection", naming TLS among the causes', async ({ page }) => {
    const tls = await selfSignedServer()
    try {
      expect(await tls.statusIgnoringTrust()).toBe(200)
      await openPage(page, '/graphql')
      await endpoint(page).fill(`${tls.origin}/graphql`)
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await expect(announcer(page)).toHaveText(new RegExp(`^No secure connection to ${hostOf(tls.origin)}\\. Start the server, check the host and port, or have the browser trust its certificate`))
      // An IP address needs no DNS, so DNS is not named; https is, so TLS is.
      await expect(response(page)).toContainText('Nothing is listening on that port (the connection was refused), or its TLS certificate is not trusted.')
      await expect(response(page)).not.toContainText('DNS')
      await expect(response(page)).not.toContainText('CORS settings')
    } finally {
      await tls.close()
    }
  })

  test('a redirect to a server without CORS headers is a redirect, and says the target must allow CORS too', async ({ page }) => {
    const url = `${URLS.graphql}/redirect/${PORTS.graphqlNoCors}/graphql`
    // The server redirects (curl sees the 307 and where it leads), and the URL it leads to sends no CORS headers.
    const hop = await fetch(url, { method: 'POST', redirect: 'manual' })
    expect([hop.status, hop.headers.get('location')]).toEqual([307, `${URLS.graphqlNoCors}/graphql`])
    expect((await fetch(`${URLS.graphqlNoCors}/graphql`, { method: 'OPTIONS' })).headers.get('access-control-allow-origin')).toBeNull()

    await openPage(page, '/graphql')
    await endpoint(page).fill(url)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(announcer(page)).toHaveText(new RegExp(`^The server at ${hostOf(URLS.graphql)} answered with a redirect\\. Send to the URL the redirect leads to`))
    await expect(response(page)).toContainText('follow one on the request itself only when the URL it leads to allows this page by CORS too')
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
