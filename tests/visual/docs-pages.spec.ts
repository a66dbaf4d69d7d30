import { expect, test } from '@playwright/test'
import { STORYBOOK_URL } from '../../playwright.config'
import { expectNoAxeViolations } from '../support/axe'
import { settleFonts } from '../support/app'
import { textInSystemFonts } from '../support/glyphs'
import { listMdxPages } from '../support/storybook'

/**
 * The Storybook pages that are not a component's stories: every MDX page (the introduction, the
 * patterns) and, as a sample of the generated ones, one component's Docs page with its three-part
 * description. Each in both themes: rendered with the app's fonts, compared with its baseline, axe
 * at zero.
 */
const mdxPages = listMdxPages()
const DOCS_PAGES = [...mdxPages.map((entry) => entry.id), 'shared-actionbutton--docs']

test('the static Storybook has MDX pages', () => {
  expect(mdxPages.map((entry) => entry.id)).toEqual(expect.arrayContaining(['introduction--docs', 'patterns-keyboard-and-screen-reader--docs']))
})

for (const theme of ['light', 'dark'] as const) {
  for (const id of DOCS_PAGES) {
    test(`docs page ${id} (${theme})`, async ({ page }) => {
      await page.goto(`${STORYBOOK_URL}/iframe.html?id=${id}&viewMode=docs&globals=theme:${theme}`)
      await expect(page.locator('#storybook-docs h1').first()).toBeVisible()
      await settleFonts(page)
      if (theme === 'light') expect(await textInSystemFonts(page), 'text drawn with a system font').toEqual([])
      await expect(page).toHaveScreenshot(`${id}--${theme}.png`, { fullPage: true })
      await expectNoAxeViolations(page, { include: '#storybook-docs' })
    })
  }
}
