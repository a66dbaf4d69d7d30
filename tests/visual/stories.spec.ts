import { expect, test } from '@playwright/test'
import { STORYBOOK_URL } from '../../playwright.config'
import { listStories, openStory } from '../support/storybook'

/**
 * Every story of the static Storybook, in both themes, against its committed baseline. (axe runs
 * on every story in both themes in the Vitest story tests — `npm run test:stories` — with the same
 * tags, so it is not repeated here.)
 */
const stories = listStories()

test('the static Storybook lists stories', () => {
  expect(stories.length).toBeGreaterThan(0)
})

for (const story of stories) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${story.id} (${theme})`, async ({ page }) => {
      await openStory(page, STORYBOOK_URL, story.id, theme)
      await expect(page).toHaveScreenshot(`${story.id}--${theme}.png`, { fullPage: true })
    })
  }
}
