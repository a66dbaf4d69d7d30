import { expect, test, type Page } from '@playwright/test'
import { sampleHar } from '../../src/features/rate-limits/core/timeline/sample-har'
import { openPage } from '../support/app'
import { answersWithin } from '../support/liveness'

test.use({ timezoneId: 'UTC' })

/**
 * A timeline built to overwhelm the drawing: a refill at every one of 20,000 readings, and 1,000 quota
 * families. The marks are thinned, the quotas closest to running out are charted and the rest listed; the page
 * answers throughout.
 */
const T = Date.parse('2025-01-14T12:00:00Z')

/** A HAR of `families` quotas (`x-ratelimit-resource` r0…), two responses each, r0 the closest to running out. */
function manyFamilies(families: number): string {
  const entries = Array.from({ length: families * 2 }, (_, i) => {
    const family = i % families
    const at = T + i * 100
    const remaining = family === 0 ? 0 : 10 + ((family * 37) % 4990)
    const headers = [
      ['date', new Date(Math.floor(at / 1000) * 1000).toUTCString()],
      ['x-ratelimit-limit', '5000'],
      ['x-ratelimit-remaining', String(remaining)],
      ['x-ratelimit-reset', String(Math.floor(T / 1000) + 3600)],
      ['x-ratelimit-resource', `r${family}`],
    ].map(([name, value]) => ({ name, value }))
    return { startedDateTime: new Date(at).toISOString(), request: { method: 'GET', url: `https://api.github.com/r/${family}`, headers: [] }, response: { status: 200, headers } }
  })
  return JSON.stringify({ log: { version: '1.2', entries } })
}

async function openHar(page: Page, har: string): Promise<void> {
  await openPage(page, '/rate-limits?mode=timeline')
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Open file…' }).click()
  await (await chooser).setFiles({ name: 'traffic.har', mimeType: 'application/json', buffer: Buffer.from(har) })
}

test('20,000 readings that each refill: a few hundred reset marks, the page answers', async ({ page }) => {
  test.slow()
  await openHar(page, sampleHar({ startMs: T, count: 20_000, intervalMs: 2000, windowSeconds: 2, extraHeaders: 0 }))
  const timeline = page.locator('#rl-timeline')
  const chart = timeline.getByRole('figure', { name: /github core \(20,000 responses\)/ })
  await expect(chart).toBeVisible({ timeout: 30_000 })
  expect(await answersWithin(page)).toBe(true)
  const marks = await chart.locator('.resets line').count()
  expect(marks).toBeGreaterThan(50)
  expect(marks).toBeLessThanOrEqual(200)
  expect(await chart.locator('.resets text').count()).toBeLessThanOrEqual(16)
})

test('1,000 quota families: 8 charts, the closest to running out first, and a table of the other 992', async ({ page }) => {
  test.slow()
  await openHar(page, manyFamilies(1000))
  const timeline = page.locator('#rl-timeline')
  await expect(timeline.getByTestId('charted')).toHaveText('Charted: the 8 quotas closest to running out. The other 992 are in the table below.', { timeout: 30_000 })
  expect(await answersWithin(page)).toBe(true)
  await expect(timeline.getByRole('figure')).toHaveCount(8)
  await expect(timeline.getByRole('figure').first()).toHaveAccessibleName(/ r0 \(2 responses\)/)
  const table = timeline.getByRole('table', { name: 'Quotas not charted, least left first' })
  await expect(table).toHaveAttribute('aria-rowcount', '993')
  expect(await table.getByRole('row').count()).toBeLessThan(100)
})
