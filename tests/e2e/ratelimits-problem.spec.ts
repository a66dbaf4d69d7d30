import { expect, test } from '@playwright/test'
import { openPage } from '../support/app'
import { expectNoAxeViolationsInBothThemes } from '../support/axe'
import { spokenPhrases, startScreenReader, useScreenReader } from '../support/screen-reader'

/** A 429 as `curl -i` prints it: the RateLimit draft's fields, then the draft's Quota Exceeded problem body. */
const QUOTA_429 = [
  'HTTP/2 429',
  'content-type: application/problem+json',
  'retry-after: 30',
  'ratelimit-policy: "burst";q=100;w=60',
  'ratelimit: "burst";r=0;t=30',
  '',
  '{',
  '  "type": "https://iana.org/assignments/http-problem-types#quota-exceeded",',
  '  "title": "Burst quota <b>used up</b>",',
  '  "status": 429,',
  '  "violated-policies": ["burst"]',
  '}',
].join('\n')

test.describe('rate limits: problem details of a pasted 429', () => {
  test('a 429 with an application/problem+json body: its title, type (as text), status and rate-limit meaning beside the Retry-After; heard; axe in both themes', async ({ page }) => {
    await useScreenReader(page)
    await openPage(page, '/rate-limits')
    await startScreenReader(page)
    await page.getByRole('textbox', { name: 'Response headers' }).fill(QUOTA_429)

    const problem = page.locator('#rl-results').getByRole('region', { name: /Problem details/ })
    await expect(problem).toBeVisible()
    await expect(problem.locator('[data-field="title"]')).toHaveText('Burst quota <b>used up</b>')
    await expect(problem.locator('[data-field="type"]')).toHaveText('https://iana.org/assignments/http-problem-types#quota-exceeded')
    await expect(problem.locator('[data-field="status"]')).toHaveText('429')
    await expect(problem.locator('[data-field="rate-limit"]')).toContainText('Yes: the RateLimit draft’s “Quota Exceeded” type (recommended status 429).')
    await expect(problem.locator('[data-field="violated-policies"]')).toHaveText('burst')
    // Pasted data: no link, no markup from the body.
    await expect(problem.getByRole('link')).toHaveCount(0)
    await expect(problem.locator('b')).toHaveCount(0)
    // Where a user reading a 429 looks: right after when to retry, before the quota cards.
    const order = await page.locator('#rl-results').evaluate((section) => {
      const retry = section.querySelector('.retry')
      const details = section.querySelector('.problem-details')
      const cards = section.querySelector('article')
      const follows = (a: Element | null, b: Element | null) => !!a && !!b && (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
      return { afterRetry: follows(retry, details), beforeCards: follows(details, cards) }
    })
    expect(order).toEqual({ afterRetry: true, beforeCards: true })

    await expect
      .poll(async () => (await spokenPhrases(page)).join('\n'), { timeout: 10_000 })
      .toContain('HTTP 429, rate limited. Problem details: Burst quota <b>used up</b>. 1 quota: IETF RateLimit burst 0 of 100 left, resets in 30 s.')

    await expectNoAxeViolationsInBothThemes(page, { include: '#rl-results' })
  })

  test('the example "IETF RateLimit 429 with problem details" shows the same section', async ({ page }) => {
    await openPage(page, '/rate-limits')
    await page.getByLabel('Example', { exact: true }).selectOption('ietf-problem')
    await page.getByRole('button', { name: 'Load example' }).click()
    const problem = page.locator('#rl-results').getByRole('region', { name: /Problem details/ })
    await expect(problem.locator('[data-field="title"]')).toHaveText('Request quota exceeded')
    await expect(problem.locator('[data-field="detail"]')).toHaveText('100 requests a minute; the burst policy is used up for 30 seconds.')
    await expect(page.getByTestId('announcer')).toContainText('Loaded the IETF RateLimit 429 with problem details example. HTTP 429, rate limited. Problem details: Request quota exceeded.')
  })
})
