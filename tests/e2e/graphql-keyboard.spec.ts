/**
 * The GraphQL tester's keyboard, where focus lands after each action: New tab on the tab it opened,
 * a side-panel key back where the user was when it closes the panel (never <body>), and an imported
 * curl in a tab whose name no other tab has. Against the real demo server.
 */
import { expect, test, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { openPage } from '../support/app'

const tabs = (page: Page) => page.getByRole('tablist', { name: 'Requests' })
const queryEditor = (page: Page) => page.getByRole('textbox', { name: 'Query' })
const endpoint = (page: Page) => page.getByLabel('Endpoint', { exact: true })
const activeTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName)

test('New tab and Duplicate tab put focus on the tab they opened', async ({ page }) => {
  await openPage(page, '/graphql')
  await page.getByRole('button', { name: 'New tab' }).focus()
  await page.keyboard.press('Enter')
  const opened = tabs(page).getByRole('tab').nth(1)
  await expect(opened).toHaveAttribute('aria-selected', 'true')
  await expect(opened).toBeFocused()
  // Arrow keys work from there at once: back to the first tab.
  await page.keyboard.press('ArrowLeft')
  await expect(tabs(page).getByRole('tab').first()).toBeFocused()

  await page.getByRole('button', { name: 'Duplicate tab' }).focus()
  await page.keyboard.press('Enter')
  await expect(tabs(page).getByRole('tab')).toHaveCount(3)
  await expect(tabs(page).getByRole('tab').nth(1)).toBeFocused()
  await expect(tabs(page).getByRole('tab').nth(1)).toHaveAttribute('aria-selected', 'true')
})

test('a side-panel key opens its view with focus in it, and the same key returns focus to where it was', async ({ page }) => {
  await openPage(page, '/graphql')
  // No side panel, no handle to resize it.
  const handle = page.getByRole('separator', { name: 'Resize side panel' })
  await expect(handle).toBeHidden()
  // From the query editor: Alt+Shift+H twice.
  await queryEditor(page).focus()
  await page.keyboard.press('Alt+Shift+H')
  const history = page.getByRole('complementary', { name: 'History' })
  await expect(history).toBeVisible()
  expect(await history.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  await expect(handle).toBeVisible()
  await page.keyboard.press('Alt+Shift+H')
  await expect(history).toBeHidden()
  await expect(queryEditor(page)).toBeFocused()

  // From the endpoint, Docs then Schema (switching views keeps focus in the panel), then Schema again.
  await endpoint(page).focus()
  await page.keyboard.press('Alt+Shift+D')
  await expect(page.getByRole('complementary', { name: 'Schema docs' })).toBeVisible()
  await page.keyboard.press('Alt+Shift+S')
  const schema = page.getByRole('complementary', { name: 'Schema' })
  await expect(schema).toBeVisible()
  expect(await schema.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  await page.keyboard.press('Alt+Shift+S')
  await expect(schema).toBeHidden()
  await expect(endpoint(page)).toBeFocused()
  expect(await activeTag(page)).not.toBe('BODY')
})

test('a curl command imported twice opens tabs with names no other tab has', async ({ page }) => {
  await openPage(page, '/graphql')
  // The first tab is UserById; the same operation imported twice becomes UserById (2) and (3).
  const command = `curl '${URLS.graphql}/graphql' -H 'content-type: application/json' --data-raw '{"query":"query UserById($id: ID!) { user(id: $id) { id } }","variables":{"id":"1"}}'`
  const dialog = page.getByRole('dialog', { name: 'Import curl' })
  for (let i = 0; i < 2; i++) {
    await page.getByRole('button', { name: 'Import curl' }).click()
    const text = dialog.getByRole('textbox', { name: 'curl command' })
    await text.fill(command)
    await text.press('Control+Enter')
    await expect(tabs(page).getByRole('tab')).toHaveCount(i + 2)
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Close' }).click()
  }
  const names = await tabs(page).getByRole('tab').allTextContents()
  expect(names.map((name) => name.trim()).sort()).toEqual(['UserById', 'UserById (2)', 'UserById (3)'])
  await expect(page.getByTestId('announcer')).toHaveText(/^Imported into a new tab, UserById \(3\)/)
})
