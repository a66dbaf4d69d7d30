import { expect, test, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { openPage } from '../support/app'

/**
 * Import curl, keyboard only against the real demo server: the toolbar button opens the
 * dialog, a DevTools-style command fills a NEW tab (credential as a secret header, never stored),
 * Send gets 200 and the server saw the header; then a curl pasted into the endpoint imports too.
 */
const announcer = (page: Page) => page.getByTestId('announcer')
const endpoint = (page: Page) => page.getByLabel('Endpoint', { exact: true })
const tabs = (page: Page) => page.getByRole('tablist', { name: 'Requests' })
const response = (page: Page) => page.getByRole('region', { name: 'Response', exact: true })

const COMMAND = String.raw`curl '${URLS.graphql}/graphql' \
  -H 'accept: */*' \
  -H 'authorization: Bearer e2e-token-123' \
  -H 'content-type: application/json' \
  -H 'sec-fetch-mode: cors' \
  --compressed \
  --data-raw $'{"query":"query Echo($m: String) {\\n  echo(message: $m) { message header(name: \\"authorization\\") }\\n}","variables":{"m":"it\'s here"},"operationName":"Echo"}'`

test('keyboard only: import a curl command into a new tab, send it, and paste another into the endpoint', async ({ page, context }) => {
  await openPage(page, '/graphql')
  await expect(tabs(page).getByRole('tab')).toHaveCount(1)
  // F6 to the toolbar, then Tab to "Import curl".
  await page.keyboard.press('F6')
  await expect(endpoint(page)).toBeFocused()
  const importButton = page.getByRole('button', { name: 'Import curl' })
  for (let i = 0; i < 10 && !(await importButton.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(importButton).toBeFocused()
  await page.keyboard.press('Enter')

  const dialog = page.getByRole('dialog', { name: 'Import curl' })
  await expect(dialog.getByRole('textbox', { name: 'curl command' })).toBeFocused()
  await page.keyboard.insertText(COMMAND)
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeFocused()
  // Ctrl+Enter in the text area imports (it never sends the tab behind the modal).
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Control+Enter')

  // Notes to read (--compressed, the browser's own headers); Close is focused and returns to the button.
  await expect(announcer(page)).toHaveText('Imported into a new tab, Echo; 2 notes to read')
  await expect(dialog.getByRole('list', { name: 'Notes' })).toContainText('Left out headers the browser sets itself: sec-fetch-mode.')
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(importButton).toBeFocused()

  await expect(tabs(page).getByRole('tab')).toHaveCount(2)
  await expect(tabs(page).getByRole('tab', { name: 'Echo' })).toHaveAttribute('aria-selected', 'true')
  await expect(endpoint(page)).toHaveValue(`${URLS.graphql}/graphql`)
  await page.keyboard.press('Control+Enter')
  await expect(announcer(page)).toHaveText(/^200 OK, /)
  await expect(response(page)).toContainText('Bearer e2e-token-123')
  await expect(response(page)).toContainText("it's here")
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))
  expect(stored).not.toContain('e2e-token-123')

  // A curl pasted into the endpoint (Ctrl+V) opens a third tab instead of becoming the URL.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.evaluate((text) => navigator.clipboard.writeText(text), `curl ${URLS.graphql}/graphql --json '{"query":"query Pasted { users { id } }"}'`)
  await page.keyboard.press('F6')
  await page.keyboard.press('F6')
  await page.keyboard.press('F6')
  await expect(endpoint(page)).toBeFocused()
  await page.keyboard.press('Control+V')
  await expect(tabs(page).getByRole('tab', { name: 'Pasted' })).toHaveAttribute('aria-selected', 'true')
  await expect(endpoint(page)).toHaveValue(`${URLS.graphql}/graphql`)
  await expect(announcer(page)).toHaveText('Imported into a new tab, Pasted')
})
