import { expect, test, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { switchSchemaVersion } from '../../demo/graphql-demo-versioned.ts'
import { THEMES, openPage, presetTheme } from '../support/app'
import { expectNoAxeViolations } from '../support/axe'

/**
 * The schema-change guard on the built app against the demo server's versioned API
 * (demo/graphql-demo-versioned.ts: version 2 removes `Book.isbn`), keyboard only: a query using
 * the field is sent (it is in the open tab and the history), the server's schema is switched, the
 * schema reloaded, and the Schema panel lists the removal and both saved copies of the query at
 * the field; "Open in tab" opens the history copy in a new tab with focus in its query. Axe in both
 * themes with the broken operations listed.
 */
const QUERY = 'query Isbns {\n  books {\n    title\n    isbn\n  }\n}'

const schemaRegion = (page: Page) => page.getByRole('region', { name: 'Schema', exact: true })
const changes = (page: Page) => page.getByRole('region', { name: 'Schema changed' })

/** Presses Enter on `name`'s button in the toolbar form (focused first, as Tab would). */
async function openSchemaView(page: Page): Promise<void> {
  const button = page.getByRole('form', { name: 'Endpoint and send' }).getByRole('button', { name: 'Schema', exact: true })
  if ((await button.getAttribute('aria-pressed')) !== 'true') {
    await button.focus()
    await page.keyboard.press('Enter')
  }
  await expect(button).toHaveAttribute('aria-pressed', 'true')
}

/** Sends the query using `Book.isbn` to the versioned API `name`, then switches its schema and reloads it. */
async function breakSavedQuery(page: Page, name: string): Promise<void> {
  await openPage(page, '/graphql')
  const endpoint = page.getByLabel('Endpoint', { exact: true })
  await endpoint.focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText(`${URLS.graphql}/versioned/${name}/graphql`)
  await openSchemaView(page)
  await expect(schemaRegion(page)).toContainText('Schema loaded from the endpoint', { timeout: 15_000 })

  const query = page.getByRole('textbox', { name: 'Query' })
  await query.focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(QUERY)
  await page.keyboard.press('Control+Enter')
  await expect(page.getByRole('region', { name: /^Response/ }).first()).toContainText('978-0441478125')

  await switchSchemaVersion(URLS.graphql, name, 2)
  const reload = schemaRegion(page).getByRole('button', { name: 'Reload schema' })
  await reload.focus()
  await page.keyboard.press('Enter')
  await expect(changes(page)).toBeVisible({ timeout: 15_000 })
}

test.describe('GraphQL tester: schema-change guard', () => {
  test('a reloaded schema that lost a field lists the saved operations that use it; Open in tab opens one', async ({ page }, info) => {
    await breakSavedQuery(page, `e2e-guard-${info.project.name}-${info.repeatEachIndex}`.replace(/[^\w-]/g, '-'))
    await expect(page.getByTestId('announcer')).toHaveText('Schema changed: 1 breaking change, 2 saved operations broke')
    const region = changes(page)
    await expect(region.getByText('Field Book.isbn was removed.')).toBeVisible()
    await expect(region.getByRole('listitem').filter({ hasText: 'Isbns (history)' })).toContainText('Line 4, column 5: Cannot query field "isbn" on type "Book".')
    await expect(region.getByRole('listitem').filter({ hasText: 'Isbns (open tab)' })).toContainText('Line 4, column 5:')

    const tabs = page.getByRole('tablist', { name: /request/i })
    const before = await tabs.getByRole('tab').count()
    const openHistory = region.getByRole('button', { name: 'Open in tab', description: 'Isbns (history)' })
    await openHistory.focus()
    await page.keyboard.press('Enter')
    await expect(tabs.getByRole('tab')).toHaveCount(before + 1)
    await expect(page.getByRole('textbox', { name: 'Query' })).toBeFocused()
    await expect(page.getByRole('textbox', { name: 'Query' })).toContainText('isbn')
  })

  test('Compare two schemas: two pasted SDLs, the changes listed and focus on them; a bad paste is placed at its field', async ({ page }) => {
    await openPage(page, '/graphql')
    await openSchemaView(page)
    const toggle = schemaRegion(page).getByRole('button', { name: 'Compare two schemas' })
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')

    const oldEditor = page.getByRole('textbox', { name: 'Old schema (SDL or introspection JSON)' })
    const newEditor = page.getByRole('textbox', { name: 'New schema (SDL or introspection JSON)' })
    await oldEditor.focus()
    await page.keyboard.insertText('type Book { id: ID! isbn: String }\ntype Query { books: [Book!]! }')
    await newEditor.focus()
    await page.keyboard.insertText('type Book { id: ID!\ntype Query { books: [Book!]! }')
    const compare = page.getByRole('button', { name: 'Compare schemas' })
    await compare.focus()
    await page.keyboard.press('Enter')
    // Not read: said at the new schema's field (its line, in the editor), both texts kept.
    await expect(page.getByTestId('announcer')).toHaveText(/^Not compared: the new schema: /)
    await expect(newEditor).toContainText('type Book { id: ID!')
    await expect(oldEditor).toContainText('isbn: String')

    await newEditor.focus()
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.insertText('type Book { id: ID! title: String }\ntype Query { books: [Book!]! }')
    await compare.focus()
    await page.keyboard.press('Enter')
    const heading = changes(page).getByRole('heading', { name: 'Schema changed' })
    await expect(heading).toBeFocused()
    await expect(page.getByTestId('announcer')).toHaveText('Schema changed: 1 breaking change, no saved operation broke')
    await expect(changes(page).getByText('Field Book.isbn was removed.')).toBeVisible()
  })

  for (const theme of THEMES) {
    test(`axe: the broken operations listed, in the ${theme} theme`, async ({ page }, info) => {
      await presetTheme(page, theme)
      await breakSavedQuery(page, `e2e-guard-axe-${theme}-${info.project.name}-${info.repeatEachIndex}`.replace(/[^\w-]/g, '-'))
      await expectNoAxeViolations(page)
    })
  }
})
