import { expect, test, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { THEMES, openPage, presetTheme } from '../support/app'
import { expectNoAxeViolations } from '../support/axe'

/**
 * GitHub's public schema (the demo serves `@octokit/graphql-schema`'s introspection) at scale, on
 * the built app, by keyboard: it loads on arrival and completes `login` in `{ viewer { log`; the
 * page opened again takes it from this browser's cache (IndexedDB), says so with its age, and
 * completes from it; Reload asks the endpoint again. Both themes pass axe with the cached status.
 */
const GITHUB = `${URLS.graphql}/github/graphql`

const endpoint = (page: Page) => page.getByLabel('Endpoint', { exact: true })
const queryEditor = (page: Page) => page.getByRole('textbox', { name: 'Query' })
const schemaRegion = (page: Page) => page.getByRole('region', { name: 'Schema', exact: true })

/** Opens the Schema view by keyboard (its toolbar button focused, Enter), unless it is open. */
async function openSchemaView(page: Page): Promise<void> {
  const button = page.getByRole('form', { name: 'Endpoint and send' }).getByRole('button', { name: 'Schema', exact: true })
  if ((await button.getAttribute('aria-pressed')) !== 'true') {
    await button.focus()
    await page.keyboard.press('Enter')
  }
  await expect(button).toHaveAttribute('aria-pressed', 'true')
}

/** Types `{ viewer { log` into the emptied query editor: the completion list opens as one types. */
async function expectLoginOffered(page: Page): Promise<void> {
  await queryEditor(page).focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Delete')
  await page.keyboard.type('{ viewer { log')
  await expect(queryEditor(page)).toHaveAttribute('aria-controls', /.+/)
  const listbox = page.locator(`[id="${await queryEditor(page).getAttribute('aria-controls')}"]`)
  await expect(listbox.getByRole('option', { name: /^login\s*:\s*String!$/ })).toBeVisible()
  await page.keyboard.press('Escape')
}

/** Opens the tester on GitHub's endpoint (typed, as a user would) and waits for its schema. */
async function arriveWithGithub(page: Page): Promise<void> {
  await openPage(page, '/graphql')
  await endpoint(page).focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText(GITHUB)
  await openSchemaView(page)
  await expect(schemaRegion(page)).toContainText(/Schema loaded from the endpoint just now · 1,\d{3} types/, { timeout: 30_000 })
}

test.describe('GraphQL tester: GitHub’s schema, cached', () => {
  test('loads on arrival and completes; opened again, it comes from this browser’s cache with its age; Reload asks again', async ({ page }) => {
    test.slow() // GitHub's schema is 2.6 MB of introspection, built twice
    await arriveWithGithub(page)
    await expectLoginOffered(page)

    // The endpoint is kept; the page opened again has the schema from the cache, and says how old it is.
    await page.reload()
    await expect(endpoint(page)).toHaveValue(GITHUB)
    await openSchemaView(page)
    const cached = /Schema from this browser’s cache, loaded from the endpoint (just now|1 min ago) · 1,\d{3} types/
    await expect(schemaRegion(page)).toContainText(cached, { timeout: 30_000 })
    await expect(page.getByTestId('announcer')).toHaveText(/^Schema loaded from this browser’s cache: 1,\d{3} types, with 9 warnings$/)
    await expectLoginOffered(page)

    // Reload: from the endpoint again, no longer "from the cache".
    const reload = schemaRegion(page).getByRole('button', { name: 'Reload schema' })
    await reload.focus()
    await page.keyboard.press('Enter')
    await expect(schemaRegion(page)).toContainText(/Schema loaded from the endpoint just now · 1,\d{3} types/, { timeout: 30_000 })
    await expect(reload).toBeFocused()
  })

  for (const theme of THEMES) {
    test(`axe: the schema status from the cache in the ${theme} theme`, async ({ page }) => {
      test.slow()
      await presetTheme(page, theme)
      await arriveWithGithub(page)
      await page.reload()
      await openSchemaView(page)
      await expect(schemaRegion(page)).toContainText('Schema from this browser’s cache', { timeout: 30_000 })
      await expectNoAxeViolations(page)
    })
  }
})
