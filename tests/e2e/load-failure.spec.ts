/**
 * A page or a part of one whose code cannot be downloaded says so, with Try again: here the device
 * goes offline for real (no service worker to answer from cache) after the app has loaded, then a
 * page and a lazy dialog are asked for, then the network comes back. Before, a header link did
 * nothing at all, and a lazy part was simply missing.
 */
import { expect, test, type Page } from '@playwright/test'
import { openPage } from '../support/app'

// Each test loads a page, fails a download twice and loads it again, and a test waits up to the
// app's own 30 s download limit: on a busy machine (two CPU hogs beside the run) that took more than
// the 30 s a test gets by default, the page in place and its heading focused when time ran out.
test.describe.configure({ timeout: 90_000 })

const announcer = (page: Page) => page.getByTestId('announcer')

/** How long the app lets a download take before it counts as failed (`loadWithin`'s 30 s). */
const DOWNLOAD_LIMIT_MS = 30_000

/**
 * Stops the page's clock (it was installed running): from here only the test moves it.
 * On a running clock the real time between the click that starts a download and the test's
 * `fastForward` counted too, so on a busy machine (over a second between the two) the 30 s limit
 * passed during "29 s" and the notice came too early.
 */
async function pauseClock(page: Page): Promise<void> {
  // A moment ahead: the page's clock runs on until the pause, and Playwright cannot pause in its past.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000)
}

test('a page that cannot be downloaded is shown and said; Try again, back online, opens it with focus on its heading', async ({ page, context }) => {
  await openPage(page, '/')
  await context.setOffline(true)
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('link', { name: 'Webhooks' }).click()

  const notice = page.getByTestId('load-failed')
  await expect(notice).toContainText('The Webhook payload generator could not be loaded.')
  await expect(announcer(page)).toHaveText('The Webhook payload generator could not be loaded.')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.locator('#main h1')).toHaveText('API Workbench')

  // Still offline: trying again says so again, and the notice keeps focus on its button.
  const tryAgain = notice.getByRole('button', { name: 'Try again' })
  await tryAgain.focus()
  await page.keyboard.press('Enter')
  await expect(announcer(page)).toHaveText('The Webhook payload generator could still not be loaded.')
  await expect(tryAgain).toBeFocused()

  await context.setOffline(false)
  await page.keyboard.press('Enter')
  // The download, evaluation and first turns of a page on a busy machine: the app's own limit.
  await expect(page.locator('#main h1')).toHaveText('Webhook payload generator', { timeout: DOWNLOAD_LIMIT_MS })
  await expect(page).toHaveURL(/\/webhooks$/)
  await expect(notice).toHaveCount(0)
  await expect(page.locator('#main h1')).toBeFocused()
})

test('a page whose download hangs counts as not loaded after 30 s: shown and said, with Try again', async ({ page }) => {
  await page.clock.install()
  await openPage(page, '/')
  // The page's chunk is asked for and never answered.
  await page.route(/\/assets\/RateLimitsPage-[\w-]+\.js$/, () => undefined)
  await pauseClock(page)
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('link', { name: 'Rate limits' }).click()

  const notice = page.getByTestId('load-failed')
  await page.clock.fastForward(29_000)
  await expect(notice).toHaveCount(0)
  await page.clock.fastForward(1_000)
  await expect(notice).toContainText('The Rate-limit header parser could not be loaded.')
  await expect(announcer(page)).toHaveText('The Rate-limit header parser could not be loaded.')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.locator('#main h1')).toHaveText('API Workbench')
  await expect(notice.getByRole('button', { name: 'Try again' })).toBeVisible()
})

test('a lazy part that cannot be downloaded stands as a notice with Try again; back online it comes in its place', async ({ page, context }) => {
  await openPage(page, '/graphql')
  await expect(page.getByRole('textbox', { name: /^Query/ }).first()).toBeVisible()
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Import curl' }).click()

  const notice = page.getByTestId('load-failed')
  await expect(notice).toContainText('The curl import dialog could not be loaded.')
  await expect(announcer(page)).toHaveText('The curl import dialog could not be loaded.')
  await expect(page.getByRole('dialog', { name: 'Import curl' })).toHaveCount(0)

  await context.setOffline(false)
  await notice.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('dialog', { name: 'Import curl' })).toBeVisible({ timeout: DOWNLOAD_LIMIT_MS })
  await expect(notice).toHaveCount(0)
})

test('a lazy part whose download hangs says it is loading, then after 30 s stands as the notice with Try again', async ({ page }) => {
  await page.clock.install()
  await openPage(page, '/graphql')
  await expect(page.getByRole('textbox', { name: /^Query/ }).first()).toBeVisible()
  // The dialog's chunk is asked for and never answered.
  await page.route(/\/assets\/CurlImportDialog-[\w-]+\.js$/, () => undefined)
  await pauseClock(page)
  await page.getByRole('button', { name: 'Import curl' }).click()
  await page.clock.runFor(500)
  await expect(page.getByText('The curl import dialog is loading…')).toBeVisible()

  await page.clock.fastForward(28_500)
  const notice = page.getByTestId('load-failed')
  await expect(notice).toHaveCount(0)
  await page.clock.fastForward(1_000)
  await expect(notice).toContainText('The curl import dialog could not be loaded.')
  await expect(announcer(page)).toHaveText('The curl import dialog could not be loaded.')
  await expect(page.getByText('The curl import dialog is loading…')).toHaveCount(0)

  // The request still hangs: Try again waits for it, and says so again when it has not come.
  await notice.getByRole('button', { name: 'Try again' }).click()
  await page.clock.fastForward(30_000)
  await expect(announcer(page)).toHaveText('The curl import dialog could still not be loaded.')
  await expect(notice.getByRole('button', { name: 'Reload the page' })).toBeVisible()
})
