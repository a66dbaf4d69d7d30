import { expect, test, type Page } from '@playwright/test'
import { ROUTES, THEMES, openPage, presetTheme } from '../support/app'
import { textInSystemFonts } from '../support/glyphs'

/**
 * Query strings that make a page's content reproducible. /webhooks draws its sample ids from
 * crypto.getRandomValues; `?seed=` (honoured only when the app runs on localhost) selects a seeded
 * source instead, and the frozen clock fixes its timestamps.
 */
const DETERMINISTIC_QUERY: Partial<Record<string, string>> = { '/webhooks': '?seed=1' }

/** What a page loads after its first render, awaited so the screenshot shows one fixed state. */
const LOADED: Partial<Record<string, (page: Page) => Promise<void>>> = {
  // The GitHub event catalogue and the below-the-fold overrides and sequences panels load on demand.
  '/webhooks': async (page) => {
    await expect(page.getByText('261 events', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Send sequence' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Set field' })).toBeVisible()
  },
}

for (const theme of THEMES) {
  for (const route of ROUTES) {
    test(`page ${route.path} (${theme})`, async ({ page }) => {
      await page.clock.setFixedTime(new Date('2026-01-15T12:00:00Z'))
      await presetTheme(page, theme)
      await openPage(page, route.path + (DETERMINISTIC_QUERY[route.path] ?? ''))
      await LOADED[route.path]?.(page)
      expect(await textInSystemFonts(page), 'text drawn with a system font').toEqual([])
      const name = route.path === '/' ? 'home' : route.path.slice(1).replaceAll('/', '_')
      // Values that depend on the test lane's ports (e.g. the demo endpoint) are masked: the
      // baseline must match in every lane.
      await expect(page).toHaveScreenshot(`${name}--${theme}.png`, { fullPage: true, mask: [page.locator('[data-lane-dependent]')] })
    })
  }
}
