import { test as base, expect, type BrowserContext, devices } from '@playwright/test'
import { STORYBOOK_URL } from '../../playwright.config'
import { listStories, openStory } from '../support/storybook'

/**
 * Every story of the static Storybook, in both themes, against its committed baseline. (axe runs
 * on every story in both themes in the Vitest story tests — `npm run test:stories` — with the same
 * tags, so it is not repeated here.)
 *
 * Speed: one browser context per worker instead of one per test, so Storybook's bundle stays in
 * the context's HTTP and code caches from story to story (loading it again for each of ~600
 * screenshots was most of the run). Each story still gets a new page, and an init script empties
 * localStorage and sessionStorage before any story code runs, so no story sees another's state.
 * The context has the visual project's settings (see playwright.config.ts).
 */
const test = base.extend<object, { storyContext: BrowserContext }>({
  storyContext: [
    async ({ browser }, use) => {
      const { defaultBrowserType: _browserType, ...desktopChrome } = devices['Desktop Chrome']
      const context = await browser.newContext({
        ...desktopChrome,
        viewport: { width: 1280, height: 800 },
        reducedMotion: 'reduce',
        locale: 'en-US',
        timezoneId: 'UTC',
      })
      await context.addInitScript(() => {
        try {
          localStorage.clear()
          sessionStorage.clear()
        } catch {
          // Storage may be unavailable on an error page; nothing to clear then.
        }
      })
      await use(context)
      await context.close()
    },
    { scope: 'worker' },
  ],
  page: async ({ storyContext }, use) => {
    const page = await storyContext.newPage()
    await use(page)
    await page.close()
  },
})

const stories = listStories()

/**
 * Known raster noise, per story: differing pixels allowed on top of the zero-pixel budget. Keep
 * this list empty but for stories whose flake is understood and tracked.
 * - graphql-docslist--fields: after its play function scrolls the wrapper (End, Home), the list's
 *   semi-transparent rounded top border is rasterized in one of three barely different shades
 *   (4–11 pixels over a 566 × 5 px strip; seen in about 1 of 6 dark runs). Follow-up: find which
 *   compositing path varies and remove this entry.
 */
const RASTER_NOISE_PIXELS: Partial<Record<string, number>> = { 'graphql-docslist--fields': 16 }

test('the static Storybook lists stories', () => {
  expect(stories.length).toBeGreaterThan(0)
})

for (const story of stories) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${story.id} (${theme})`, async ({ page }) => {
      await openStory(page, STORYBOOK_URL, story.id, theme)
      await expect(page).toHaveScreenshot(`${story.id}--${theme}.png`, { fullPage: true, maxDiffPixels: RASTER_NOISE_PIXELS[story.id] ?? 0 })
    })
  }
}
