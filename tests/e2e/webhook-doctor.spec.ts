/**
 * The signature doctor and Send's Cancel on the production build against the real demo receiver:
 * whole journeys, keyboard only. A request the receiver captured (its /last) is pasted into the
 * doctor with the demo secret and is valid; one added byte makes it invalid, with the cause.
 */
import { sign } from '@octokit/webhooks-methods'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { DEMO_SECRETS } from '../../demo/webhook-secrets.ts'
import { openPage } from '../support/app'
import { expectNoAxeViolationsInBothThemes } from '../support/axe'

const doctor = (page: Page) => page.getByRole('region', { name: 'Signature doctor' })

/**
 * Presses Tab (or Shift+Tab) until `target` has focus (a real keyboard walk); fails after `max` presses. In a code
 * editor Tab indents, so the walk leaves it the documented way: Escape, then Tab.
 */
async function tabTo(page: Page, target: Locator, max = 120, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    if (await page.evaluate(() => document.activeElement?.classList.contains('cm-content'))) await page.keyboard.press('Escape')
    await page.keyboard.press(key)
  }
  await expect(target).toBeFocused()
}

/**
 * Delivers a GitHub ping signed with the demo secret (by @octokit/webhooks-methods) to the receiver
 * and returns what it captured, as raw HTTP text. Other tests share the receiver, so the ping goes to
 * a path of its own and the capture is read for that path.
 */
async function capturedRequest(marker: string): Promise<string> {
  const body = JSON.stringify({ zen: 'Design for failure.', hook_id: 1, marker })
  const path = `/webhook/${marker}`
  const headers = { 'Content-Type': 'application/json', 'X-GitHub-Event': 'ping', 'X-Hub-Signature-256': await sign(DEMO_SECRETS.github!, body) }
  const answer = (await (await fetch(`${URLS.webhook}${path}`, { method: 'POST', headers, body })).json()) as { signatureValid: boolean }
  expect(answer.signatureValid).toBe(true)
  const last = (await (await fetch(`${URLS.webhook}/last?path=${path}`)).json()) as { method: string; url: string; headers: [string, string][]; bodyBase64: string }
  const received = Buffer.from(last.bodyBase64, 'base64').toString('utf8')
  expect(received).toBe(body)
  return `${last.method} ${last.url} HTTP/1.1\n${last.headers.map(([n, v]) => `${n}: ${v}`).join('\n')}\n\n${received}`
}

test.describe('signature doctor', () => {
  test.describe.configure({ timeout: 90_000 })

  test(`keyboard only: paste the receiver's capture with the demo secret → valid; one added byte → invalid, line endings (axe, light and dark)`, async ({ page }) => {
    const request = await capturedRequest(`doctor-${Date.now()}`)
    await openPage(page, '/webhooks')
    const region = doctor(page)
    const field = region.getByRole('textbox', { name: 'Request as received' })
    await tabTo(page, field)
    await page.keyboard.insertText(request)
    await expect(region.getByRole('combobox', { name: 'Signature scheme' }).locator('option:checked')).toHaveText('Detect from the headers (GitHub)')
    await tabTo(page, region.getByRole('button', { name: 'Check with the demo secret' }), 10)
    await page.keyboard.press('Enter')
    await expect(region.getByRole('heading', { name: 'Signature valid' })).toBeVisible()
    await expect(region.getByText('Identical.')).toBeVisible()

    // One byte more: a final newline, as an editor or a logger adds it.
    await tabTo(page, field, 10, 'Shift+Tab')
    await page.keyboard.press('Control+End')
    await page.keyboard.press('Enter')
    await expect(region.getByRole('heading', { name: 'Signature invalid' })).toBeVisible()
    const cause = region.getByRole('list', { name: 'Cause' }).getByRole('listitem')
    await expect(cause.getByRole('heading')).toHaveText('Line endings changed')
    await expect(cause).toContainText('trailing newline removed')
    await expect(cause).toContainText("crypto.createHmac('sha256', secret).update(rawBody)")
    await expect(region.getByText(/They differ from character \d+ on/)).toBeVisible()
    await expect(page.getByTestId('announcer')).toHaveText('Signature invalid: Line endings changed.')
    await expectNoAxeViolationsInBothThemes(page)
  })

  test('keyboard only: Open in signature doctor shows the request just built as valid; Send to a hung handler, Cancel', async ({ page }) => {
    await openPage(page, '/webhooks')
    await tabTo(page, page.getByRole('checkbox', { name: 'Sign the request with my test secret' }))
    await page.keyboard.press('Space')
    await tabTo(page, page.getByRole('button', { name: 'Use the demo secret' }), 10)
    await page.keyboard.press('Enter')
    await tabTo(page, page.getByRole('button', { name: 'Open in signature doctor' }), 10)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Signature doctor' })).toBeFocused()
    await expect(doctor(page).getByRole('heading', { name: 'Signature valid' })).toBeVisible()
    await expect(doctor(page).getByRole('textbox', { name: 'Request as received' })).toHaveValue(/^POST \/webhook HTTP\/1\.1\n(?:.+\n)*X-Hub-Signature-256: sha256=[0-9a-f]{64}\n/)

    await tabTo(page, page.getByLabel('Handler URL'), 40, 'Shift+Tab')
    await page.keyboard.insertText(`${URLS.webhook}/never`)
    const send = page.getByRole('button', { name: 'Send', exact: true })
    await tabTo(page, send, 10)
    await page.keyboard.press('Enter')
    const response = page.getByRole('region', { name: 'Response', exact: true })
    await expect(response).toContainText('Sending… (gives up after 10 s; Cancel stops waiting)')
    await tabTo(page, page.getByRole('button', { name: 'Cancel' }), 5)
    await page.keyboard.press('Enter')
    await expect(response).toContainText('Cancelled: you stopped waiting for the handler.')
    await expect(send).toBeFocused()
  })
})
