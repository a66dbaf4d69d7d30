/**
 * The webhook catalogue, overrides and sequences on the production build against the real demo
 * receiver (nothing mocked): a rare event found by keyboard search is sent signed and verified; a
 * set-field override survives Regenerate; a Slack interactivity payload goes out form-encoded and verifies;
 * a shuffled sequence with duplicates shows each delivery's result.
 */
import { expect, test, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { openPage } from '../support/app'
import { expectNoAxeViolationsInBothThemes } from '../support/axe'

const RECEIVER = `${URLS.webhook}/webhook`
const editor = (page: Page) => page.getByRole('textbox', { name: 'Request body as sent (JSON)' })
const responseSection = (page: Page) => page.getByRole('region', { name: 'Response', exact: true })

/**
 * Opens /webhooks and switches the body to As sent: these tests type into and read the exact bytes
 * that are signed and sent (the page opens on Formatted).
 */
async function openAsSent(page: Page): Promise<void> {
  await openPage(page, '/webhooks')
  await showAsSent(page)
}
async function showAsSent(page: Page): Promise<void> {
  await page.getByText('As sent', { exact: true }).click()
}
const eventField = (page: Page) => page.getByRole('combobox', { name: 'Event' })

async function signWithDemoSecret(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: 'Sign the request with my test secret' }).check()
  await page.getByRole('button', { name: 'Use the demo secret' }).click()
}

/** Types into the event search and picks the match by keyboard (↓ until it is active, Enter). */
async function pickByKeyboard(page: Page, query: string, type: string, loaded = /^\d{3} events/): Promise<void> {
  const field = eventField(page)
  await field.focus()
  await expect(field).toHaveAccessibleDescription(loaded) // the full catalogue is loaded
  await page.keyboard.type(query)
  await expect(field).toHaveAttribute('aria-expanded', 'true')
  const option = page.getByRole('option', { name: new RegExp(type.replace(/\./g, '\\.')) })
  const optionId = await option.getAttribute('id')
  for (let i = 0; i < 20 && (await field.getAttribute('aria-activedescendant')) !== optionId; i++) await page.keyboard.press('ArrowDown')
  await expect(field).toHaveAttribute('aria-activedescendant', optionId ?? '')
  await page.keyboard.press('Enter')
  await expect(field).toHaveAttribute('aria-expanded', 'false')
  await expect(field).toHaveAccessibleDescription(new RegExp(type.replace(/\./g, '\\.')))
}

async function sendSigned(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(responseSection(page).getByRole('region', { name: 'Handler response Response body' })).toContainText('"signatureValid": true')
}

