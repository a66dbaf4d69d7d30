import { expect, test } from '@playwright/test'
import { STORYBOOK_URL } from '../../playwright.config'
import { expectNoAxeViolations } from '../support/axe'
import { listStories, openStory } from '../support/storybook'

/**
 * Every story of the static Storybook, in both themes: a screenshot against the committed
 * baseline, and axe with the project's tags.
 */
const stories = listStories()

// A story shows one component, not a page: the page-level rules do not apply to it.
const componentContextRules = [
  'region', // content outside landmarks: a component on its own has no page landmarks around it
  'landmark-one-main', // no <main> in a component canvas
  'page-has-heading-one', // a component is not a page and has no h1 of its own
]

test('the static Storybook lists stories', () => {
  expect(stories.length).toBeGreaterThan(0)
})

for (const story of stories) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${story.id} (${theme})`, async ({ page }) => {
      await openStory(page, STORYBOOK_URL, story.id, theme)
      await expect(page).toHaveScreenshot(`${story.id}--${theme}.png`, { fullPage: true })
      await expectNoAxeViolations(page, { include: '#storybook-root', disableRules: componentContextRules })
    })
  }
}
