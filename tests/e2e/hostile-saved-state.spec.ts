import { expect, test, type Page } from '@playwright/test'
import { PAGE_SHOWN } from '../support/app'
import { answersWithin } from '../support/liveness'

/**
 * Saved state as a hostile or damaged browser profile would hold it: thousands of environments
 * with repeated ids, tens of thousands of saved tabs, tabs that cannot be read. The page still
 * answers, says what it left out, and does not overwrite the saved text until the user chooses.
 */
// The stores' storage keys and the tab limit (the store modules need the app's bundler to load).
const GRAPHQL_TABS_STORAGE_KEY = 'awb-graphql-tabs'
const GRAPHQL_ENVIRONMENTS_STORAGE_KEY = 'awb-graphql-environments'
const MAX_RESTORED_TABS = 100
const environments = JSON.stringify({
  activeId: '',
  environments: Array.from({ length: 2000 }, (_, i) => ({
    id: 'same',
    name: `Env ${i}`,
    variables: Array.from({ length: 10 }, () => ({ id: 'same', name: 'a', value: '1', secret: false })),
  })),
})
const manyTabs = JSON.stringify({
  activeId: 't1',
  tabs: [
    ...Array.from({ length: 50_000 }, (_, i) => ({ id: `t${i + 1}`, name: '', request: { query: `query Saved${i + 1} { a }` } })),
    'damaged',
    { id: 't1', name: 'repeated' },
  ],
})

/** Puts `entries` into localStorage before the app's first load only (a reload sees what the app saved). */
async function preset(page: Page, entries: Record<string, string>): Promise<void> {
  await page.addInitScript((values) => {
    if (sessionStorage.getItem('awb-test-preset')) return
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
    sessionStorage.setItem('awb-test-preset', '1')
  }, entries)
}

test('50,000 saved tabs, damaged ones and 2,000 environments with repeated ids: the page answers and says what it left out', async ({ page }) => {
  await preset(page, { [GRAPHQL_TABS_STORAGE_KEY]: manyTabs, [GRAPHQL_ENVIRONMENTS_STORAGE_KEY]: environments })
  await page.goto('/graphql')
  await page.locator(PAGE_SHOWN).waitFor()
  expect(await answersWithin(page)).toBe(true)
  const notice = page.getByRole('region', { name: 'Saved tabs not restored' })
  await expect(notice).toContainText('2 saved tabs could not be restored (not a tab, or a repeated id) and were left out.')
  await expect(notice).toContainText(`Only the first ${MAX_RESTORED_TABS} tabs of 50,000 saved tabs were opened.`)
  await expect(page.getByRole('tablist', { name: 'Requests' }).getByRole('tab')).toHaveCount(MAX_RESTORED_TABS)
  await expect(page.getByLabel('Environment', { exact: true }).locator('option')).toHaveCount(2001)

  // Editing does not overwrite the saved tabs until the user chooses to.
  await page.getByRole('button', { name: 'New tab' }).click()
  expect(await page.evaluate((key) => localStorage.getItem(key), GRAPHQL_TABS_STORAGE_KEY)).toBe(manyTabs)
  await notice.getByRole('button', { name: 'Save my tabs from now on' }).click()
  await expect(notice).toBeHidden()
  const saved = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).tabs.length as number, GRAPHQL_TABS_STORAGE_KEY)
  expect(saved).toBe(MAX_RESTORED_TABS + 1)
})

test('saved tabs that are not JSON: named, kept to copy, the tester starts with one tab', async ({ page }) => {
  const broken = '{"activeId":"t1","tabs":[{"id":"t1","na'
  await preset(page, { [GRAPHQL_TABS_STORAGE_KEY]: broken })
  await page.goto('/graphql')
  await page.locator(PAGE_SHOWN).waitFor()
  const notice = page.getByRole('region', { name: 'Saved tabs not restored' })
  await expect(notice).toContainText('Your saved tabs could not be restored (they are not valid JSON)')
  await expect(notice.getByRole('region', { name: 'Saved tabs as stored' })).toHaveText(broken)
  await page.reload()
  await page.locator(PAGE_SHOWN).waitFor()
  await expect(notice).toContainText('(they are not valid JSON)')
})
