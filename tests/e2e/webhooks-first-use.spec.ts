/**
 * What a new user hits first on the webhook page, by keyboard, on the production build: the event search picks
 * the best match on Enter (full Stripe and GitHub catalogues), another provider's event is found and switched to, a pick is announced, Tab leaves the body editor
 * without touching the signed bytes, "Use the local demo receiver" keeps focus, and signed headers are listed once.
 */
import { expect, test, type Page } from '@playwright/test'
import { openPage } from '../support/app'

const eventField = (page: Page) => page.getByRole('combobox', { name: 'Event' })
const asSent = (page: Page) => page.getByRole('textbox', { name: 'Request body as sent (JSON)' })

async function searchAndEnter(page: Page, query: string, loaded = /^\d{3} events/): Promise<void> {
  const field = eventField(page)
  await field.focus()
  await expect(field).toHaveAccessibleDescription(loaded)
  await page.keyboard.type(query)
  await expect(field).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Enter')
  await expect(field).toHaveAttribute('aria-expanded', 'false')
}

test.describe('webhooks: first use by keyboard', () => {
  test.describe.configure({ timeout: 90_000 })

  test('Enter picks the best match: invoice.payment_f, payment failed, and exact GitHub ids', async ({ page }) => {
    await openPage(page, '/webhooks')
    await searchAndEnter(page, 'workflow_job.queued')
    await expect(eventField(page)).toHaveAccessibleDescription(/workflow_job\.queued/)
    await searchAndEnter(page, 'check_run.completed')
    await expect(eventField(page)).toHaveAccessibleDescription(/check_run\.completed/)
    await page.getByRole('combobox', { name: 'Provider' }).selectOption('stripe')
    await searchAndEnter(page, 'invoice.payment_f')
    await expect(eventField(page)).toHaveAccessibleDescription(/invoice\.payment_failed/)
    await searchAndEnter(page, 'payment failed')
    await expect(eventField(page)).toHaveAccessibleDescription(/ (invoice|payment_intent)\.payment_failed/)
  })

  test('a picked event is announced', async ({ page }) => {
    await openPage(page, '/webhooks')
    await page.getByRole('combobox', { name: 'Provider' }).selectOption('stripe')
    await searchAndEnter(page, 'charge.refunded')
    await expect(page.locator('[role="status"]').filter({ hasText: 'charge.refunded' })).toHaveText('Charge refunded (charge.refunded): Stripe sample generated.')
  })

  test("another provider's event typed with GitHub chosen: listed under its provider, Enter switches to it", async ({ page }) => {
    await openPage(page, '/webhooks')
    const field = eventField(page)
    await field.focus()
    await expect(field).toHaveAccessibleDescription(/^\d{3} events/)
    await page.keyboard.type('payment_intent.succeeded')
    await expect(page.getByText('No GitHub event matches “payment_intent.succeeded”. Other providers have these; picking one switches the provider.')).toBeVisible()
    await expect(field).toHaveAccessibleDescription(/^0 of \d{3} events match; \d+ in other providers/)
    const stripe = page.getByRole('group', { name: 'Stripe' })
    await expect(stripe.getByRole('option').first()).toContainText('payment_intent.succeeded')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('combobox', { name: 'Provider' })).toHaveValue('stripe')
    await expect(eventField(page)).toBeFocused()
    await expect(eventField(page)).toHaveAccessibleDescription(/payment_intent\.succeeded/)
    await expect(page.locator('[role="status"]').filter({ hasText: 'payment_intent.succeeded' })).toHaveText(
      'Payment intent succeeded (payment_intent.succeeded): Stripe sample generated.',
    )
    await page.getByText('As sent', { exact: true }).click()
    await expect(asSent(page)).toContainText('"object": "payment_intent"')
  })

  test("offline, the other providers' events cannot be searched: the note says so, and online again they are found", async ({ page, context }) => {
    await openPage(page, '/webhooks')
    const field = eventField(page)
    await field.focus()
    await expect(field).toHaveAccessibleDescription(/^\d{3} events/)
    await context.setOffline(true)
    await page.keyboard.type('payment_intent.succeeded')
    await expect(page.getByText(/^No GitHub event matches “payment_intent\.succeeded”\. The events of Stripe, .* could not be loaded \(.+\), so they were not searched\.$/)).toBeVisible()
    await context.setOffline(false)
    // The next search with no match tries the missing catalogues again.
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await page.keyboard.type('payment_intent.succeeded')
    await expect(page.getByRole('group', { name: 'Stripe' }).getByRole('option').first()).toContainText('payment_intent.succeeded')
  })

  test('Tab leaves the body editor and the signed bytes stay the same; "Tab indents" is the user\'s choice', async ({ page }) => {
    await openPage(page, '/webhooks')
    await page.getByText('As sent', { exact: true }).click()
    const before = (await asSent(page).textContent()) ?? ''
    await asSent(page).click()
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab')
    await expect(asSent(page)).not.toBeFocused()
    expect(await asSent(page).textContent()).toBe(before)
    await page.getByRole('checkbox', { name: 'Tab indents' }).check()
    await asSent(page).click()
    await page.keyboard.press('Control+Home')
    await page.keyboard.press('Tab')
    await expect(asSent(page)).toBeFocused()
    expect(((await asSent(page).textContent()) ?? '').length).toBeGreaterThan(before.length)
  })

  test('"Use the local demo receiver" keeps focus in the URL field it filled', async ({ page }) => {
    await openPage(page, '/webhooks')
    const use = page.getByRole('button', { name: 'Use the local demo receiver' })
    await use.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByLabel('Handler URL')).toBeFocused()
  })

  test('Slack lists X-Slack-Request-Timestamp once, with its value; Standard Webhooks webhook-id and webhook-timestamp once', async ({ page }) => {
    await openPage(page, '/webhooks')
    await page.getByRole('combobox', { name: 'Provider' }).selectOption('slack')
    await expect(page.locator('.headers dt', { hasText: /^X-Slack-Request-Timestamp$/ })).toHaveCount(1)
    await expect(page.locator('.headers dt', { hasText: /^X-Slack-Signature$/ })).toHaveCount(1)
    await page.getByRole('combobox', { name: 'Provider' }).selectOption('standard-webhooks')
    await expect(page.locator('.headers dt', { hasText: /^webhook-id$/ })).toHaveCount(1)
    await expect(page.locator('.headers dt', { hasText: /^webhook-timestamp$/ })).toHaveCount(1)
  })

  test('the field-path placeholder is a path of the chosen event', async ({ page }) => {
    await openPage(page, '/webhooks')
    const path = page.getByLabel('Field path')
    await path.scrollIntoViewIfNeeded()
    await expect(path).not.toHaveAttribute('placeholder', /data\.object/)
  })
})
