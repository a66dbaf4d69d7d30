import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from '../support/axe'
import { ROUTES, THEMES, openPage, presetTheme } from '../support/app'

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => presetTheme(page, theme))

    for (const route of ROUTES) {
      test(`axe finds no violations on ${route.path}`, async ({ page }) => {
        test.slow() // a full-page axe run on /webhooks (~18 s alone) passed 30 s on a busy 2-core CI machine (2026-11-25)
        await openPage(page, route.path)
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        await expectNoAxeViolations(page)
      })

      test(`${route.path} does not scroll sideways at 320 px`, async ({ page }) => {
        await page.setViewportSize({ width: 320, height: 640 })
        await openPage(page, route.path)
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
        expect(overflow).toBeLessThanOrEqual(0)
      })
    }

    test('the focused skip link passes axe too', async ({ page }) => {
      await openPage(page, '/')
      await page.keyboard.press('Tab')
      await expectNoAxeViolations(page)
    })
  })
}
