import { expect, test, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { openPage } from '../support/app'
import { announcedIn } from '../../src/shared/testing/announced'
import { spokenPhrases, useScreenReaderFromLoad } from '../support/screen-reader'

/**
 * Schema on arrival, on the built app against the real demo server: the endpoint's schema is
 * loaded with no click (Docs, completion and checks work from the first keystroke), a server that
 * refuses introspection gets a calm note with the way on, and GitHub's real public schema (the
 * demo serves `@octokit/graphql-schema`'s introspection), which graphql-js 17 finds nine problems
 * in, loads with those problems listed as warnings and drives completion.
 */
const GRAPHQL = `${URLS.graphql}/graphql`
const PRIVATE = `${URLS.graphql}/private`
const GITHUB = `${URLS.graphql}/github/graphql`

const endpoint = (page: Page) => page.getByLabel('Endpoint', { exact: true })
const queryEditor = (page: Page) => page.getByRole('textbox', { name: 'Query' })
const schemaRegion = (page: Page) => page.getByRole('region', { name: 'Schema', exact: true })
const docs = (page: Page) => page.getByRole('complementary', { name: 'Schema docs' })

/** Opens a view of the side panel with its toolbar button, unless it is open. */
async function openSide(page: Page, view: 'Docs' | 'Schema'): Promise<void> {
  const button = page.getByRole('form', { name: 'Endpoint and send' }).getByRole('button', { name: view, exact: true })
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click()
  await expect(button).toHaveAttribute('aria-pressed', 'true')
}

/** Replaces the query editor's text by keyboard and asks for completion at its end. */
async function completeAt(page: Page, text: string) {
  await queryEditor(page).click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(text)
  await page.keyboard.press('Control+Space')
  await expect(queryEditor(page)).toHaveAttribute('aria-controls', /.+/)
  return page.locator(`[id="${await queryEditor(page).getAttribute('aria-controls')}"]`)
}

test.describe('GraphQL tester: schema on arrival', () => {
  test('a fresh page lists the demo schema’s types in Docs and completes fields, with no click on Load', async ({ page }) => {
    await openPage(page, '/graphql')
    await expect(endpoint(page)).toHaveValue(GRAPHQL)
    await openSide(page, 'Docs')
    const all = docs(page).getByRole('listbox', { name: 'All types, A to Z' })
    await expect(all.getByRole('option', { name: /^User\b/ })).toBeVisible()
    await expect(docs(page).getByRole('listbox', { name: 'Root types' }).getByRole('option', { name: /^Query\b/ })).toBeVisible()

    const listbox = await completeAt(page, '{ us')
    await expect(listbox.getByRole('option', { name: /^users\s*:\s*\[User!\]!$/ })).toBeVisible()

    // The status says where the schema came from and how old it is; Reload is kept.
    await openSide(page, 'Schema')
    await expect(schemaRegion(page)).toContainText(/^Schema\s*Schema loaded from the endpoint just now · \d+ types/)
    await expect(schemaRegion(page).getByRole('button', { name: 'Reload schema' })).toBeVisible()
  })

  test('an endpoint that refuses introspection gets a calm note with “paste the schema”, not an error', async ({ page }) => {
    await openPage(page, '/graphql')
    await openSide(page, 'Schema')
    await expect(schemaRegion(page)).toContainText('Schema loaded from the endpoint')
    await endpoint(page).fill(PRIVATE)
    const note = schemaRegion(page).getByText(/^This endpoint does not allow introspection/)
    await expect(note).toHaveText(
      'This endpoint does not allow introspection (it answered “GraphQL introspection is not allowed, but the query contained __schema or __type.”). Paste the schema (SDL or introspection JSON) for completion, checks and docs.',
    )
    // Not an error: no alert, no error colour, nothing announced, the form stays usable.
    await expect(page.getByRole('alert')).toHaveCount(0)
    await expect(note).not.toHaveClass(/problem/)
    await expect(page.getByTestId('announcer')).toHaveText(/^Schema loaded: \d+ types$/) // the arrival's, nothing since
    await schemaRegion(page).getByRole('button', { name: 'Paste schema' }).click()
    await expect(schemaRegion(page).getByRole('textbox', { name: /Schema \(SDL or introspection JSON\)/ })).toBeVisible()
  })

  test('a screen reader hears that the schema loaded on arrival, once, with no click', async ({ page }) => {
    await useScreenReaderFromLoad(page)
    await openPage(page, '/graphql')
    await expect.poll(async () => announcedIn(await spokenPhrases(page)), { timeout: 15_000 }).toEqual([expect.stringMatching(/^Schema loaded: \d+ types$/)])
    const [heard] = announcedIn(await spokenPhrases(page))
    // The count heard is the schema's (as the Schema view shows it), and typing completes from it at once.
    await openSide(page, 'Schema')
    await expect(schemaRegion(page)).toContainText(`Schema loaded from the endpoint just now · ${/\d+/.exec(heard ?? '')?.[0]} types`)
    const listbox = await completeAt(page, '{ us')
    await expect(listbox.getByRole('option', { name: /^users\s*:\s*\[User!\]!$/ })).toBeVisible()
  })

  test('GitHub’s public schema loads with its nine problems as warnings, and completes its fields', async ({ page }) => {
    await openPage(page, '/graphql')
    await endpoint(page).fill(GITHUB)
    await openSide(page, 'Schema')
    await expect(schemaRegion(page)).toContainText(/Schema loaded from the endpoint just now · 1,\d{3} types/, { timeout: 30_000 })
    const summary = schemaRegion(page).getByText('9 warnings: the schema breaks rules of the GraphQL spec; it is used anyway')
    await summary.click()
    await expect(
      schemaRegion(page).getByText('Interface field Reactable.databaseId is not deprecated, so implementation field PullRequest.databaseId must not be deprecated.'),
    ).toBeVisible()

    const listbox = await completeAt(page, '{ viewer { log')
    await expect(listbox.getByRole('option', { name: /^login\s*:\s*String!$/ })).toBeVisible()
    // The query is checked against it too.
    await page.keyboard.press('Escape')
    await page.keyboard.insertText('inn } }')
    await expect(page.getByText(/Cannot query field "loginn" on type "User"/)).toBeVisible()
  })
})
