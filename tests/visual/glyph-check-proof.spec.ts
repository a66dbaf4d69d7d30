import { expect, test } from '@playwright/test'
import { STORYBOOK_URL } from '../../playwright.config'
import { settleFonts } from '../support/app'
import { textInSystemFonts } from '../support/glyphs'
import { openStory } from '../support/storybook'

/**
 * Proof that the glyph check the visual run makes on every story and page can fail: a sign our
 * fonts do not have (☃, U+2603, which DejaVu Sans, installed with Chromium here, has) is reported
 * with its element and font; one of our symbol faces' signs (→) and Latin text in a native button are not.
 * The sign is found again in a text field's value (the browser's own shadow tree); a second span with the same
 * text and font properties is not listed again (the check asks about each sign once per font properties).
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
      ['span', 'again', 'snow ☃'],
    ]) {
      const element = document.createElement(tag!)
      element.className = className!
      element.textContent = text!
      frame.append(element)
    }
    const field = document.createElement('input')
    field.value = 'snowman ☃'
    frame.append(field)
  })
  await settleFonts(page)
  const found = await textInSystemFonts(page)
  expect(found).toHaveLength(2)
  expect(found[0]).toMatch(/^span\.system: "snow ☃" \[U\+2603 ☃\] in \S.* \(1\)$/)
  expect(found[1]).toMatch(/^div: "snowman ☃" \[U\+2603 ☃\] in \S.* \(1\)$/)
})
