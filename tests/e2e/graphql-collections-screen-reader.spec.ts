import { expect, test } from '@playwright/test'
import { openPage } from '../support/app'
import { clearSpoken, spokenPhrases, startScreenReader, useScreenReader } from '../support/screen-reader'

/**
 * The Collections tree as a screen reader user hears it (the Virtual Screen Reader following focus
 * in the real app): after saving the shown tab, the tree says it is a tree, each item its name,
 * whether it is expanded, its level and place; a move by Alt+↓ is announced where it happened.
 */
test('the Collections tree speaks its items, their level and place, and a keyboard move', async ({ page }) => {
  test.setTimeout(60_000)
  await useScreenReader(page)
  await openPage(page, '/graphql')
  await startScreenReader(page)
  await page.keyboard.press('Alt+Shift+C')
  const side = page.getByRole('complementary', { name: 'Collections' })
  await side.getByRole('button', { name: 'Save tab…' }).focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  const tree = side.getByRole('tree', { name: 'Collections' })
  const first = tree.getByRole('treeitem', { name: 'UserById' })
  await expect(first).toBeFocused()
  // A second request, then the first one moved below it.
  await side.getByRole('button', { name: 'Save tab…' }).focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('Second')
  await page.keyboard.press('Enter')
  await expect(tree.getByRole('treeitem', { name: 'Second' })).toBeFocused()
  await clearSpoken(page)
  await page.keyboard.press('ArrowUp')
  await expect(first).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(tree.getByRole('treeitem', { name: 'My collection' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Alt+ArrowDown')
  await expect(first).toHaveAttribute('aria-posinset', '2')
  await expect.poll(async () => (await spokenPhrases(page)).join(' | ')).toContain('Moved UserById to position 2 of 2 in My collection')
  const spoken = (await spokenPhrases(page)).join(' | ')
  expect(spoken).toMatch(/treeitem, UserById, level 2, position 1, selected, set size 2/)
  expect(spoken).toMatch(/treeitem, UserById, level 2, position 2, selected, set size 2/)
  expect(spoken).toMatch(/treeitem, My collection, expanded, level 1, position 1, selected, set size 1/)
})
