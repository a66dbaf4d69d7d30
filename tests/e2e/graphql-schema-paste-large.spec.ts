import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { openPage } from '../support/app'

/**
 * GitHub's public schema (`@octokit/graphql-schema`'s SDL, 1.2 MB) pasted for an endpoint that
 * refuses introspection, on the built app: it is read in the schema worker and built on the page in
 * slices, so a key typed right after "Use this schema" reaches the query editor, and the schema then
 * completes `login` in `{ viewer { log`. The longest main-thread task from the click until the
 * schema is in use is reported (an annotation), not asserted.
 */
const PRIVATE = `${URLS.graphql}/private`
const SDL = readFileSync(join(process.cwd(), 'node_modules/@octokit/graphql-schema/schema.graphql'), 'utf8')

test.use({ permissions: ['clipboard-read', 'clipboard-write', 'local-network-access'] })

const announcer = (page: Page) => page.getByTestId('announcer')
const queryEditor = (page: Page) => page.getByRole('textbox', { name: 'Query' })
const schemaRegion = (page: Page) => page.getByRole('region', { name: 'Schema', exact: true })

test('GitHub’s SDL pasted is read off the page: a key typed meanwhile lands, and the schema then completes', async ({ page }) => {
  test.slow() // 1.2 MB of SDL typed into an editor, then GitHub's schema built
  await openPage(page, '/graphql')
  await page.getByLabel('Endpoint', { exact: true }).fill(PRIVATE)
  const schemaButton = page.getByRole('form', { name: 'Endpoint and send' }).getByRole('button', { name: 'Schema', exact: true })
  await schemaButton.click()
  await schemaRegion(page).getByRole('button', { name: 'Paste schema' }).click()
  await schemaRegion(page).getByRole('textbox', { name: /Schema \(SDL or introspection JSON\)/ }).click()
  // Pasted as a user pastes: from the clipboard, one input to the editor.
  await page.evaluate((text) => navigator.clipboard.writeText(text), SDL)
  await page.keyboard.press('ControlOrMeta+v')
  await expect(schemaRegion(page).getByRole('textbox', { name: /Schema \(SDL or introspection JSON\)/ })).toContainText('scalar X509Certificate') // the end of the text: the editor shows what is in view

  // Long tasks from the click on, for the report.
  await page.evaluate(() => {
    const tasks: number[] = []
    Object.assign(window, { awbLongTasks: tasks })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration)
    }).observe({ type: 'longtask' })
  })
  await schemaRegion(page).getByRole('button', { name: 'Use this schema' }).click()
  await expect(schemaRegion(page).getByText('Reading the schema…')).toBeVisible()
  // A key typed while the schema is read lands in the query editor before the schema is in use
  // (read on the page, the schema was set within the click, before any later key was handled).
  await queryEditor(page).focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('#')
  await expect(queryEditor(page)).toHaveText('#')
  expect(await announcer(page).textContent()).not.toMatch(/^Schema set from pasted/)
  await expect(announcer(page)).toHaveText(/^Schema set from pasted SDL: 1,\d{3} types/, { timeout: 30_000 })
  const longTasks = await page.evaluate(() => (window as unknown as { awbLongTasks: number[] }).awbLongTasks)
  test.info().annotations.push({ type: 'longest main-thread task from Use this schema to the schema in use (ms)', description: String(Math.round(Math.max(0, ...longTasks))) })
  console.log(`long tasks after "Use this schema": ${longTasks.map((t) => Math.round(t)).join(', ') || 'none'}`)

  // The schema is in use: `{ viewer { log` completes `login`.
  await queryEditor(page).focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Delete')
  await page.keyboard.type('{ viewer { log')
  await expect(queryEditor(page)).toHaveAttribute('aria-controls', /.+/)
  const listbox = page.locator(`[id="${await queryEditor(page).getAttribute('aria-controls')}"]`)
  await expect(listbox.getByRole('option', { name: /^login\s*:\s*String!$/ })).toBeVisible()
})
