import { expect, test, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { expectNoAxeViolations } from '../support/axe'
import { THEMES, openPage, presetTheme, readClipboard, PAGE_SHOWN } from '../support/app'

/**
 * GraphQL tester, part two, on the built app against the real demo servers: schema by
 * introspection (and pasted, when the server refuses introspection), completion and checks in the
 * editors, the docs explorer by keyboard, history across reloads, and share links without secrets.
 */
const GRAPHQL = `${URLS.graphql}/graphql`
const PRIVATE = `${URLS.graphql}/private`
const NO_CORS = `${URLS.graphqlNoCors}/graphql`
const TOKEN = 'Bearer e2e-secret-token-456'

const announcer = (page: Page) => page.getByTestId('announcer')
const endpoint = (page: Page) => page.getByLabel('Endpoint', { exact: true })
const queryEditor = (page: Page) => page.getByRole('textbox', { name: 'Query' })
const variablesEditor = (page: Page) => page.getByRole('textbox', { name: 'Variables' })
const schemaRegion = (page: Page) => page.getByRole('region', { name: 'Schema', exact: true })
const docs = (page: Page) => page.getByRole('complementary', { name: 'Schema docs' })
const historyRegion = (page: Page) => page.getByRole('region', { name: 'History', exact: true })
const response = (page: Page) => page.getByRole('region', { name: 'Response', exact: true })
const tokenField = (page: Page) => page.getByLabel('Value of header 1')

// Copy link writes the clipboard; the tests read it back.
// Playwright's permissions deny every permission they do not list: local-network-access is listed
// so the tester does not read a denied Local Network Access permission (a real loopback page is
// never asked for it).
test.use({ permissions: ['clipboard-read', 'clipboard-write', 'local-network-access'] })

async function openTester(page: Page, path = '/graphql'): Promise<void> {
  await openPage(page, path)
  await expect(endpoint(page)).toHaveValue(GRAPHQL)
}

/** Opens a view of the side panel (Docs, History, Schema) with its toolbar button, unless it is open. */
async function openSide(page: Page, view: 'Docs' | 'History' | 'Schema'): Promise<void> {
  const button = page.getByRole('form', { name: 'Endpoint and send' }).getByRole('button', { name: view, exact: true })
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click()
  await expect(button).toHaveAttribute('aria-pressed', 'true')
}

/** Shows a tab under the query editor: Variables, Headers or Settings. */
async function showDetails(page: Page, tab: 'Variables' | 'Headers' | 'Settings'): Promise<void> {
  await page.getByRole('tablist', { name: 'Request details' }).getByRole('tab', { name: tab }).click()
}

/** Opens the folded examples and share link of the request pane. */
async function openMore(page: Page): Promise<void> {
  const more = page.locator('details', { has: page.getByText('Examples and share link') })
  if (!(await more.evaluate((el) => (el as HTMLDetailsElement).open))) await more.locator('summary').click()
}

/** Waits for the schema the page loads on arrival (no click needed). */
async function loadSchema(page: Page): Promise<void> {
  await openSide(page, 'Schema')
  await expect(schemaRegion(page)).toContainText(/Schema loaded from the endpoint .* types/)
}

/** Replaces an editor's text by keyboard, as a user would. */
async function typeInto(page: Page, editor: ReturnType<typeof queryEditor>, text: string): Promise<void> {
  await editor.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(text)
}

test.describe('GraphQL tester: schema', () => {
  test('the schema loaded on arrival: completion offers a field by keyboard and inserts it', async ({ page }) => {
    await openTester(page)
    await loadSchema(page)
    await typeInto(page, queryEditor(page), '{ us')
    await page.keyboard.press('Control+Space')
    // The listbox is tied to the editor (aria-controls, aria-activedescendant), so a screen reader reads the active option.
    await expect(queryEditor(page)).toHaveAttribute('aria-controls', /.+/)
    const listbox = page.locator(`[id="${await queryEditor(page).getAttribute('aria-controls')}"]`)
    await expect(listbox).toHaveRole('listbox')
    // Names read "user: User", not "userUser".
    await expect(listbox.getByRole('option', { name: /^users\s*:\s*\[User!\]!$/ })).toBeVisible()
    await expect(listbox.getByRole('option', { name: /^user\s*:\s*User$/ })).toBeVisible()
    const before = await queryEditor(page).getAttribute('aria-activedescendant')
    // CodeMirror ignores the list's keys for its `interactionDelay` (75 ms) after the list opens, so
    // a key meant for the editor is not taken as a pick; a person is never that fast, a test can be.
    await page.waitForTimeout(100)
    await page.keyboard.press('ArrowDown')
    await expect(queryEditor(page)).not.toHaveAttribute('aria-activedescendant', before ?? '')
    const chosen = listbox.getByRole('option', { selected: true })
    const name = /^users?/.exec((await chosen.textContent()) ?? '')?.[0] ?? ''
    expect(name).toMatch(/^users?$/)
    await page.keyboard.press('Enter')
    await expect(queryEditor(page)).toContainText(`{ ${name}`)
    await expect(listbox).toHaveCount(0)
  })

  test('the query is checked against the schema, with the message at its line', async ({ page }) => {
    await openTester(page)
    await loadSchema(page)
    await typeInto(page, queryEditor(page), '{\n  users {\n    nickname\n  }\n}')
    await expect(page.getByText(/Line 3, column 5:.*Cannot query field "nickname" on type "User"/)).toBeVisible()
    await expect(queryEditor(page)).toHaveAttribute('aria-invalid', 'true')
  })

  test('a missing required variable is flagged before sending, and Fill variables adds it', async ({ page }) => {
    await openTester(page)
    await loadSchema(page)
    await expect(queryEditor(page)).toContainText('query UserById($id: ID!)')
    await typeInto(page, variablesEditor(page), '{}')
    await expect(page.getByText(/Variable "\$id" of required type "ID!" was not provided/)).toBeVisible()
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(announcer(page)).toHaveText(/^Not sent: .*\$id/)
    await expect(variablesEditor(page)).toBeFocused()
    await expect(response(page)).not.toContainText('200 OK')

    await page.getByRole('button', { name: 'Fill variables' }).click()
    await expect(variablesEditor(page)).toContainText('"id": ""')
    await typeInto(page, variablesEditor(page), '{"id": "2"}')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(announcer(page)).toHaveText(/^200 OK/)
  })

  test('introspection refused: the reason is shown, and a pasted SDL works instead (a bad paste keeps its text)', async ({ page }) => {
    await openTester(page)
    await endpoint(page).fill(PRIVATE)
    await openSide(page, 'Schema')
    await schemaRegion(page).getByRole('button', { name: 'Load schema' }).click()
    await expect(schemaRegion(page)).toContainText('introspection is not allowed')
    await schemaRegion(page).getByRole('button', { name: 'Paste schema' }).click()
    const paste = schemaRegion(page).getByRole('textbox', { name: /Schema \(SDL or introspection JSON\)/ })
    await typeInto(page, paste, 'type Query {\n  users: [Person]\n}')
    await schemaRegion(page).getByRole('button', { name: 'Use this schema' }).click()
    await expect(schemaRegion(page).getByText(/Line 2, column \d+:.*Person/)).toBeVisible()
    await expect(paste).toContainText('users: [Person]')
    await typeInto(page, paste, 'type Query {\n  users(first: Int): [User!]!\n}\ntype User {\n  id: ID!\n  name: String!\n}')
    await schemaRegion(page).getByRole('button', { name: 'Use this schema' }).click()
    await expect(announcer(page)).toHaveText(/^Schema set from pasted SDL: \d+ types$/)
    await expect(schemaRegion(page)).toContainText(/pasted/i)
  })

  test('a CORS failure while loading the schema gets the same help and curl as a request', async ({ page }) => {
    await openTester(page)
    await endpoint(page).fill(NO_CORS)
    await openSide(page, 'Schema')
    // The load on arrival gives a calm note first. Clicked only once it is shown: the note appearing
    // moves the button down, and a click in that moment would land beside it.
    await expect(schemaRegion(page)).toContainText('No schema from this endpoint: blocked by CORS')
    await schemaRegion(page).getByRole('button', { name: 'Load schema' }).click()
    await expect(schemaRegion(page)).toContainText('Could not load the schema: Blocked by CORS')
    await expect(schemaRegion(page).getByRole('heading', { name: /^Blocked by CORS: the server at 127\.0\.0\.1:\d+ answered/ })).toBeVisible()
    await expect(schemaRegion(page).getByRole('region', { name: 'The same request as curl' })).toContainText('IntrospectionQuery')
  })

  test('the schema is marked stale when the token changes', async ({ page }) => {
    await openTester(page)
    await loadSchema(page)
    await showDetails(page, 'Headers')
    await tokenField(page).fill(TOKEN)
    await expect(schemaRegion(page)).toContainText(/stale/i)
    await schemaRegion(page).getByRole('button', { name: 'Reload schema' }).click()
    await expect(announcer(page)).toHaveText(/^Schema loaded/)
    await expect(schemaRegion(page)).not.toContainText(/stale/i)
  })
})

test.describe('GraphQL tester: docs explorer', () => {
  test('keyboard only: search, open a field, insert it into the query, go back', async ({ page }) => {
    await openTester(page)
    await loadSchema(page)
    await openSide(page, 'Docs')
    const search = docs(page).getByLabel('Search the schema')
    await search.focus()
    await page.keyboard.type('posts')
    const results = docs(page).getByRole('listbox', { name: 'Search results' })
    await expect(results.getByRole('option').first()).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(results.getByRole('option').first()).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(docs(page).getByRole('heading', { name: /posts/ })).toBeFocused()
    await expect(docs(page)).toContainText('first')

    // Back with the breadcrumbs' keyboard shortcut, then into Query by its list.
    // A hit opens through its type (User › posts), so going back passes User on the way to the root.
    await page.keyboard.press('Alt+ArrowLeft')
    await expect(docs(page).getByRole('heading', { name: 'User' })).toBeFocused()
    await page.keyboard.press('Alt+ArrowLeft')
    await expect(search).toBeVisible()
    await search.fill('')
    const roots = docs(page).getByRole('listbox', { name: 'Root types' })
    await roots.getByRole('option').first().focus()
    await page.keyboard.press('Enter')
    await expect(docs(page).getByRole('heading', { name: 'Query' })).toBeFocused()

    // Shift+Enter on a field inserts it at the query editor's cursor.
    await typeInto(page, queryEditor(page), '{\n  \n}')
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('End')
    const fields = docs(page).getByRole('listbox', { name: 'Fields of Query' })
    await fields.getByRole('option', { name: /^users/ }).focus()
    await page.keyboard.press('Shift+Enter')
    await expect(announcer(page)).toHaveText('Inserted users into the query')
    await expect(queryEditor(page)).toContainText('users {')
    await expect(queryEditor(page)).toBeFocused()
  })

  test('F1 in the query editor shows the field at the cursor in the docs', async ({ page }) => {
    await openTester(page)
    await loadSchema(page)
    await typeInto(page, queryEditor(page), '{ users { email } }')
    await page.keyboard.press('Home')
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight')
    await page.keyboard.press('F1')
    await expect(docs(page).getByRole('heading', { name: /users/ })).toBeFocused()
  })
})

test.describe('GraphQL tester: history', () => {
  test('every send is kept without secrets, survives a reload, and re-opens into the editors', async ({ page }) => {
    await openTester(page)
    await showDetails(page, 'Headers')
    await tokenField(page).fill(TOKEN)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(announcer(page)).toHaveText(/^200 OK/)
    await openSide(page, 'History')
    await expect(historyRegion(page)).toContainText('UserById')

    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }))
    expect(stored).toContain('UserById')
    expect(stored).not.toContain('e2e-secret-token-456')

    await page.reload()
    await page.locator(PAGE_SHOWN).waitFor()
    await typeInto(page, queryEditor(page), '{ users { id } }')
    await historyRegion(page).getByRole('button', { name: /^Open UserById/ }).click()
    await expect(queryEditor(page)).toContainText('query UserById($id: ID!)')
    await expect(queryEditor(page)).toBeFocused()
    await expect(announcer(page)).toHaveText(/^Opened UserById from history/)
    await expect(response(page)).not.toContainText('200 OK') // re-opening never sends

    await historyRegion(page).getByRole('button', { name: /^Delete UserById/ }).click()
    await expect(historyRegion(page)).toContainText('No requests yet')
  })
})

