import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from '../support/axe'
import { openPage } from '../support/app'
import { storedCollections } from '../support/storage'

/**
 * Collections (issue 39), one journey against the real demo server, by keyboard: save the shown
 * tab into a new collection (its secret header becomes {{AUTHORIZATION}} and the form and the
 * announcement say so), save it again under another name, reorder by Alt+↑, reload the page, find
 * both in the tree in their new order (IndexedDB), open one in a new tab and Send it — the demo's
 * `echo` shows the saved header arrived. The secret is in no storage. axe in both themes with the
 * view open.
 */
const SECRET = 'collection-secret-e2e-4711'
const announcer = (page: Page) => page.getByTestId('announcer')
const side = (page: Page) => page.getByRole('complementary', { name: 'Collections' })
const tree = (page: Page) => side(page).getByRole('tree', { name: 'Collections' })
const response = (page: Page) => page.getByRole('region', { name: 'Response', exact: true })

/** Everything IndexedDB's collections database and web storage hold, as text. */
async function storedEverywhere(page: Page): Promise<string> {
  const rows = await storedCollections(page)
  return rows + (await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } })))
}

test('a request saved to a collection survives a reload, keeps its order, reopens in a tab and sends; its secret is never stored', async ({ page }) => {
  test.setTimeout(90_000)
  await openPage(page, '/graphql')

  // The request: the demo echoes a header back; the Authorization row holds a secret.
  await page.getByRole('textbox', { name: 'Query' }).focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText('query SavedEcho { echo { header(name: "X-Trace") } }')
  await page.getByRole('tablist', { name: 'Request details' }).getByRole('tab', { name: 'Variables' }).click()
  await page.getByRole('textbox', { name: 'Variables' }).focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Delete')
  await page.getByRole('tablist', { name: 'Request details' }).getByRole('tab', { name: 'Headers' }).click()
  await expect(page.getByLabel('Name of header 1')).toHaveValue('Authorization')
  await page.getByLabel('Value of header 1').focus()
  await page.keyboard.type(`Bearer ${SECRET}`)
  await page.getByRole('button', { name: 'Add header' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Name of header 2')).toBeFocused()
  await page.keyboard.type('X-Trace')
  await page.keyboard.press('Tab')
  await page.keyboard.type('saved-in-a-collection')

  // Save to a new collection, by keyboard; the form says which header value is not stored.
  await page.keyboard.press('Alt+Shift+C')
  await expect(side(page).getByRole('heading', { name: 'Collections', level: 2 })).toBeFocused()
  await expect(side(page).getByRole('button', { name: 'Save tab…' })).toBeVisible() // the view's chunk is in
  await page.keyboard.press('Tab')
  await expect(side(page).getByRole('button', { name: 'Close Collections' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(side(page).getByRole('button', { name: 'Save tab…' })).toBeFocused()
  await page.keyboard.press('Enter')
  const name = side(page).getByLabel('Name', { exact: true })
  await expect(name).toBeFocused()
  await expect(name).toHaveValue('SavedEcho')
  await expect(side(page).getByTestId('secret-references')).toHaveText(/the value of Authorization becomes \{\{AUTHORIZATION\}\}/)
  await page.keyboard.press('Enter')
  await expect(announcer(page)).toHaveText('Saved SavedEcho to My collection. Secrets not stored: Authorization is saved as {{AUTHORIZATION}}.')
  await expect(tree(page).getByRole('treeitem', { name: 'SavedEcho' })).toBeFocused()

  // Saved again as "Second", then moved above the first with Alt+↑.
  await side(page).getByRole('button', { name: 'Save tab…' }).focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('Second')
  await page.keyboard.press('Enter')
  const second = tree(page).getByRole('treeitem', { name: 'Second' })
  await expect(second).toBeFocused()
  await expect(second).toHaveAttribute('aria-posinset', '2')
  await page.keyboard.press('Alt+ArrowUp')
  await expect(announcer(page)).toHaveText('Moved Second to position 1 of 2 in My collection')
  await expect(second).toBeFocused()
  await expect(second).toHaveAttribute('aria-posinset', '1')
  await expect.poll(() => storedEverywhere(page)).toContain('"name":"Second"')
  const stored = await storedEverywhere(page)
  expect(stored).toContain('Bearer {{AUTHORIZATION}}')
  expect(stored).not.toContain(SECRET)

  // After a reload: the collection is back, in the order left; Enter opens a request in a new tab.
  await page.reload()
  await page.getByRole('textbox', { name: 'Query' }).waitFor()
  // The layout keeps the side panel on Collections.
  await expect(side(page).getByRole('heading', { name: 'Collections', level: 2 })).toBeVisible()
  const collection = tree(page).getByRole('treeitem', { name: 'My collection' })
  await expect(collection).toHaveAttribute('tabindex', '0')
  await collection.focus()
  await page.keyboard.press('ArrowRight')
  await expect(collection).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('ArrowDown')
  await expect(tree(page).getByRole('treeitem', { name: 'Second' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(tree(page).getByRole('treeitem', { name: 'SavedEcho' })).toBeFocused()
  // axe in both themes (the system preference switched, as expectNoAxeViolationsInBothThemes does).
  // Each scan waits until the action buttons' 0.3 s transitions have ended: scanning while they ran,
  // the helper's wait for them did not return here (the test timed out at 90 s).
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
    await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length)).toBe(0)
    await expectNoAxeViolations(page)
  }
  const tabsBefore = await page.getByRole('tablist', { name: 'Requests' }).getByRole('tab').count()
  await page.keyboard.press('Enter')
  await expect(announcer(page)).toHaveText('Opened tab SavedEcho')
  await expect(page.getByRole('tablist', { name: 'Requests' }).getByRole('tab')).toHaveCount(tabsBefore + 1)
  await expect(page.getByRole('tablist', { name: 'Requests' }).getByRole('tab', { selected: true })).toContainText('SavedEcho')

  // The reference stays a reference: the user fills it or, here, leaves the header empty.
  await page.getByRole('tablist', { name: 'Request details' }).getByRole('tab', { name: 'Headers' }).click()
  await expect(page.getByLabel('Value of header 1')).toHaveValue('Bearer {{AUTHORIZATION}}')
  await expect(page.getByLabel('Value of header 2')).toHaveValue('saved-in-a-collection')
  await page.getByLabel('Value of header 1').focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Delete')
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(announcer(page)).toHaveText(/^200 OK, /)
  await expect(response(page).getByRole('tree', { name: 'Response body' })).toContainText('saved-in-a-collection')

  // New folder, then "Move" puts a request into it (keys on native controls).
  await tree(page).getByRole('treeitem', { name: 'Second' }).focus()
  await side(page).getByRole('button', { name: 'New folder' }).focus()
  await page.keyboard.press('Enter')
  await expect(announcer(page)).toHaveText('Created New folder. F2 renames it.')
  await expect(tree(page).getByRole('treeitem', { name: 'New folder' })).toBeFocused()
  await tree(page).getByRole('treeitem', { name: 'Second' }).focus()
  await side(page).getByLabel('Move to folder').selectOption({ label: 'My collection / New folder' })
  await side(page).getByRole('button', { name: 'Move', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(announcer(page)).toHaveText('Moved Second to My collection / New folder')
  await expect(tree(page).getByRole('treeitem', { name: 'Second' })).toBeFocused()
  await expect(tree(page).getByRole('treeitem', { name: 'Second' })).toHaveAttribute('aria-level', '3')

  // Delete in the tree, then Ctrl+Z: the request is back in its folder, stored again, focused.
  await page.keyboard.press('Delete')
  await expect(announcer(page)).toHaveText('Deleted Second. Undo brings it back (Ctrl+Z in the tree).')
  await expect(tree(page).getByRole('treeitem', { name: 'Second' })).toHaveCount(0)
  await expect.poll(() => storedEverywhere(page)).not.toContain('"name":"Second"')
  // Focus goes to what took its place (here: nothing), the item before it (none) or its folder.
  await expect(tree(page).getByRole('treeitem', { name: 'New folder' })).toBeFocused()
  await page.keyboard.press('ControlOrMeta+z')
  await expect(announcer(page)).toHaveText('Restored Second')
  await expect(tree(page).getByRole('treeitem', { name: 'Second' })).toBeFocused()
  await expect(tree(page).getByRole('treeitem', { name: 'Second' })).toHaveAttribute('aria-level', '3')
  await expect.poll(() => storedEverywhere(page)).toContain('"name":"Second"')
})

test('a request saved before the stored collections were read gets focus once the tree shows', async ({ page }) => {
  // The database code arrives late (a slow network): meanwhile the view says "Loading collections…"
  // and has no tree, yet Save works; the saved item must still get focus when the tree comes.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/collections-db-[^/]*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await openPage(page, '/graphql')
  await page.keyboard.press('Alt+Shift+C')
  await expect(side(page).getByText('Loading collections…')).toBeVisible()
  await side(page).getByRole('button', { name: 'Save tab…' }).focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await expect(announcer(page)).toHaveText(/^Saved UserById to My collection/)
  release()
  await expect(tree(page).getByRole('treeitem', { name: 'UserById' })).toBeFocused()
})
