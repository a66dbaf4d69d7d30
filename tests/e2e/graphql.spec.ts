import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { expectNoAxeViolationsInBothThemes } from '../support/axe'
import { openPage, PAGE_SHOWN } from '../support/app'

/**
 * The GraphQL tester on the built app against the real demo servers (demo/graphql-demo.ts,
 * started by Playwright's webServer): one with CORS for the page's origin, one without.
 */
const GRAPHQL = `${URLS.graphql}/graphql`
const NO_CORS = `${URLS.graphqlNoCors}/graphql`
const run = promisify(execFile)

const announcer = (page: Page) => page.getByTestId('announcer')
const endpoint = (page: Page) => page.getByLabel('Endpoint', { exact: true })
const queryEditor = (page: Page) => page.getByRole('textbox', { name: 'Query' })
const variablesEditor = (page: Page) => page.getByRole('textbox', { name: 'Variables' })
const response = (page: Page) => page.getByRole('region', { name: 'Response', exact: true })
const tree = (page: Page) => page.getByRole('tree', { name: 'Response body' })
/** Switches the body to its raw view and returns it. */
async function rawBody(page: Page) {
  await page.getByRole('radio', { name: 'Raw' }).check()
  return page.getByRole('region', { name: 'Response body (raw)' })
}
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true })

async function openTester(page: Page): Promise<void> {
  await openPage(page, '/graphql')
  await expect(endpoint(page)).toHaveValue(GRAPHQL)
}

/** Shows a tab under the query editor: Variables, Headers or Settings. */
async function showDetails(page: Page, tab: 'Variables' | 'Headers' | 'Settings'): Promise<void> {
  await page.getByRole('tablist', { name: 'Request details' }).getByRole('tab', { name: tab }).click()
}

async function loadExample(page: Page, id: string): Promise<void> {
  const more = page.locator('details', { has: page.getByText('Examples and share link') })
  if (!(await more.evaluate((el) => (el as HTMLDetailsElement).open))) await more.locator('summary').click()
  await page.getByLabel('Example request').selectOption(id)
  await page.getByRole('button', { name: 'Load example' }).click()
}

/** Sends with the button and waits until the page announced the outcome. */
async function send(page: Page, summary: RegExp): Promise<void> {
  await sendButton(page).click()
  await expect(announcer(page)).toHaveText(summary)
}

