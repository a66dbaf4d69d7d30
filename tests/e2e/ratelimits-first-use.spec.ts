/**
 * What a new user hits first on the rate-limit page, on the production build: GitHub's own documented curl
 * example, an old paste whose reset has passed, the linter's findings on real-looking headers, one announcement
 * per paste, and Clear by keyboard.
 */
import { expect, test, type Page } from '@playwright/test'
import { openPage } from '../support/app'

const pasteArea = (page: Page) => page.getByRole('textbox', { name: 'Response headers' })
const results = (page: Page) => page.locator('#rl-results')
const announcer = (page: Page) => page.locator('[role="status"]').filter({ hasText: /quota/ })

/** GitHub's REST docs ("Rate limits for the REST API"), as printed there: the response quoted with "> ". */
const GITHUB_DOCS = [
  '$ curl -I https://api.github.com/users/octocat',
  '> HTTP/2 200',
  '> Date: Mon, 01 Jul 2013 17:27:06 GMT',
  '> x-ratelimit-limit: 60',
  '> x-ratelimit-remaining: 56',
  '> x-ratelimit-used: 4',
  '> x-ratelimit-reset: 1372700873',
].join('\n')

async function paste(page: Page, text: string): Promise<void> {
  await pasteArea(page).focus()
  await page.keyboard.insertText(text)
}

test.describe('rate limits: first use', () => {
  test("GitHub's documented curl -I example gives its quota, not 'No rate-limit quota found'", async ({ page }) => {
    await openPage(page, '/rate-limits')
    await paste(page, GITHUB_DOCS)
    const card = results(page).getByRole('article').first()
    await expect(card.locator('[data-field="limit"]')).toContainText('60')
    await expect(card.locator('[data-field="remaining"]')).toContainText('56')
    await expect(results(page)).not.toContainText('No rate-limit quota found')
  })

  test('headers captured two hours ago: the reset passed 1 h 30 min ago, said as such; no clock-skew warning', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2025-01-14T05:54:00Z'))
    await openPage(page, '/rate-limits')
    await paste(page, ['HTTP/2 200', 'date: Tue, 14 Jan 2025 03:54:00 GMT', 'x-ratelimit-limit: 5000', 'x-ratelimit-remaining: 120', 'x-ratelimit-used: 4880', 'x-ratelimit-reset: 1736828640', 'x-ratelimit-resource: core'].join('\n'))
    await expect(results(page)).toContainText('has passed (1 h 30 min ago)')
    await expect(results(page)).not.toContainText('in 30 min')
    await expect(results(page)).not.toContainText('behind now')
    await expect(results(page)).not.toContainText('spread the remaining requests')
  })

  test('a loaded example is current: no passed reset, no clock warning', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-11-27T09:00:00Z'))
    await openPage(page, '/rate-limits')
    await page.getByLabel('Example', { exact: true }).selectOption('github')
    await page.getByRole('button', { name: 'Load example' }).click()
    await expect(results(page).getByRole('article').first()).toContainText('in 14 min')
    await expect(results(page)).not.toContainText(/behind|ahead of|has passed/)
  })

  test('linter: an identical duplicate is a duplicate; -1 on a 429 is not "no limit applies"; nothing to fix shows no corrected copy', async ({ page }) => {
    await openPage(page, '/rate-limits?mode=lint')
    await paste(page, ['HTTP/1.1 429 Too Many Requests', 'Date: Tue, 14 Jan 2025 10:15:00 GMT', 'Retry-After: 30', 'X-RateLimit-Limit: 60', 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: -1'].join('\n'))
    const check = page.locator('#rl-lint')
    await expect(check.locator('[data-code="duplicate-header"]')).toContainText('same value (lines 4, 5)')
    await expect(check.locator('[data-code="not-a-number"]')).toContainText('contradicts')
    await expect(check).not.toContainText('usually means')
    await pasteArea(page).fill(['Date: Tue, 14 Jan 2025 10:15:00 GMT', 'RateLimit: "default";r=50;t=30'].join('\n'))
    await expect(check.locator('[data-code="ietf-policy-missing"]')).toBeVisible()
    await expect(check.getByRole('region', { name: 'Corrected headers' })).toHaveCount(0)
  })

  test('keyboard: one announcement per paste, and Clear returns focus to the paste box', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2025-01-14T10:15:00Z'))
    await openPage(page, '/rate-limits')
    await paste(page, ['x-ratelimit-limit: 5000', 'x-ratelimit-remaining: 4987', 'x-ratelimit-reset: 1736850540', 'x-ratelimit-used: 13', 'x-ratelimit-resource: core'].join('\n'))
    await expect(announcer(page)).toHaveText('1 quota: GitHub core 4,987 of 5,000 left, resets in 14 min.')
    const clear = page.getByRole('button', { name: 'Clear' })
    await clear.focus()
    await page.keyboard.press('Enter')
    await expect(pasteArea(page)).toBeFocused()
    await expect(pasteArea(page)).toHaveValue('')
  })
})
