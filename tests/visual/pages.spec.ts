import { expect, test } from '@playwright/test'
import { ROUTES, THEMES, openPage, presetTheme } from '../support/app'

for (const theme of THEMES) {
  for (const route of ROUTES) {
    test(`page ${route.path} (${theme})`, async ({ page }) => {
      await page.clock.setFixedTime(new Date('2026-01-15T12:00:00Z'))
      await presetTheme(page, theme)
      await openPage(page, route.path)
      const name = route.path === '/' ? 'home' : route.path.slice(1).replaceAll('/', '_')
      await expect(page).toHaveScreenshot(`${name}--${theme}.png`, { fullPage: true })
    })
  }
}