test.describe('webhook catalogue', () => {
  test.describe.configure({ timeout: 120_000 })

  test('search by keyboard, send rare GitHub and Stripe events and a form-encoded Slack block_actions signed (verified); an override survives Regenerate', async ({ page }) => {
    await openAsSent(page)
    await page.getByRole('button', { name: 'Use the local demo receiver' }).click()
    await expect(page.getByLabel('Handler URL')).toHaveValue(RECEIVER)
    await signWithDemoSecret(page)

    await pickByKeyboard(page, 'workflow run completed', 'workflow_run.completed')
    await expect(editor(page)).toContainText('"action":"completed"')
    await expect(editor(page)).toContainText('"workflow_run":')
    await sendSigned(page)

    await page.getByRole('combobox', { name: 'Provider' }).selectOption('stripe')
    await page.getByRole('button', { name: 'Use the demo secret' }).click()
    await pickByKeyboard(page, 'invoice payment failed', 'invoice.payment_failed')
    // Stripe's invoice is long and `type` comes last, past what the editor renders: check its top.
    await expect(editor(page)).toContainText('"object": "invoice"')
    await expect(editor(page)).toContainText('"attempted": true')

    await page.getByLabel('Field path').fill('data.object.account_name')
    await page.getByLabel('Value').fill('"A-1001"')
    await page.getByRole('button', { name: 'Set field' }).click()
    await expect(editor(page)).toContainText('"account_name": "A-1001"')
    const before = await page.locator('#wh-delivery-id').textContent()
    await page.getByRole('button', { name: 'Regenerate' }).click()
    await expect(page.locator('#wh-delivery-id')).not.toHaveText(before ?? '')
    await expect(editor(page)).toContainText('"account_name": "A-1001"')
    await sendSigned(page)

    // Slack interactivity: sent as the form field payload=<URL-encoded JSON>, signed over those bytes.
    await page.getByRole('button', { name: 'Remove all overrides' }).click()
    await page.getByRole('combobox', { name: 'Provider' }).selectOption('slack')
    await page.getByRole('button', { name: 'Use the demo secret' }).click()
    await pickByKeyboard(page, 'block actions', 'block_actions', /^\d{2} events/)
    const asSent = page.getByRole('textbox', { name: 'Request body as sent (form)' })
    await expect(asSent).toContainText('payload=%7B%22type%22%3A%22block_actions%22')
    await page.getByLabel('Field path').fill('actions[0].value')
    await page.getByLabel('Value').fill('reject')
    await page.getByRole('button', { name: 'Set field' }).click()
    await expect(asSent).toContainText('%22value%22%3A%22reject%22')
    await page.getByText('Formatted', { exact: true }).click()
    const formatted = page.getByRole('textbox', { name: 'Request body, formatted (JSON)' })
    await expect(formatted).toContainText('"type": "block_actions"')
    await expect(formatted).toContainText('"trigger_id": "')
    await sendSigned(page)
    const answer = responseSection(page).getByRole('region', { name: 'Handler response Response body' })
    await expect(answer).toContainText('"event": "block_actions"')
    // The receiver named the event from the decoded payload field and verified the raw form bytes; the page
    // lists the form Content-Type it sent (not /last: the parallel sequence test posts to the same receiver).
    const contentType = page.locator('.headers dl > div', { has: page.locator('dt', { hasText: /^Content-Type$/ }) }).locator('dd')
    await expect(contentType).toHaveText('application/x-www-form-urlencoded')
  })

  test('a shuffled Stripe Checkout sequence with duplicates: each delivery signed, verified, repeats reported', async ({ page }) => {
    await openPage(page, '/webhooks')
    await page.getByRole('combobox', { name: 'Provider' }).selectOption('stripe')
    await page.getByRole('button', { name: 'Use the local demo receiver' }).click()
    await signWithDemoSecret(page)
    await page.getByText('Shuffled (out-of-order delivery)').click()
    await page.getByText('With duplicates (at-least-once delivery)').click()
    await page.getByRole('button', { name: 'Send sequence' }).click()

    const list = page.getByRole('list', { name: /^Deliveries \((\d+) of \1 done\)$/ })
    // Up to twelve signed deliveries of Stripe's full objects, one after another: longer than one expect on a busy machine.
    await expect(list).toBeVisible({ timeout: 30_000 })
    const rows = list.getByRole('listitem')
    const count = await rows.count()
    expect(count).toBeGreaterThan(6)
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i)
      await expect(row).toContainText('200')
      await expect(row).toContainText('signature valid')
      const text = (await row.textContent()) ?? ''
      expect(text.includes('duplicate of #')).toBe(text.includes('handler saw a duplicate'))
    }
    await expect(list.getByText(/duplicate of #\d/).first()).toBeVisible()
  })

  test(`axe: the open event search and a sequence's results have no violations (light and dark)`, async ({ page }) => {
    await openPage(page, '/webhooks')
    await page.getByRole('combobox', { name: 'Provider' }).selectOption('gitlab')
    await page.getByRole('button', { name: 'Use the local demo receiver' }).click()
    await page.getByRole('button', { name: 'Send sequence' }).click()
    await expect(page.getByRole('list', { name: /^Deliveries \((\d+) of \1 done\)$/ })).toBeVisible()
    await page.getByLabel('Field path').fill('object_attributes.title')
    await page.getByLabel('Value').fill('Custom title')
    await page.getByRole('button', { name: 'Set field' }).click()
    await eventField(page).fill('merge')
    await expect(page.getByRole('listbox', { name: 'Events' })).toBeVisible()
    await expectNoAxeViolationsInBothThemes(page)
  })
})
