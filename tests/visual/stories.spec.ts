import { test as base, expect, type Browser, type Page, devices } from '@playwright/test'
import { STORYBOOK_URL } from '../../playwright.config'
import { expectStoryAxeClean, listStories, openStory, showStory } from '../support/storybook'
import { textInSystemFonts } from '../support/glyphs'

/**
 * Every story of the static Storybook, in both themes: rendered with its play function (a throw
 * fails it), compared with its committed baseline, then checked with axe through addon-a11y (the
 * story's own a11y parameters). The Vitest story runner does the same checks for authoring; in
 * `npm test` this run is the one.
 *
 * Speed: each worker opens Storybook's `iframe.html` once and switches stories inside it the way
 * Storybook's own UI does (`showStory`), instead of loading the page again for each of ~600
 * screenshots. The previous story is unmounted first and the preview's `beforeEach` empties
 * storage, so each screenshot is the one a fresh load gives (the baselines did not change when this
 * was introduced). Tests are declared theme by theme so the theme changes only once per worker.
 * A failed test ends its worker, so the next test starts from a fresh page.
 */
const stories = listStories()

/**
 * Page stories (`pages-…`) render whole pages whose countdowns and relative times read the clock;
 * they get a page of their own with the clock fixed, as the page screenshots do (pages.spec.ts).
 * Component stories take their times as props and run on the real clock, which the editors' input
 * handling reads.
 */
const FIXED_TIME = new Date('2026-01-15T12:00:00Z')

/** Opens Storybook's iframe once for a worker's stories, optionally with the clock fixed. */
async function openStoryPage(browser: Browser, fixedTime: Date | undefined): Promise<{ page: Page; close: () => Promise<void> }> {
  const { defaultBrowserType: _browserType, ...desktopChrome } = devices['Desktop Chrome']
  const context = await browser.newContext({
    ...desktopChrome,
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
    locale: 'en-US',
    timezoneId: 'UTC',
  })
  const page = await context.newPage()
  if (fixedTime) await page.clock.setFixedTime(fixedTime)
  await openStory(page, STORYBOOK_URL, stories[0]?.id ?? '', 'light')
  return { page, close: () => context.close() }
}

const test = base.extend<object, { storyPage: Page; pageStoryPage: Page }>({
  storyPage: [
    async ({ browser }, use) => {
      const { page, close } = await openStoryPage(browser, undefined)
      await use(page)
      await close()
    },
    { scope: 'worker' },
  ],
  pageStoryPage: [
    async ({ browser }, use) => {
      const { page, close } = await openStoryPage(browser, FIXED_TIME)
      await use(page)
      await close()
    },
    { scope: 'worker' },
  ],
})


/**
 * Known raster noise, per story: differing pixels allowed on top of the zero-pixel budget. Keep
 * this list empty but for stories whose flake is understood and tracked.
 * - graphql-docslist--fields: after its play function scrolls the wrapper (End, Home), the list's
 *   semi-transparent rounded top border is rasterized in one of three barely different shades
 *   (4–11 pixels over a 566 × 5 px strip; seen in about 1 of 6 dark runs). Follow-up: find which
 *   compositing path varies and remove this entry.
 * - graphql-historylist--search-with-matches: 2–3 pixels inside the focused search field (its text
 *   and clear icon) differ in some runs (seen light and dark, 2026-11-23; the rest of the frame
 *   identical). Follow-up: find the varying step in Naive's focused NInput.
 * - primitives-naive-ui--focus-rings: 1 pixel at the edge of the radio's or the input's focus
 *   ring differed in 2 of about 6 runs on 2026-11-25 (light and dark), since axe runs in this pass.
 *   Follow-up: find whether an earlier story's axe run changes the focus-visible state.
 * - webhooks-webhookbodyviews--tab-leaves-unless-tab-indents: the bottom borders of the hint's two
 *   `<kbd>` boxes under the focused editor (16 pixels in a 95 × 2 px strip) were rasterized in one of
 *   two shades (light, 2 of 3 full runs on 2026-11-27), and CI once saw 100 differing pixels. The
 *   story now ends with the editor blurred; the allowance stays until full runs show it unneeded.
 */
const RASTER_NOISE_PIXELS: Partial<Record<string, number>> = {
  'graphql-docslist--fields': 16,
  'graphql-historylist--search-with-matches': 6,
  'primitives-naive-ui--focus-rings': 4,
  'webhooks-webhookbodyviews--tab-leaves-unless-tab-indents': 24,
}

test('the static Storybook lists stories', () => {
  expect(stories.length).toBeGreaterThan(0)
})

/** Renders the story in the theme, then its glyphs, its screenshot and axe. */
async function checkStory(storyPage: Page, id: string, theme: 'light' | 'dark'): Promise<void> {
  await showStory(storyPage, id, theme)
  // Every glyph from the app's own fonts: one from a system font differs between machines.
  // The text is the same in both themes, so one theme is enough.
  if (theme === 'light') expect(await textInSystemFonts(storyPage), 'text drawn with a system font').toEqual([])
  await expect(storyPage).toHaveScreenshot(`${id}--${theme}.png`, { fullPage: true, maxDiffPixels: RASTER_NOISE_PIXELS[id] ?? 0 })
  // After the screenshot: axe scrolls scrollable regions while it checks contrast.
  await expectStoryAxeClean(storyPage, id)
}

for (const theme of ['light', 'dark'] as const) {
  for (const story of stories) {
    const title = `${story.id} (${theme})`
    // A whole page: axe checks some hundred elements more than in a component's story.
    if (story.id.startsWith('pages-'))
      test(title, ({ pageStoryPage }) => {
        test.slow()
        return checkStory(pageStoryPage, story.id, theme)
      })
    else test(title, ({ storyPage }) => checkStory(storyPage, story.id, theme))
  }
}
