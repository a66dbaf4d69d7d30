import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { openPage } from '../support/app'
import { expectNoAxeViolationsInBothThemes } from '../support/axe'
import { clearSpoken, spokenPhrases, startScreenReader, useScreenReader } from '../support/screen-reader'

/**
 * A HAR of one client's requests to the demo policy server's `/bucket` (a token bucket of 200 refilling 200 a
 * second): 150 requests back to back, a 200 ms pause, 5 more, captured with `demo/capture-policy-har.ts`.
 */
const BUCKET_HAR = readFileSync(new URL('./fixtures/policy-bucket.har', import.meta.url), 'utf8')

const modes = (page: Page) => page.getByRole('radiogroup', { name: 'Mode' })

/** Chooses a mode the way a keyboard user does: into the radio group, arrows to the mode. */
async function chooseMode(page: Page, label: string): Promise<void> {
  await modes(page).getByRole('radio', { checked: true }).focus()
  for (let i = 0; i < 4 && !(await modes(page).getByRole('radio', { name: label }).isChecked()); i++) await page.keyboard.press('ArrowRight')
  await expect(modes(page).getByRole('radio', { name: label })).toBeChecked()
}

test.describe('rate limits: pace my client from several responses', () => {
  test('a HAR from the demo policy server → the bucket inferred with its evidence → its plan; a preset overrides; keyboard only; axe in both themes; what is heard', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await useScreenReader(page)
    await openPage(page, '/rate-limits')
    // Pasted (Ctrl+V) as a whole; over the worker threshold, so the timeline is built in the worker.
    await page.evaluate((text) => navigator.clipboard.writeText(text), BUCKET_HAR)
    await page.getByRole('textbox', { name: 'Response headers' }).focus()
    await page.keyboard.press('ControlOrMeta+V')
    await expect(page.getByRole('button', { name: 'Clear' })).toBeEnabled()
    await startScreenReader(page)
    await clearSpoken(page)
    await chooseMode(page, 'Pace my client')
    const pane = page.locator('#rl-pace')
    const policies = pane.getByRole('list', { name: 'Policies paced' })
    // The HAR lists the bucket twice (X-RateLimit-* and the IETF fields): both inferred from the readings.
    await expect(policies.getByRole('listitem')).toHaveCount(2)
    for (const item of await policies.getByRole('listitem').all()) {
      await expect(item).toContainText(/^bucket(-2)?: bucket of 200 requests refilling \d+ per second\./)
      await expect(item).toContainText(/Inferred: Remaining rose from \d+ to \d+ between \d\d:\d\d:\d\d\.\d{3} UTC and \d\d:\d\d:\d\d\.\d{3} UTC without a reset .*→ a refilling bucket, ~\d+\/s/)
    }
    await expect(pane.getByText(/^One response shows/)).toHaveCount(0)

    const plan = pane.getByRole('region', { name: 'Bottleneck throttle plan' })
    await expect(plan).toContainText('"reservoir": 200')
    await expect(pane.getByRole('table').first()).toBeVisible()

    await expect
      .poll(async () => (await spokenPhrases(page)).join('\n'), { timeout: 10_000 })
      .toMatch(/Inferred from the responses: bucket \(a refilling bucket, ~\d+\/s\), bucket-2 \(a refilling bucket, ~\d+\/s\)\. Throttle plan for 2 quotas \(bucket, bucket-2\)\./)

    await expectNoAxeViolationsInBothThemes(page, { include: '#rl-pace' })

    // The user can still override the inference with a documented policy, by keyboard.
    const source = pane.getByRole('combobox', { name: 'Policies from' })
    await source.focus()
    for (let i = 0; i < 6 && (await source.inputValue()) !== 'shopify-rest'; i++) await page.keyboard.press('ArrowDown')
    await expect(source).toHaveValue('shopify-rest')
    await expect(policies).toContainText('rest: bucket of 40 requests refilling 2 per second')
    await expect(policies).not.toContainText('Inferred')
  })

  test('one response says what one response cannot tell', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await openPage(page, '/rate-limits?mode=pace')
    const har = JSON.parse(BUCKET_HAR) as { log: { entries: unknown[] } }
    await page.evaluate((text) => navigator.clipboard.writeText(text), JSON.stringify({ log: { ...har.log, entries: har.log.entries.slice(0, 1) } }))
    await page.getByRole('textbox', { name: 'Response headers' }).focus()
    await page.keyboard.press('ControlOrMeta+V')
    const pane = page.locator('#rl-pace')
    await expect(pane.getByText(/^One response shows each quota’s limit and what is left, not how it comes back/)).toBeVisible()
    await expect(pane.getByRole('list', { name: 'Policies paced' })).not.toContainText('Inferred')
  })
})