test.describe('GraphQL tester: share links', () => {
  test('Copy link round-trips the request without the token, and opening it sends nothing', async ({ page, context }) => {
    await openTester(page)
    await showDetails(page, 'Headers')
    await tokenField(page).fill(TOKEN)
    await showDetails(page, 'Settings')
    await page.getByLabel('Subscriptions over').selectOption('ws')
    await showDetails(page, 'Variables')
    await typeInto(page, variablesEditor(page), '{"id": "7"}')
    await openMore(page)
    await page.getByRole('button', { name: 'Copy link' }).click()
    await expect(announcer(page)).toHaveText('Link copied')
    const link = await readClipboard(page.context())
    expect(link).toMatch(/\/graphql#gql=1[dj]\./)
    expect(link).not.toContain('e2e-secret')

    const other = await context.newPage()
    const requests: string[] = []
    other.on('request', (r) => {
      if (r.url().startsWith(URLS.graphql)) requests.push(r.url())
    })
    await other.goto(link)
    const notice = other.getByRole('heading', { name: 'Filled from a shared link' })
    await expect(notice).toBeFocused()
    await expect(other.getByText('Nothing was sent.', { exact: true })).toBeVisible()
    await expect(other.getByText(/Authorization/).first()).toBeVisible()
    await expect(variablesEditor(other)).toContainText('"id": "7"')
    await expect(other.getByRole('definition').filter({ hasText: 'WebSocket (graphql-ws)' })).toBeVisible() // the notice names the transport…
    await showDetails(other, 'Headers')
    await expect(other.getByLabel('Value of header 1')).toHaveValue('')
    await showDetails(other, 'Settings')
    await expect(other.getByLabel('Subscriptions over')).toHaveValue('ws') // …and the settings have it
    await expect(other).toHaveURL(/\/graphql$/) // the fragment is dropped: a reload keeps later edits
    expect(requests).toEqual([])
  })

  test('a damaged link changes nothing and says why', async ({ page }) => {
    await openTester(page)
    await typeInto(page, queryEditor(page), '{ users { id } }')
    await page.goto('/graphql#gql=1j.@@@')
    await expect(page.getByText(/could not be read/)).toBeVisible()
    await expect(queryEditor(page)).toContainText('{ users { id } }')
  })
})

for (const theme of THEMES) {
  test(`axe: schema, docs, history and a share notice in the ${theme} theme`, async ({ page }) => {
    test.slow() // four states, each scanned after the page settles
    await presetTheme(page, theme)
    await openTester(page)
    await loadSchema(page)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(announcer(page)).toHaveText(/^200 OK/)
    await openSide(page, 'Docs')
    await docs(page).getByRole('listbox', { name: 'Root types' }).getByRole('option').first().focus()
    await page.keyboard.press('Enter')
    await expect(docs(page).getByRole('heading', { name: 'Query' })).toBeFocused()
    await expectNoAxeViolations(page)
    await openSide(page, 'Schema')
    await schemaRegion(page).getByRole('button', { name: 'Paste schema' }).click()
    await expectNoAxeViolations(page)

    // Completion open.
    await typeInto(page, queryEditor(page), '{ us')
    await page.keyboard.press('Control+Space')
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible()
    await expectNoAxeViolations(page)

    await openMore(page)
    await page.getByRole('button', { name: 'Copy link' }).click()
    await expect(announcer(page)).toHaveText('Link copied')
    const link = await readClipboard(page.context())
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Filled from a shared link' })).toBeFocused()
    await expectNoAxeViolations(page)
  })

  test(`the tester with schema and history does not scroll sideways at 320 px (${theme})`, async ({ page }) => {
    await presetTheme(page, theme)
    await page.setViewportSize({ width: 320, height: 640 })
    await openTester(page)
    await loadSchema(page)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(announcer(page)).toHaveText(/^200 OK/)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
}