test.describe('GraphQL tester', () => {
  test('a query with an ID! variable and a Bearer header: the server echoes the header back', async ({ page }) => {
    await openTester(page)
    await expect(queryEditor(page)).toContainText('query UserById($id: ID!)')
    await showDetails(page, 'Headers')
    await page.getByLabel('Value of header 1').fill('Bearer e2e-token-123')
    await expect(page.getByLabel('Value of header 1')).toHaveAttribute('type', 'password')
    await send(page, /^200 OK, (\d+ ms|\d+\.\d+ s), \d+ B$/)
    await expect(response(page).getByText('200 OK', { exact: true })).toBeVisible()
    await expect(response(page).getByText('Success', { exact: true })).toBeVisible()
    await expect(tree(page)).toContainText('Ada Lovelace')
    // The demo server sends Timing-Allow-Origin: the send worker reads the phases from its own timeline.
    await response(page).getByText('Timings', { exact: true }).click()
    await expect(response(page).getByText('Time to first byte', { exact: true })).toBeVisible()
    await expect(response(page).getByText(/Timing phases not exposed/)).toHaveCount(0)
    await expect(await rawBody(page)).toContainText('"authorization":"Bearer e2e-token-123"')
    // The demo server's rate-limit headers become the rate-limit tool's quota cards.
    await expect(response(page).getByRole('heading', { name: 'Rate limits' })).toBeVisible()
    await expect(response(page).getByRole('rowheader', { name: 'x-ratelimit-limit' })).toBeVisible()
    // The announcer said the summary only, never the JSON.
    await expect(announcer(page)).not.toContainText('Ada')

    // The answered request as curl: the token stays out of it, and bash replays it to the same data.
    const command = (await page.getByRole('region', { name: 'This request as curl' }).textContent()) ?? ''
    expect(command).toContain('"Authorization: $AUTHORIZATION"')
    expect(command).not.toContain('e2e-token-123')
    const { stdout } = await run('bash', ['-c', command], { env: { ...process.env, AUTHORIZATION: 'Bearer e2e-token-123' } })
    expect(JSON.stringify((JSON.parse(stdout) as { data: unknown }).data)).toContain('"authorization":"Bearer e2e-token-123"')
  })

  test('the first Send adds no style sheet: the styles it needs come while the page is idle', async ({ page }) => {
    // A sheet added to <head> makes the browser restyle the whole page in that task (usePreloadedStyles).
    await openTester(page)
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 })))
    const sheets = () => page.evaluate(() => [...document.head.querySelectorAll('style')].map((style) => style.getAttribute('cssr-id') ?? style.textContent?.slice(0, 40)))
    const before = await sheets()
    await send(page, /^200 OK, /)
    await expect(response(page).getByRole('heading', { name: 'Rate limits' })).toBeVisible()
    await expect(response(page).getByRole('radio', { name: 'Raw' })).toBeVisible()
    expect(await sheets()).toEqual(before)
  })

  test('a mutation', async ({ page }) => {
    await openTester(page)
    await loadExample(page, 'mutation')
    await expect(queryEditor(page)).toContainText('mutation CreatePost')
    await send(page, /^200 OK, /)
    await expect(tree(page)).toContainText('Hello from the workbench')
    await expect(await rawBody(page)).toContainText('{"data":{"createPost":{"id":"new-')
  })

  test('a GraphQL error response: data and errors, listed apart', async ({ page }) => {
    await openTester(page)
    await loadExample(page, 'error')
    await send(page, /^200 OK, (\d+ ms|\d+\.\d+ s), \d+ B, 1 error$/)
    await expect(response(page).getByText('Partial success')).toBeVisible()
    const errors = response(page).getByRole('heading', { name: 'GraphQL errors (1)' })
    await expect(errors).toBeVisible()
    await expect(response(page).getByText('This field always fails (demo of a partial response).', { exact: true })).toBeVisible()
    await expect(response(page).getByText('DEMO_FAILURE', { exact: true })).toBeVisible()
    await expect(response(page).getByText(/^line \d+, column \d+$/)).toBeVisible()
  })

  for (const status of [404, 500]) {
    test(`HTTP ${status} with application/json: readable, flagged as possibly not from the GraphQL server`, async ({ page }) => {
      await openTester(page)
      await endpoint(page).fill(`${URLS.graphql}/status/${status}`)
      await send(page, new RegExp(`^${status} `))
      await expect(response(page).getByText('HTTP error', { exact: true })).toBeVisible()
      await expect(response(page).getByText(/may come from a proxy or gateway/)).toBeVisible()
      await expect(await rawBody(page)).toContainText(`"status":${status}`)
    })
  }

  test('a non-JSON (HTML) response: status, verdict and the raw page', async ({ page }) => {
    await openTester(page)
    await endpoint(page).fill(`${URLS.graphql}/html`)
    await send(page, /^502 Bad Gateway, (\d+ ms|\d+\.\d+ s), \d+ B, Not a GraphQL response$/)
    await expect(response(page).getByText(/An HTML page usually means a wrong URL/)).toBeVisible()
    await expect(page.getByRole('region', { name: 'Response body (raw)' })).toContainText('<h1>502 Bad Gateway</h1>')
  })

  test('a large result (about 5 MB) is shown size first, then as a tree', async ({ page }) => {
    test.setTimeout(90_000) // the demo server needs seconds to execute 17,000 products the first time
    await openTester(page)
    await loadExample(page, 'large')
    await sendButton(page).click()
    await expect(announcer(page)).toHaveText(/^200 OK, [\d.]+ m?s, 5\.\d MB$/, { timeout: 60_000 })
    await expect(response(page).getByText(/^5\.\d MB$/)).toBeVisible()
    await expect(tree(page)).toContainText('products')
    await expect(tree(page).getByRole('treeitem')).not.toHaveCount(0)
    // Virtualized: far fewer rows in the page than the 17,000 products.
    expect(await tree(page).getByRole('treeitem').count()).toBeLessThan(200)
  })

  test('Cancel stops a slow request', async ({ page }) => {
    await openTester(page)
    await endpoint(page).fill(`${URLS.graphql}/slow?ms=20000`)
    await sendButton(page).click()
    await expect(sendButton(page)).toBeDisabled()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(announcer(page)).toHaveText('Request cancelled')
    await expect(response(page).getByText('Cancelled', { exact: true })).toBeVisible()
    await expect(sendButton(page)).toBeEnabled()
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0)
  })

  test('keyboard: Cancel goes away when the request ends, and focus stays in the toolbar, on Send', async ({ page }) => {
    await openTester(page)
    const cancel = page.getByRole('button', { name: 'Cancel' })
    // Cancelled with Enter on Cancel.
    await endpoint(page).fill(`${URLS.graphql}/slow?ms=20000`)
    await endpoint(page).press('Enter')
    await cancel.focus()
    await page.keyboard.press('Enter')
    await expect(announcer(page)).toHaveText('Request cancelled')
    await expect(cancel).toHaveCount(0)
    await expect(sendButton(page)).toBeFocused()
    // Answered while focus waits on Cancel.
    await endpoint(page).fill(`${URLS.graphql}/slow?ms=1500`)
    await endpoint(page).press('Enter')
    await cancel.focus()
    await expect(announcer(page)).toHaveText(/^200 OK, /)
    await expect(cancel).toHaveCount(0)
    await expect(sendButton(page)).toBeFocused()
  })

  test('the optional timeout stops a request that takes too long', async ({ page }) => {
    await openTester(page)
    await endpoint(page).fill(`${URLS.graphql}/slow?ms=20000`)
    await showDetails(page, 'Settings')
    await page.getByLabel('Timeout in seconds (optional)').fill('0.5')
    await send(page, /^Timed out after 500 ms$/)
    await expect(response(page).getByText(/No complete response within 500 ms/)).toBeVisible()
  })

  test('a server without CORS: the help panel, and its exact curl command returns the same data in bash', async ({ page }) => {
    await openTester(page)
    await showDetails(page, 'Headers')
    await page.getByLabel('Value of header 1').fill('Bearer curl-token-42')
    await endpoint(page).fill(NO_CORS)
    await send(page, /^Blocked by CORS: the server at 127\.0\.0\.1:\d+ answered, but not to this page\. Allow this page's origin/)
    const help = response(page)
    await expect(help.getByRole('heading', { name: /^Blocked by CORS: the server at 127\.0\.0\.1:\d+ answered, but not to this page$/ })).toBeVisible()
    const origin = new URL(page.url()).origin
    await expect(help.getByText(`Access-Control-Allow-Origin: ${origin}`)).toBeVisible()
    await expect(help.getByText('Access-Control-Allow-Headers: authorization, content-type')).toBeVisible()
    await expect(help.getByText(/no redirect/)).toBeVisible()
    await expect(help.getByRole('button', { name: 'Copy preflight command' })).toBeVisible()
    await expect(help.getByRole('region', { name: /Preflight probe/ })).toContainText("-X OPTIONS")

    const command = (await help.getByRole('region', { name: 'The same request as curl' }).textContent()) ?? ''
    // The secret is a variable reference, never the token itself.
    expect(command).toContain('"Authorization: $AUTHORIZATION"')
    expect(command).not.toContain('curl-token-42')
    await expect(help.getByText(/export AUTHORIZATION=/)).toBeVisible()
    const { stdout } = await run('bash', ['-c', command], { env: { ...process.env, AUTHORIZATION: 'Bearer curl-token-42' } })
    const fromCurl = JSON.parse(stdout) as { data: unknown }

    // The same request from the page to the CORS-enabled twin gives the same data.
    await endpoint(page).fill(GRAPHQL)
    await send(page, /^200 OK, /)
    const fromPage = JSON.parse((await (await rawBody(page)).textContent()) ?? '') as { data: unknown }
    expect(fromCurl.data).toEqual(fromPage.data)
    expect(JSON.stringify(fromCurl.data)).toContain('Bearer curl-token-42')
  })

  test('keyboard only: from page load to the status, leaving each editor with Escape then Tab', async ({ page }) => {
    await openTester(page)
    // Tab from the top of the page to the endpoint field; the environment picker, then Send, are the next stops.
    let stops = 0
    for (; stops < 20 && !(await endpoint(page).evaluate((el) => el === document.activeElement)); stops++) await page.keyboard.press('Tab')
    await expect(endpoint(page)).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Environment', { exact: true })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(sendButton(page)).toBeFocused()
    test.info().annotations.push({ type: 'Tab stops from page load to Send', description: String(stops + 2) })
    // F6 moves to the request region: the query editor.
    await page.keyboard.press('F6')
    await expect(queryEditor(page)).toBeFocused()
    await page.keyboard.press('Tab') // Tab indents inside the editor…
    await expect(queryEditor(page)).toBeFocused()
    await page.keyboard.press('Escape') // …Escape then Tab leaves it, onto the editor's splitter.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('separator', { name: 'Resize query editor' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('tab', { name: 'Variables' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(variablesEditor(page)).toBeFocused()
    await page.keyboard.press('Escape')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Fill variables' })).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Shift+Tab')
    await expect(page.getByRole('tab', { name: 'Variables' })).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('tab', { name: 'Headers' })).toBeFocused()
    await expect(page.getByRole('tab', { name: 'Headers' })).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Name of header 1')).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Value of header 1')).toBeFocused()
    await page.keyboard.type('Bearer keyboard')
    // Ctrl+Enter sends from here; focus stays where it was.
    await page.keyboard.press('Control+Enter')
    await expect(announcer(page)).toHaveText(/^200 OK, /)
    await expect(page.getByLabel('Value of header 1')).toBeFocused()
    // F6 (past the request region) reaches the response, whose status is in words.
    await page.keyboard.press('F6')
    expect(await response(page).evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await expect(response(page).getByText('200 OK', { exact: true })).toBeVisible()
    await page.keyboard.press('Shift+F6')
    await expect(queryEditor(page)).toBeFocused()
  })

  test('Ctrl+Enter sends from inside the query editor without changing the query', async ({ page }) => {
    await openTester(page)
    const before = await queryEditor(page).textContent()
    await queryEditor(page).click()
    await page.keyboard.press('Control+Enter')
    await expect(announcer(page)).toHaveText(/^200 OK, /)
    expect(await queryEditor(page).textContent()).toBe(before)
  })

  test('input errors are shown at their field, located, and what was typed stays', async ({ page }) => {
    await openTester(page)
    await variablesEditor(page).fill('{\n  "id": 1,,\n}')
    await sendButton(page).click()
    await expect(page.getByText(/^Line 2, column \d+:/)).toBeVisible()
    await expect(variablesEditor(page)).toHaveAttribute('aria-invalid', 'true')
    await expect(variablesEditor(page)).toContainText('"id": 1,,')
    await expect(announcer(page)).toHaveText(/^Not sent: Variables JSON/)

    await endpoint(page).fill('localhost:4000/graphql')
    await endpoint(page).blur()
    await expect(page.getByText(/Did you mean http:\/\/localhost:4000\/graphql\?/)).toBeVisible()
    await expect(endpoint(page)).toHaveAttribute('aria-invalid', 'true')
    await expect(endpoint(page)).toHaveValue('localhost:4000/graphql')

    await showDetails(page, 'Headers')
    await page.getByLabel('Name of header 1').fill('Bad Name')
    await expect(page.getByText(/"Bad Name" is not a valid header name/)).toBeVisible()
  })

  test('Prettify keeps comments, loading the formatter only on first use', async ({ page }) => {
    const chunks: string[] = []
    page.on('request', (request) => chunks.push(request.url()))
    await openTester(page)
    expect(chunks.filter((url) => /\/standalone-[\w-]+\.js$/.test(url))).toEqual([])
    await queryEditor(page).fill('# keep me\nquery Q { user(id: "1") { id # the id\n name } }')
    await page.getByRole('button', { name: 'Prettify query' }).click()
    await expect(announcer(page)).toHaveText('Query formatted')
    await expect(queryEditor(page)).toContainText('# keep mequery Q {  user(id: "1") {    id # the id    name  }}')
    expect(chunks.filter((url) => /\/standalone-[\w-]+\.js$/.test(url))).toHaveLength(1)
  })

  test('inputs survive a reload; secret header values never reach storage', async ({ page }) => {
    await openTester(page)
    await showDetails(page, 'Headers')
    await page.getByLabel('Value of header 1').fill('Bearer top-secret-xyz')
    await page.getByRole('button', { name: 'Add header' }).click()
    await page.getByLabel('Name of header 2').fill('X-Trace')
    await page.getByLabel('Value of header 2').fill('trace-77')
    await endpoint(page).fill(`${URLS.graphql}/graphql?v=2`)
    await loadExample(page, 'introspection')
    await page.reload()
    await page.locator(PAGE_SHOWN).waitFor()

    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))
    expect(stored).not.toContain('top-secret-xyz')
    expect(stored).toContain('trace-77')
    await expect(endpoint(page)).toHaveValue(`${URLS.graphql}/graphql?v=2`)
    await expect(queryEditor(page)).toContainText('__schema')
    await showDetails(page, 'Headers')
    await expect(page.getByLabel('Name of header 1')).toHaveValue('Authorization')
    await expect(page.getByLabel('Value of header 1')).toHaveValue('')
    await expect(page.getByLabel('Value of header 2')).toHaveValue('trace-77')
  })

  test(`axe finds no violations with responses shown (light and dark)`, async ({ page }) => {
    test.setTimeout(120_000) // two full-page axe runs on a busy machine
    await openTester(page)
    await loadExample(page, 'error')
    await send(page, /1 error$/)
    await expectNoAxeViolationsInBothThemes(page)
    await endpoint(page).fill(NO_CORS)
    await send(page, /^Blocked by CORS/)
    await expectNoAxeViolationsInBothThemes(page)
  })

  test('no sideways scroll at 320 px with a response shown', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 })
    await openTester(page)
    await loadExample(page, 'error')
    await send(page, /1 error$/)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
