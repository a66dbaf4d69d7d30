/**
 * A sequence sent from the app (production build) to the real demo receiver, shuffled and with
 * duplicates: the receiver checks every delivery against the provider's description (GitHub: its
 * `@octokit/openapi-webhooks` schema and hook types; Stripe: the `stripe` package's types and id
 * prefixes) and the deliveries' story (one pull request or merge request; the head / last commit moves
 * only with a push or update; the merge commit is pushed; one Stripe customer, subscription, invoice,
 * PaymentIntent and charge, one event id per event), and its answers to the deliveries the page lists
 * (read back from the receiver's test-only /answers) report nothing wrong. A hand-edited delivery that
 * is not what the provider sends is reported to the user.
 */
import { expect, test, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { openPage } from '../support/app'

interface Answer {
  deliveryId: string | null
  signatureValid: boolean
  duplicate: boolean
  event: string | null
  checks: { problems: string[] }
  sequence?: { story: string; deliveries: number; problems: string[]; unexplained: string[] }
}

async function useSignedDemoReceiver(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Use the local demo receiver' }).click()
  await page.getByRole('checkbox', { name: 'Sign the request with my test secret' }).check()
  await page.getByRole('button', { name: 'Use the demo secret' }).click()
}

test.describe('webhook sequences checked by the receiver', () => {
  test.describe.configure({ timeout: 120_000 })

  for (const [provider, sequence, events] of [
    ['github', null, 5],
    ['gitlab', null, 5],
    ['stripe', 'stripe-checkout', 6],
    ['stripe', 'stripe-checkout-subscription', 6],
    ['stripe', 'stripe-subscription', 6],
  ] as const) {
    test(`${sequence ?? provider}: a shuffled sequence with duplicates is consistent delivery by delivery and as a story`, async ({ page }) => {
      await openPage(page, '/webhooks')
      await page.getByRole('combobox', { name: 'Provider' }).selectOption(provider)
      await useSignedDemoReceiver(page)
      if (sequence) await page.getByRole('combobox', { name: 'Sequence' }).selectOption(sequence)
      await page.getByText('Shuffled (out-of-order delivery)').click()
      await page.getByText('With duplicates (at-least-once delivery)').click()
      await page.getByRole('button', { name: 'Send sequence' }).click()

      const list = page.getByRole('list', { name: /^Deliveries \((\d+) of \1 done\)$/ })
      // The receiver compiles each GitHub event's schema on its first delivery (seconds on a busy machine).
      await expect(list).toBeVisible({ timeout: 90_000 })
      const rows = list.getByRole('listitem')
      const count = await rows.count()
      // Each row says what the receiver found.
      for (let i = 0; i < count; i++) await expect(rows.nth(i)).toContainText('· checks passed')
      // The delivery ids the page sent (each row names its delivery's id), and the receiver's answers to them.
      const ids = new Set<string>()
      for (let i = 0; i < count; i++) for (const id of await rows.nth(i).locator('.mono').allTextContents()) ids.add(id.trim())
      const all = (await (await page.request.get(`${URLS.webhook}/answers`)).json()) as Answer[]
      const received = all.filter((a) => a.deliveryId !== null && ids.has(a.deliveryId))
      expect(received).toHaveLength(count)
      expect(count).toBeGreaterThan(events)
      for (const answer of received) {
        expect(answer.signatureValid, answer.event ?? '').toBe(true)
        expect(answer.checks.problems, answer.event ?? '').toEqual([])
        expect(answer.sequence?.problems, answer.event ?? '').toEqual([])
      }
      // One story, told completely (every event once, the repeats recognised as such), with nothing left
      // unexplained once all of it has arrived (shuffled, a delivery may meanwhile wait for a later one).
      expect(new Set(received.map((a) => a.sequence?.story)).size).toBe(1)
      const final = received.reduce((a, b) => ((b.sequence?.deliveries ?? 0) > (a.sequence?.deliveries ?? 0) ? b : a))
      expect(final.sequence).toMatchObject({ deliveries: events, problems: [], unexplained: [] })
      expect(received.filter((a) => a.duplicate).length).toBe(count - events)
    })
  }

  test('stripe: a hand-edited event that is not what Stripe sends fails the receiver\u2019s checks, and the page says why', async ({ page }) => {
    await openPage(page, '/webhooks')
    await page.getByRole('combobox', { name: 'Provider' }).selectOption('stripe')
    await useSignedDemoReceiver(page)
    // A path of its own: the sequence tests send to the same receiver at the same time.
    const path = `/webhook/hand-edited-${test.info().workerIndex}-${Date.now()}`
    await page.getByLabel('Handler URL').fill(`${URLS.webhook}${path}`)
    const response = page.getByRole('region', { name: 'Response', exact: true })
    const formatChecks = response.getByText('Format checks', { exact: true }).locator('xpath=following-sibling::dd')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(formatChecks).toHaveText('Passed')

    // The bytes just sent, edited as a developer might: the customer reference replaced by a placeholder.
    const last = (await (await page.request.get(`${URLS.webhook}/last?path=${path}`)).json()) as { bodyBase64: string }
    const event = JSON.parse(Buffer.from(last.bodyBase64, 'base64').toString('utf8')) as { type: string; data: { object: Record<string, unknown> } }
    expect(event.data.object['customer']).toMatch(/^cus_\w{14}$/)
    event.data.object['customer'] = 'customer'
    await page.getByText('As sent', { exact: true }).click()
    const editor = page.getByRole('textbox', { name: 'Request body as sent (JSON)' })
    await editor.click()
    await page.keyboard.press('Control+A')
    await page.keyboard.insertText(JSON.stringify(event))
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(formatChecks).toContainText(`${event.type}: data.object.customer: the field's own name as value.`)
    await expect(formatChecks).toContainText(`${event.type}: data.object.customer: customer is not an id of cus_.`)
    await expect(response.getByText('Signature valid', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('yes')
  })
})
