import { expect, test, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { openPage } from '../support/app'

/**
 * The first request of a newcomer, on the built app against the real demo server: an endpoint
 * written as `{{host}}/graphql` with its environment picked is not called an invalid URL when the
 * field is left, and a new tab sends no empty `Authorization:` header (the demo's `echo` reads the
 * headers that arrived).
 */
const announcer = (page: Page) => page.getByTestId('announcer')
/** The side panel, named by the view it shows. */
const side = (page: Page) => page.getByRole('complementary', { name: /^(Schema docs|History|Schema|Environments)$/ })
const endpoint = (page: Page) => page.getByLabel('Endpoint', { exact: true })
const response = (page: Page) => page.getByRole('region', { name: 'Response', exact: true })

async function setQuery(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Query' }).click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(text)
}

test('{{host}}/graphql with its environment picked is a valid endpoint when the field is left, and sends', async ({ page }) => {
  test.setTimeout(60_000)
  await openPage(page, '/graphql')
  await page.getByRole('textbox', { name: 'Query' }).focus()
  await page.keyboard.press('Alt+Shift+E')
  await side(page).getByRole('button', { name: 'New environment' }).click()
  await side(page).getByLabel('Name of variable 1').fill('host')
  await side(page).getByLabel('Value of variable 1').fill(URLS.graphql)
  await page.getByLabel('Environment', { exact: true }).selectOption({ label: 'New environment' })

  await endpoint(page).fill('{{host}}/graphql')
  await endpoint(page).press('Tab')
  await expect(endpoint(page)).toHaveAttribute('aria-invalid', 'false')
  await expect(page.getByText(/not a valid absolute URL/)).toHaveCount(0)

  // Without the environment, the reference is named at the field, not called a bad URL.
  await page.getByLabel('Environment', { exact: true }).selectOption({ index: 0 })
  await endpoint(page).focus()
  await endpoint(page).press('Tab')
  await expect(endpoint(page)).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText(/\{\{host\}\}/).first()).toBeVisible()
  await expect(page.getByText(/not a valid absolute URL/)).toHaveCount(0)
})

test('a new tab sends no empty Authorization header', async ({ page }) => {
  await openPage(page, '/graphql')
  await page.getByRole('button', { name: 'New tab' }).click()
  await setQuery(page, '{ echo { header(name: "Authorization") } }')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(announcer(page)).toHaveText(/^200 OK/)
  // What the server received: no Authorization at all (before, an empty one arrived as "").
  await expect(response(page)).toContainText('header: null')
  await expect(response(page)).toContainText("-H 'Content-Type: application/json'")
  await expect(response(page)).not.toContainText('Authorization:')
})
