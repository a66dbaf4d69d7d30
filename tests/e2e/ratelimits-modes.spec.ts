import { expect, test, type Page } from '@playwright/test'
import { sampleHar } from '../../src/features/rate-limits/core/timeline/sample-har'
import { openPage, readClipboard } from '../support/app'
import { expectNoAxeViolationsInBothThemes } from '../support/axe'

// Clock times in the sentences are the browser's own; UTC makes them the ones asserted here.
test.use({ timezoneId: 'UTC' })

const T = Date.parse('2025-01-14T12:00:00Z')
/** 80 requests in 40 s against a 100-per-minute quota: ~120 kB, so the page builds it in its worker. */
const HAR = sampleHar({ startMs: T, count: 80, intervalMs: 500 })
const THROTTLED = ['HTTP/1.1 429 Too Many Requests', 'Date: Tue, 14 Jan 2025 10:15:00 GMT', 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 0', 'X-RateLimit-Reset: 1736849760'].join('\n')

const pasteArea = (page: Page) => page.getByRole('textbox', { name: 'Response headers' })
const modes = (page: Page) => page.getByRole('radiogroup', { name: 'Mode' })

/**
 * Pastes text as the browser does (value set, one input event). Playwright's fill() inserts a 5,000-line HAR
 * through the editing pipeline line by line, which takes longer than a test may.
 */
async function paste(page: Page, text: string): Promise<void> {
  await pasteArea(page).evaluate((el: HTMLTextAreaElement, value) => {
    el.focus()
    el.value = value
    el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }))
  }, text)
}

/** Chooses a mode the way a keyboard user does: into the radio group, arrows to the mode. */
async function chooseMode(page: Page, label: string): Promise<void> {
  await modes(page).getByRole('radio', { checked: true }).focus()
  for (let i = 0; i < 3 && !(await modes(page).getByRole('radio', { name: label }).isChecked()); i++) await page.keyboard.press('ArrowRight')
  await expect(modes(page).getByRole('radio', { name: label })).toBeChecked()
}

test.describe('rate-limit modes', () => {
  test('a pasted HAR becomes a chart with its projection, walked point by point and read as a table', async ({ page }) => {
    await openPage(page, '/rate-limits')
    await chooseMode(page, 'Timeline')
    await expect(page).toHaveURL(/\?mode=timeline$/)
    await paste(page, HAR)
    const timeline = page.locator('#rl-timeline')
    await expect(timeline.getByText('80 responses read from a HAR file, 1 quota.')).toBeVisible()
    const chart = timeline.getByRole('figure', { name: /Remaining requests over time, github core/ })
    await expect(chart.getByRole('img', { name: /Remaining requests over time/ })).toBeVisible()
    await expect(chart.getByTestId('projection')).toHaveText('At 120 requests/min you run out at 12:00:49 UTC, 10 s before the reset at 12:01:00 UTC.')

    // Keyboard walk: one Tab stop from the chart's slider; each point read as time, remaining and limit.
    const slider = chart.getByRole('slider', { name: 'Points of github core' })
    await slider.focus()
    await expect(slider).toHaveAttribute('aria-valuetext', 'Point 80 of 80, 12:00:39 UTC: 20 of 100 requests remaining')
    await page.keyboard.press('Home')
    await expect(slider).toHaveAttribute('aria-valuetext', 'Point 1 of 80, 12:00:00 UTC: 99 of 100 requests remaining')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await expect(slider).toHaveAttribute('aria-valuetext', 'Point 3 of 80, 12:00:01 UTC: 97 of 100 requests remaining')
    await page.keyboard.press('PageUp')
    await expect(slider).toHaveAttribute('aria-valuenow', '13')
    await page.keyboard.press('ArrowLeft')
    await expect(slider).toHaveAttribute('aria-valuenow', '12')

    // The same data as a table.
    await page.keyboard.press('Tab')
    await expect(chart.getByRole('button', { name: 'Show as table' })).toBeFocused()
    await page.keyboard.press('Enter')
    const table = chart.getByRole('table', { name: 'Readings of github core' })
    await expect(table.getByRole('row')).toHaveCount(81)
    await expect(table.getByRole('row').nth(1)).toHaveText(/^1\s*12:00:00 UTC\s*99\s*100\s*12:01:00 UTC\s*200/)
    await expect(chart.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true')
  })

  test('the linter on a 429 without Retry-After: the error, its line, the fix and the corrected headers', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.clock.setFixedTime(new Date('2025-01-14T10:15:00Z'))
    await openPage(page, '/rate-limits?mode=lint')
    await expect(modes(page).getByRole('radio', { name: "Check my server's headers" })).toBeChecked()
    await pasteArea(page).fill(THROTTLED)
    const check = page.locator('#rl-lint')
    await expect(check.getByText('1 problem found: 1 error.')).toBeVisible()
    await expect(check.getByRole('heading', { name: 'Errors (1)' })).toBeVisible()
    const finding = check.locator('[data-code="retry-after-missing"]')
    await expect(finding).toContainText('line 1')
    await expect(finding).toContainText('HTTP/1.1 429 Too Many Requests')
    await expect(finding).toContainText('Retry-After: 60')
    await finding.getByRole('button', { name: 'Copy fix for retry-after-missing (line 1)' }).click()
    await expect.poll(() => readClipboard(page.context())).toBe('Retry-After: 60')
    // "Show line" takes the user to the line in the paste.
    await finding.getByRole('button', { name: 'Show line 1 in the input' }).click()
    await expect(pasteArea(page)).toBeFocused()
    expect(await pasteArea(page).evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd))).toBe('HTTP/1.1 429 Too Many Requests')
    await expect(check.getByRole('region', { name: 'Corrected headers' })).toHaveText(
      ['HTTP/1.1 429', 'Date: Tue, 14 Jan 2025 10:15:00 GMT', 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 0', 'X-RateLimit-Reset: 1736849760', 'Retry-After: 60'].join('\n'),
    )
  })

  test(`axe finds nothing in the linter and the timeline (light and dark)`, async ({ page }) => {
    // Two full-page scans, one over a 200-row table and a 7,000-line paste: slower than one page load.
    test.slow()
    await page.clock.setFixedTime(new Date('2025-01-14T10:15:00Z'))
    await openPage(page, '/rate-limits?mode=lint')
    await pasteArea(page).fill(THROTTLED.replace('X-RateLimit-Reset: 1736849760', 'X-RateLimit-Reset: 60'))
    await expect(page.locator('#rl-lint').getByRole('heading', { name: /^Warnings/ })).toBeVisible()
    await expectNoAxeViolationsInBothThemes(page)
    await chooseMode(page, 'Timeline')
    await paste(page, sampleHar({ startMs: T, count: 200, intervalMs: 1000, limit: 50 }))
    await page.getByRole('button', { name: 'Show as table' }).click()
    await expect(page.getByRole('table', { name: 'Readings of github core' })).toBeVisible()
    await expectNoAxeViolationsInBothThemes(page)
  })
})
