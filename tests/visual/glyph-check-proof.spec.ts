import { expect, test } from '@playwright/test'
import { STORYBOOK_URL } from '../../playwright.config'
import { settleFonts } from '../support/app'
import { textInSystemFonts } from '../support/glyphs'
import { openStory } from '../support/storybook'

/**
 * Proof that the glyph check the visual run makes on every story and page can fail: a sign our
 * fonts do not have (☃, U+2603, which DejaVu Sans, installed with Chromium here, has) is reported
 * with its element and font; one of our symbol faces' signs (→) and Latin text in a native button are not.
 */
test('the glyph check reports text drawn with a system font, and only that', async ({ page }) => {
  await openStory(page, STORYBOOK_URL, 'shell-themeswitch--light', 'light')
  expect(await textInSystemFonts(page)).toEqual([])

  await page.evaluate(() => {
    const frame = document.querySelector('.awb-theme')!
    for (const [tag, className, text] of [
      ['span', 'ours', 'from → to'],
      ['button', 'native', 'Native button'],
      ['span', 'system', 'snow ☃'],
    ]) {
      const element = document.createElement(tag!)
      element.className = className!
      element.textContent = text!
      frame.append(element)
    }
  })
  await settleFonts(page)
  const found = await textInSystemFonts(page)
  expect(found).toHaveLength(1)
  expect(found[0]).toMatch(/^span\.system: "snow ☃" \[U\+2603 ☃\] in \S.* \(1\)$/)
})
