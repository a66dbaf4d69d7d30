import { expect, test, type Page } from '@playwright/test'
import { examples } from '../../src/features/rate-limits/core/examples'
import { openPage } from '../support/app'
import { expectNoAxeViolationsInBothThemes } from '../support/axe'

/** The examples' Date header: with the page clock there, their resets are where the samples put them. */
const T0 = new Date('2025-01-14T10:15:00Z')
const T0_SECONDS = T0.getTime() / 1000

const githubDump = (resetInSeconds: number) =>
  [
    'HTTP/2 200',
    'server: github.com',
    'content-type: application/json; charset=utf-8',
    'x-ratelimit-limit: 5000',
    'x-ratelimit-remaining: 4987',
    `x-ratelimit-reset: ${T0_SECONDS + resetInSeconds}`,
    'x-ratelimit-used: 13',
    'x-ratelimit-resource: core',
  ].join('\n')

/**
 * Opens the page with the clock paused at T0. The clock runs while the page loads (its first paint
 * waits on frames and timers), so it starts a minute earlier: pausing must lie in its future even
 * when a busy machine takes many seconds to load the page.
 */
async function openAtT0(page: Page): Promise<void> {
  await page.clock.install({ time: new Date(T0.getTime() - 60_000) })
  await openPage(page, '/rate-limits')
  await page.clock.pauseAt(T0)
}

const pasteArea = (page: Page) => page.getByRole('textbox', { name: 'Response headers' })
const results = (page: Page) => page.locator('#rl-results')
const card = (page: Page, name: string | RegExp) => results(page).getByRole('article').filter({ has: page.getByRole('heading', { name }) })

async function loadExample(page: Page, id: string): Promise<void> {
  await page.getByLabel('Example', { exact: true }).selectOption(id)
  await page.getByRole('button', { name: 'Load example' }).click()
}

