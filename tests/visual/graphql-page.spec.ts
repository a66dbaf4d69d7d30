import { expect, test } from '@playwright/test'
import { THEMES, openPage, presetTheme } from '../support/app'
import { textInSystemFonts } from '../support/glyphs'

/**
 * The /graphql page with a real response from the demo server (data plus a GraphQL error). What
 * varies between runs is masked: the lane's endpoint, the measured metrics, the rate-limit values
 * (the server's counter and clock) and the header table that repeats them, and the history entry
 * (its measured duration and the lane's port change its layout; HistoryList's stories cover it).
 * The workspace is shown with the side panel open on Docs (without a schema: a fixed text; the
 * history entry's height varies with its measured duration, so it is not in the picture).
 */
for (const theme of THEMES) {
  test(`page /graphql with a response (${theme})`, async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-01-15T12:00:00Z'))
    await presetTheme(page, theme)
    await openPage(page, '/graphql')
    await page.getByText('Examples and share link').click()
    await page.getByLabel('Example request').selectOption('error')
    await page.getByRole('button', { name: 'Load example' }).click()
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page.getByTestId('announcer')).toHaveText(/1 error$/)
    const response = page.getByRole('region', { name: 'Response', exact: true })
    await expect(response.getByRole('tree', { name: 'Response body' })).toBeVisible()
    await page.getByRole('button', { name: 'History', exact: true }).click()
    const history = page.getByRole('region', { name: 'History', exact: true })
    await expect(history.getByRole('listitem')).toHaveCount(1)
    await page.getByRole('button', { name: 'Docs', exact: true }).click()
    await expect(page.getByRole('complementary', { name: 'Schema docs' })).toBeVisible()
    await page.mouse.move(0, 0)
    expect(await textInSystemFonts(page), 'text drawn with a system font').toEqual([])
    await expect(page).toHaveScreenshot(`graphql-response--${theme}.png`, {
      fullPage: true,
      mask: [
        page.locator('[data-lane-dependent]'),
        response.locator('dl'),
        response.getByRole('article'),
        response.getByRole('table'),
      ],
    })
  })
}
