/**
 * What a screen reader user hears on the webhook and rate-limit pages, through the Virtual Screen
 * Reader in the built app against the real demo receiver: one sentence per paste with the quota's
 * figures, one per event pick naming the event, and the handler's answer after Send — each heard
 * once, in the app's own words, and nothing else announced in between.
 */
import { expect, test, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { announcedIn } from '../../src/shared/testing/announced'
import { openPage } from '../support/app'
import { clearSpoken, spokenPhrases, startScreenReader, useScreenReader } from '../support/screen-reader'

/** The sentences heard from live regions since the last clear, each once. */
const heard = async (page: Page) => announcedIn(await spokenPhrases(page))

test.describe('screen reader transcripts', () => {
  test.describe.configure({ timeout: 90_000 })

  test('rate limits: a paste is heard once, as its quota with figures and reset', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2025-01-14T10:15:00Z'))
    await useScreenReader(page)
    await openPage(page, '/rate-limits')
    await startScreenReader(page)
    const pasteArea = page.getByRole('textbox', { name: 'Response headers' })
    await pasteArea.focus()
    await clearSpoken(page)
    await page.keyboard.insertText(['x-ratelimit-limit: 5000', 'x-ratelimit-remaining: 4987', 'x-ratelimit-reset: 1736850540', 'x-ratelimit-used: 13', 'x-ratelimit-resource: core'].join('\n'))
    await expect.poll(() => heard(page), { timeout: 15_000 }).toEqual(['1 quota: GitHub core 4,987 of 5,000 left, resets in 14 min.'])
  })

  test('webhooks: an event pick and a send result are each heard once, in words', async ({ page }) => {
    await useScreenReader(page)
    await openPage(page, '/webhooks')
    await startScreenReader(page)
    await page.getByRole('combobox', { name: 'Provider' }).selectOption('stripe')
    const event = page.getByRole('combobox', { name: 'Event' })
    await expect(event).toHaveAccessibleDescription(/^\d{3} events/)
    await event.focus()
    await clearSpoken(page)
    await page.keyboard.type('charge.refunded')
    await page.keyboard.press('Enter')
    await expect.poll(() => heard(page), { timeout: 15_000 }).toEqual(['Charge refunded (charge.refunded): Stripe sample generated.'])

    await page.getByLabel('Handler URL').fill(`${URLS.webhook}/webhook`)
    await clearSpoken(page)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    // Unsigned (no test secret given), so the demo receiver reports the signature as not valid.
    await expect.poll(() => heard(page), { timeout: 15_000 }).toEqual(['Response: status 200, signature not valid, not a duplicate.'])
  })
})
