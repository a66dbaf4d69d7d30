/**
 * A sequence sent from the app (production build) to the real demo receiver, shuffled and with
 * duplicates: the receiver checks every delivery against the provider's description (GitHub: its
 * `@octokit/openapi-webhooks` schema and hook types) and the deliveries' story (one pull request or merge
 * request; the head / last commit moves only with a push or update; the merge commit is pushed), and its
 * answers to the deliveries the page lists (read back from the receiver's test-only /answers) report
 * nothing wrong.
 */
import { expect, test } from '@playwright/test'
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

test.describe('webhook sequences checked by the receiver', () => {
  test.describe.configure({ timeout: 120_000 })

  for (const [provider, events] of [
    ['github', 5],
    ['gitlab', 5],
  ] as const) {
    test(`${provider}: a shuffled sequence with duplicates is consistent delivery by delivery and as a story`, async ({ page }) => {
      await openPage(page, '/webhooks')
      await page.getByRole('combobox', { name: 'Provider' }).selectOption(provider)
      await page.getByRole('button', { name: 'Use the local demo receiver' }).click()
      await page.getByRole('checkbox', { name: 'Sign the request with my test secret' }).check()
      await page.getByRole('button', { name: 'Use the demo secret' }).click()
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
})
