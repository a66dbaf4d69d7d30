import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { openPage } from '../support/app'
import { URLS } from '../../demo/config/lanes.ts'
import { encodeShareFragment } from '../../src/features/graphql/core/share'

const run = promisify(execFile)

/**
 * A crafted share link cannot collect the receiver's secret environment values: the link's endpoint
 * is a second local server that records every byte it receives (answering CORS for everything, so
 * the browser would deliver whatever the page sends), with `?k={{token}}`, `X-Trace: {{token}}` and
 * variables `{"t": "{{token}}"}`. The receiver's active environment has a secret `token`. Send asks
 * first, naming the references and the origin; "Don't send" (and Esc) leaves the recorder without
 * the secret. "Send and allow this origin" then delivers it three times: the control proving the
 * recorder sees what the page sends.
 */
const SECRET = 'link-secret-e2e-9137'
const announcer = (page: Page) => page.getByTestId('announcer')
/** The side panel, named by the view it shows. */
const side = (page: Page) => page.getByRole('complementary', { name: /^(Schema docs|History|Schema|Environments)$/ })

interface Received {
  method: string
  url: string
  headers: string
  body: string
}

let server: Server
let origin = ''
const received: Received[] = []

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: JSON.stringify(request.headers), body: Buffer.concat(chunks).toString('utf8') })
      response.writeHead(request.method === 'OPTIONS' ? 204 : 200, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': '*',
        'Access-Control-Allow-Methods': '*',
        'Content-Type': 'application/json',
      })
      response.end(request.method === 'OPTIONS' ? undefined : '{"data":{"ok":true}}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

/** The receiver's environment: a secret `token`, picked in the toolbar. */
async function secretEnvironment(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Query' }).focus()
  await page.keyboard.press('Alt+Shift+E')
  await side(page).getByRole('button', { name: 'New environment' }).click()
  await side(page).getByLabel('Name of variable 1').fill('token')
  await side(page).getByLabel('Value of variable 1').fill(SECRET)
  await side(page).getByRole('checkbox', { name: 'Secret (variable 1)' }).check()
  await page.getByLabel('Environment', { exact: true }).selectOption({ label: 'New environment' })
}

/** Every byte the recorder got, as one text (request lines, headers, bodies). */
const everything = () => received.map((r) => `${r.method} ${r.url}\n${r.headers}\n${r.body}`).join('\n')

test('a share link pointing at another server gets no secret value unless the user allows that origin', async ({ page }) => {
  test.setTimeout(60_000)
  await openPage(page, '/graphql')

  await secretEnvironment(page)

  // The crafted link, opened in the same tab (the secret lives in this page's memory).
  const fragment = await encodeShareFragment({
    endpoint: `${origin}/graphql?k={{token}}`,
    query: 'query Q($t: String) { ok }',
    variables: '{"t": "{{token}}"}',
    headers: [['X-Trace', '{{token}}']],
  })
  await page.goto(`/graphql#${fragment}`)
  const notice = page.getByRole('region', { name: 'Filled from a shared link' })
  await expect(notice).toBeVisible()
  // Which origin and which references the link brings, each as its own value of the list.
  await expect(notice.getByRole('definition').filter({ has: page.getByText(origin, { exact: true }) })).toHaveText(origin)
  await expect(notice.getByRole('definition').filter({ has: page.getByText('{{token}}', { exact: true }) })).toHaveText('{{token}}')

  // Send asks first; "Don't send" sends nothing.
  await page.keyboard.press('ControlOrMeta+Enter')
  const dialog = page.getByRole('alertdialog', { name: 'Send secret values to a new server?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(`{{token}}`)
  await expect(dialog).toContainText(origin)
  await expect(dialog.getByRole('button', { name: "Don't send" })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(announcer(page)).toHaveText(`Not sent: the secret values stay away from ${origin}`)

  // Esc answers the same.
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await page.waitForTimeout(500)
  expect(everything()).not.toContain(SECRET)
  expect(received).toEqual([])

  // The control: allowing the origin sends the value in the query, the header and the body.
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await dialog.getByRole('button', { name: 'Send and allow this origin' }).click()
  await expect(announcer(page)).toHaveText(/^200 OK, /)
  const post = received.find((r) => r.method === 'POST')
  expect(post?.url).toBe(`/graphql?k=${SECRET}`)
  expect(JSON.parse(post?.headers ?? '{}')).toMatchObject({ 'x-trace': SECRET })
  expect(JSON.parse(post?.body ?? '{}')).toMatchObject({ variables: { t: SECRET } })
  // Remembered: the next send goes without asking, and the origin (never the value) is saved.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }))
  expect(stored).toContain(origin)
  expect(stored).not.toContain(SECRET)
})

test('the CORS help reads secret environment values from the shell: its curl and preflight print $TOKEN, and the curl works', async ({ page }) => {
  test.setTimeout(60_000)
  await openPage(page, '/graphql')
  await secretEnvironment(page)
  const fragment = await encodeShareFragment({
    endpoint: `${URLS.graphqlNoCors}/graphql?k={{token}}`,
    query: 'query Q($t: String) { echo(message: $t) { message header(name: "X-Trace") } }',
    variables: '{"t": "{{token}}"}',
    headers: [['X-Trace', '{{token}}']],
  })
  await page.goto(`/graphql#${fragment}`)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send and allow this origin' }).click()
  await expect(announcer(page)).toHaveText(/^Blocked by CORS: the server at 127.0.0.1:\d+ answered/)
  const help = page.getByRole('region', { name: 'Response', exact: true })
  const curl = help.getByRole('region', { name: 'The same request as curl' })
  const preflight = help.getByRole('region', { name: /Preflight probe/ })
  await expect(preflight).toContainText('-X OPTIONS')
  await expect(help).not.toContainText(SECRET)
  await expect(preflight).toContainText(`'"$TOKEN"'`)
  await expect(help.getByText(/export TOKEN=/)).toBeVisible()
  // Real curl with the value in the shell: the server gets it in the URL, the header and the body.
  const command = (await curl.textContent()) ?? ''
  expect(command).toContain(`'"$TOKEN"'`)
  const { stdout } = await run('bash', ['-c', command], { env: { ...process.env, TOKEN: SECRET } })
  expect(JSON.parse(stdout)).toEqual({ data: { echo: { message: SECRET, header: SECRET } } })
})
