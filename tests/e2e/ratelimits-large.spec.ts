import { expect, test } from '@playwright/test'
import { sampleHar } from '../../src/features/rate-limits/core/timeline/sample-har'
import { openPage } from '../support/app'

// Clock times in the sentences are the browser's own; UTC makes them the ones asserted here.
test.use({ timezoneId: 'UTC' })

/**
 * Very large inputs: they are read in the page's worker, held instead of put in the text
 * area, and shown through virtual tables, so the page answers at once and every point and row stays reachable.
 */
test.describe('rate limits with very large inputs', () => {
  test('a 10,000-entry HAR opened as a file: the projection, a keyboard walk over every point, the table following it', async ({ page }) => {
    test.slow() // an 18 MB file on a shared 2-core machine
    const har = sampleHar({ startMs: Date.parse('2025-01-14T12:00:00Z'), count: 10_000, intervalMs: 300, limit: 5000, windowSeconds: 3600 })
    await openPage(page, '/rate-limits?mode=timeline')
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Open file…' }).click()
    await (await chooser).setFiles({ name: 'traffic.har', mimeType: 'application/json', buffer: Buffer.from(har) })

    // The text is kept (not lost, not put in the text area), and the page says what it is reading.
    await expect(page.getByRole('group', { name: 'Response headers' })).toHaveAccessibleDescription(/^traffic\.har: 18 MB, kept in memory but not shown here/)
    const timeline = page.locator('#rl-timeline')
    await expect(timeline.getByText('10,000 responses read from a HAR file, 1 quota, 5,000 HTTP 429 responses.')).toBeVisible({ timeout: 30_000 })
    const chart = timeline.getByRole('figure', { name: /Remaining requests over time, github core \(10,000 responses\)/ })
    await expect(chart.getByTestId('projection')).toHaveText('You ran out at 12:24:59 UTC; requests are allowed again after the reset at 13:00:00 UTC.')

    // Every point is walkable, from the first to the last.
    const slider = chart.getByRole('slider', { name: 'Points of github core' })
    await slider.focus()
    await expect(slider).toHaveAttribute('aria-valuetext', 'Point 10,000 of 10,000, 12:49:59 UTC: 0 of 5,000 requests remaining, HTTP 429')
    await page.keyboard.press('Home')
    await expect(slider).toHaveAttribute('aria-valuetext', 'Point 1 of 10,000, 12:00:00 UTC: 4,999 of 5,000 requests remaining')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('PageUp')
    await expect(slider).toHaveAttribute('aria-valuenow', '12')

    // The table has every row, renders those in view, and follows the slider.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    const table = chart.getByRole('table', { name: 'Readings of github core' })
    await expect(table).toHaveAttribute('aria-rowcount', '10001')
    expect(await table.getByRole('row').count()).toBeLessThan(100)
    await slider.focus()
    await page.keyboard.press('End')
    const last = table.locator('tr[aria-rowindex="10001"]')
    await expect(last).toBeVisible()
    await expect(last).toHaveText(/^10000\s*12:49:59 UTC\s*0\s*5,000\s*13:00:00 UTC\s*429\s*HTTP 429$/)
  })

  test('a 50,000-line paste: held, read in the worker, the quota card and a virtual header table with every row reachable', async ({ page, context }) => {
    test.slow()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await openPage(page, '/rate-limits')
    const head = ['HTTP/2 200', 'x-ratelimit-limit: 5000', 'x-ratelimit-remaining: 4987', 'x-ratelimit-used: 13', 'x-ratelimit-resource: core']
    const lines = [...head, ...Array.from({ length: 50_000 - head.length }, (_, i) => `x-custom-header-${i}: value ${i}`)]
    await page.evaluate((text) => navigator.clipboard.writeText(text), lines.join('\n'))
    await page.getByRole('textbox', { name: 'Response headers' }).focus()
    await page.keyboard.press('ControlOrMeta+V')

    await expect(page.getByRole('group', { name: 'Response headers' })).toHaveAccessibleDescription(/^1\.\d MB of text, kept in memory/)
    const results = page.locator('#rl-results')
    const table = results.getByRole('table', { name: 'Pasted headers: 49,999, 4 recognised' })
    await expect(table).toBeVisible({ timeout: 30_000 })
    await expect(results.getByRole('heading', { name: 'GitHub core' })).toBeVisible()
    await expect(table).toHaveAttribute('aria-rowcount', '50000')
    const rows = table.getByRole('row')
    expect(await rows.count()).toBeLessThan(100)
    await expect(rows.nth(0)).toHaveAttribute('aria-rowindex', '1')
    await expect(rows.nth(1)).toHaveAttribute('aria-rowindex', '2')
    await expect(rows.nth(1)).toContainText('x-ratelimit-limit')

    // Keyboard: the table's region scrolls; End reaches the last row, with its place in the table.
    await results.getByRole('region', { name: /Pasted headers/ }).focus()
    await page.keyboard.press('End')
    const last = table.getByRole('row', { name: /x-custom-header-49994/ })
    await expect(last).toBeVisible()
    await expect(last).toHaveAttribute('aria-rowindex', '50000')
    await expect(last.getByRole('cell').first()).toHaveText('50000')
  })
})