test.describe('rate-limit header parser', () => {
  test('a pasted GitHub dump shows Remaining with its percentage and the reset countdown', async ({ page }) => {
    await openAtT0(page)
    await pasteArea(page).fill(githubDump(872))
    const github = card(page, 'GitHub core')
    await expect(github).toBeVisible()
    await expect(github.locator('[data-field="remaining"]')).toContainText('4,987 (99.7 %)')
    await expect(github.locator('[data-field="remaining"]')).toContainText('from x-ratelimit-remaining')
    await expect(github.locator('[data-field="used"]')).toContainText('13 (0.3 %)')
    await expect(github.locator('[data-field="reset"]')).toContainText('in 14 min 32 s')
    await expect(github.locator('[data-field="reset"] time')).toHaveAttribute('datetime', '2025-01-14T10:29:32.000Z')
    await expect(github.getByRole('meter', { name: 'GitHub core remaining' })).toHaveAttribute(
      'aria-valuetext',
      '4,987 of 5,000 requests remaining, 99.7 %, healthy',
    )
    // The header table marks what each header fed.
    await expect(results(page).getByRole('row', { name: /x-ratelimit-reset/ })).toContainText('GitHub core: reset')
    // The countdown ticks with the clock.
    await page.clock.runFor(2000)
    await expect(github.locator('[data-field="reset"]')).toContainText('in 14 min 30 s')
  })

  test('the countdown thresholds reach the app announcer, once each', async ({ page }) => {
    await openAtT0(page)
    await pasteArea(page).fill(githubDump(90))
    const announcer = page.getByTestId('announcer')
    await expect(announcer).toHaveRole('status')
    await expect(card(page, 'GitHub core').locator('[data-field="reset"]')).toContainText('in 1 min 30 s')
    await page.clock.runFor(31_000)
    await expect(announcer).toHaveText('1 minute left until GitHub core resets.')
    await expect(card(page, 'GitHub core').locator('[data-field="reset"]')).toContainText('less than a minute')
    await page.clock.runFor(60_000)
    await expect(announcer).toHaveText('Reset reached for GitHub core.')
    await expect(card(page, 'GitHub core').locator('[data-field="reset"]')).toContainText('reset time has passed')
    // The countdown itself is not a live region.
    await expect(results(page).locator('[aria-live]')).toHaveCount(0)
  })

  test('every example shows at least one card', async ({ page }) => {
    await openAtT0(page)
    for (const example of examples) {
      await loadExample(page, example.id)
      await expect(pasteArea(page)).toHaveValue(example.text)
      await expect(results(page).getByRole('article').first(), example.id).toBeVisible()
    }
  })

  test('keyboard only: paste, reach the results, open good practice, load an example', async ({ page }) => {
    await openAtT0(page)
    // Tab from the top of the page to the paste area.
    for (let i = 0; i < 20 && !(await pasteArea(page).evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
    await expect(pasteArea(page)).toBeFocused()
    await page.keyboard.insertText(githubDump(872))
    await expect(card(page, 'GitHub core')).toBeVisible()
    // Tab leaves the paste area (no trap), past the splitter between the panes, into the results.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('separator', { name: 'Resize paste and result panes' })).toBeFocused()
    await page.keyboard.press('Tab')
    expect(await results(page).evaluate((el) => el.contains(document.activeElement))).toBe(true)
    const summary = page.getByText('Good practice (4)')
    await expect(summary).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByText(/token bucket/)).toBeVisible()
    // Back up to the example choice, pick the second example with the arrow key and load it with Enter.
    const select = page.getByLabel('Example', { exact: true })
    for (let i = 0; i < 12 && !(await select.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Shift+Tab')
    await expect(select).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(select).toHaveValue(examples[1]?.id ?? '')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Load example' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(pasteArea(page)).toHaveValue(examples[1]?.text ?? '')
    await expect(card(page, 'OpenAI tokens')).toBeVisible()
    await expect(page.getByTestId('announcer')).toContainText('Loaded the OpenAI chat completion example')
    // Clear is reachable too, and empties everything.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Clear' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(pasteArea(page)).toHaveValue('')
    await expect(results(page)).toContainText('Paste headers or load an example')
  })

  test('the paste is kept across a reload in sessionStorage only', async ({ page }) => {
    await openPage(page, '/rate-limits')
    await pasteArea(page).fill(githubDump(872))
    await page.reload()
    await expect(pasteArea(page)).toHaveValue(githubDump(872))
    const local = await page.evaluate(() => JSON.stringify(localStorage))
    expect(local).not.toContain('x-ratelimit')
  })

  test('a 5,000-line paste from the clipboard is parsed and all its headers are reachable', async ({ page }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.clock.setFixedTime(T0)
    await openPage(page, '/rate-limits')
    const lines = [githubDump(872)]
    for (let i = 0; i < 5000; i++) lines.push(`x-custom-header-${i}: value ${i}`)
    // A real paste (one input event); fill() and insertText() would type it line by line.
    await page.evaluate((text) => navigator.clipboard.writeText(text), lines.join('\n'))
    await pasteArea(page).focus()
    await page.keyboard.press('ControlOrMeta+V')
    await expect(results(page).getByRole('table', { name: /Pasted headers: 5,007, 5 recognised/ })).toBeVisible()
    await expect(card(page, 'GitHub core')).toBeVisible()
    // Every row is reachable: the table scrolls in its focusable region and renders the rows in view.
    const table = results(page).getByRole('table', { name: /Pasted headers/ })
    await expect(table).toHaveAttribute('aria-rowcount', '5008')
    await results(page).getByRole('region', { name: /Pasted headers/ }).focus()
    await page.keyboard.press('End')
    await expect(results(page).getByRole('row', { name: /x-custom-header-4999/ })).toBeVisible()
    await expect(results(page).getByRole('row', { name: /x-custom-header-4999/ })).toHaveAttribute('aria-rowindex', '5008')
  })

  test(`axe finds nothing with real content (light and dark)`, async ({ page }) => {
    // Time frozen but timers running: axe needs its own timers.
    await page.clock.setFixedTime(T0)
    await openPage(page, '/rate-limits')
    // A 429 with Retry-After, an exhausted quota, a backoff schedule, warnings and the header table.
    await loadExample(page, 'discord')
    await page.getByText('Good practice (4)').click()
    await expect(results(page).getByRole('table', { name: /Backoff schedule/ })).toBeVisible()
    await expectNoAxeViolationsInBothThemes(page)
    // Several cards in every meter state, and a near-limit advice.
    await loadExample(page, 'x')
    await expect(results(page).getByRole('article')).toHaveCount(3)
    await expectNoAxeViolationsInBothThemes(page)
  })

  test('at 320 px the page does not scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 })
    await openAtT0(page)
    // The mode switch wraps to several rows here; its last row must end above the Example picker.
    const modes = await page.getByRole('radiogroup', { name: 'Mode' }).boundingBox()
    const lastMode = await page.getByRole('radio', { name: 'Pace my client' }).locator('xpath=ancestor::label[1]').boundingBox()
    const example = await page.getByLabel('Example', { exact: true }).boundingBox()
    expect(lastMode && modes && lastMode.y + lastMode.height).toBeLessThanOrEqual(modes ? modes.y + modes.height : 0)
    expect(modes && example && modes.y + modes.height).toBeLessThanOrEqual(example ? example.y : 0)
    for (const id of ['discord', 'gitlab', 'ietf-draft8']) {
      await loadExample(page, id)
      await expect(results(page).getByRole('article').first()).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, id).toBeLessThanOrEqual(0)
    }
  })
})
