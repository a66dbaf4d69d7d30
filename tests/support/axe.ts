import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { AXE_TAGS } from '../../.storybook/axe-tags'

/**
 * Runs axe over the page (or `include`) with the project's tags and fails with a readable list of
 * violations. `disableRules` must say why beside each rule at the call site.
 */
export async function expectNoAxeViolations(
  page: Page,
  options: { include?: string; disableRules?: string[] } = {},
): Promise<void> {
  // Naive UI animates theme changes (0.3 s body transition); scan the settled colours.
  // Endless animations (CodeMirror's blinking cursor in a focused editor) never finish: skip them.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
  // Speed without dropping a rule (measured on /webhooks, ~1,900 elements: 5.2–6.9 s → 1.6 s):
  // legacy mode runs axe.run in the page instead of runPartial per frame plus finishRun in a new
  // blank page (the app has no iframes; same-origin frames are still scanned), and listing only
  // violations spares axe collecting every passing node.
  // (`options` replaces every option, so it comes before `withTags`.)
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags([...AXE_TAGS]).setLegacyMode(true)
  if (options.include) builder = builder.include(options.include)
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules)
  const { violations } = await builder.analyze()
  const readable = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join('\n')}`,
  )
  expect(readable, 'axe violations').toEqual([])
}

/**
 * {@link expectNoAxeViolations} in the light and then the dark theme, on the page as it is: the
 * colour scheme is switched under the theme preference System (the default; do not preset one),
 * so focus, open popups and typed text stay, and one journey is checked in both themes instead of
 * being walked twice. The page is left dark.
 */
export async function expectNoAxeViolationsInBothThemes(
  page: Page,
  options: { include?: string; disableRules?: string[] } = {},
): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
    await expectNoAxeViolations(page, options)
  }
}
