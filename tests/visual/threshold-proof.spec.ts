import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { expect, test } from '@playwright/test'
import { STORYBOOK_URL } from '../../playwright.config'
import { openStory } from '../support/storybook'
import { screenshotOptions } from '../../playwright.config'

// Playwright's own image comparator — the one toHaveScreenshot uses — is not a public export;
// it is loaded from the pinned playwright-core bundle so this proof tests the real thing.
const require = createRequire(import.meta.url)
const coreBundle = require(join(dirname(require.resolve('playwright-core/package.json')), 'lib/coreBundle.js')) as {
  utils: {
    getComparator: (mime: string) => (actual: Buffer, expected: Buffer, options: object) => { errorMessage: string } | null
  }
}
const compare = coreBundle.utils.getComparator('image/png')
const options = { maxDiffPixels: screenshotOptions.maxDiffPixels, threshold: screenshotOptions.threshold }

test('the visual thresholds pass a rerender but catch a subtle 3 × 3 px colour change', async ({ page }) => {
  await openStory(page, STORYBOOK_URL, 'shell-themeswitch--light', 'light')
  const shot = () => page.screenshot({ animations: 'disabled', caret: 'hide' })
  const first = await shot()
  await page.reload()
  await openStory(page, STORYBOOK_URL, 'shell-themeswitch--light', 'light')
  const rerender = await shot()
  expect(compare(rerender, first, options)).toBeNull()

  // Nine pixels of the selected segment, a few shades off its colour (#0b7340 → #0e7a46).
  await page.evaluate(() => {
    const pill = document.querySelector('.n-radio-button--checked')!
    const dot = document.createElement('span')
    dot.style.cssText = 'position:absolute;left:6px;top:6px;width:3px;height:3px;background:#0e7a46'
    pill.appendChild(dot)
  })
  const changed = await shot()
  const result = compare(changed, first, options)
  expect(result?.errorMessage).toMatch(/9 pixels/)
})

test('a 1 px move fails the comparison', async ({ page }) => {
  await openStory(page, STORYBOOK_URL, 'shell-themeswitch--light', 'light')
  const shot = () => page.screenshot({ animations: 'disabled', caret: 'hide' })
  const first = await shot()
  await page.evaluate(() => {
    const group = document.querySelector<HTMLElement>('.n-radio-group')!
    group.style.position = 'relative'
    group.style.left = '1px'
  })
  const moved = await shot()
  expect(compare(moved, first, options)?.errorMessage).toContain('pixels')
})
