import { sign } from '@octokit/webhooks-methods'
import { expect, test, type Page } from '@playwright/test'
import { openPage } from '../support/app'
import { answersWithin } from '../support/liveness'

/**
 * A 10 MB delivery pasted into the signature doctor, then the secret typed key by key: the text is held (not
 * laid out in the text area), each check runs in a worker and the next keystroke cancels it, the page keeps
 * answering, and the verdict says which part of the search a body this large skips.
 */
const doctor = (page: Page) => page.getByRole('region', { name: 'Signature doctor' })

test('10 MB body: held, checked in a worker on every keystroke of the secret, the page answers, the skipped search is named', async ({ page, context }) => {
  test.slow()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const body = JSON.stringify({ zen: 'Design for failure.', padding: 'x'.repeat(10_000_000) })
  const request = `POST /webhook HTTP/1.1\nContent-Type: application/json\nX-GitHub-Event: ping\nX-Hub-Signature-256: ${await sign('the real secret', body)}\n\n${body}`
  await openPage(page, '/webhooks')
  const region = doctor(page)
  await page.evaluate((text) => navigator.clipboard.writeText(text), request)
  await region.getByRole('textbox', { name: 'Request as received' }).focus()
  await page.keyboard.press('ControlOrMeta+V')
  const held = region.getByRole('group', { name: 'Request as received' })
  await expect(held).toHaveAccessibleDescription(/^10 MB of text, kept in memory but not shown here/)
  expect(await answersWithin(page)).toBe(true)

  const secret = region.getByLabel('Secret your handler verifies with')
  await secret.focus()
  for (const key of 'wrong!') {
    await page.keyboard.type(key)
    expect(await answersWithin(page)).toBe(true)
  }
  await expect(region.getByRole('heading', { name: 'Signature invalid' })).toBeVisible({ timeout: 30_000 })
  await expect(region.getByTestId('doctor-skipped')).toHaveText(/^The body is 10 MB, so re-serialised JSON and changed line endings were not tried/)
  expect(await answersWithin(page)).toBe(true)

  // Nothing was lost: the text comes back on request.
  await held.getByRole('button', { name: 'Show the text anyway' }).click()
  const shown = region.getByRole('textbox', { name: 'Request as received' })
  await expect(shown).toBeVisible({ timeout: 30_000 })
  expect(await shown.evaluate((area: HTMLTextAreaElement) => area.value.length)).toBe(request.length)
})
