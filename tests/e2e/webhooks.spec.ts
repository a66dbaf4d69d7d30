/**
 * The webhook page on the production build against the real demo receivers (tests/servers/
 * webhook-receiver.ts, started by playwright.config.ts): nothing is mocked.
 */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { openPage } from '../support/app'
import { expectNoAxeViolationsInBothThemes } from '../support/axe'

const run = promisify(execFile)
const RECEIVER = `${URLS.webhook}/webhook`
const NO_CORS_RECEIVER = `${URLS.webhookNoCors}/webhook`

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

/** Presses Tab until `target` has focus (a real keyboard walk); fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

/** Appends a member to the (compact) JSON object in the editor, typing at the end like a user. */
async function appendMember(page: Page, member: string): Promise<void> {
  await editor(page).click()
  await page.keyboard.press('Control+End')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.insertText(`,${member}`)
}

async function replaceBody(page: Page, text: string): Promise<void> {
  await editor(page).click()
  await page.keyboard.press('Control+A')
  await page.keyboard.insertText(text)
}

async function signWithDemoSecret(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: 'Sign the request with my test secret' }).check()
  await page.getByRole('button', { name: 'Use the demo secret' }).click()
}

async function useHandler(page: Page, url: string): Promise<void> {
  await page.getByLabel('Handler URL').fill(url)
}

test.describe('webhook generator', () => {
  // Each test makes several full round trips (reloads, sends, axe over a long page); on a busy
  // machine they need more than the default 30 s. No assertion depends on timing.
  test.describe.configure({ timeout: 90_000 })

  test('generate, edit, sign with the demo secret, send: the receiver verifies the signature', async ({ page }) => {
    await openAsSent(page)
    await page.getByRole('button', { name: 'Use the local demo receiver' }).click()
    await expect(page.getByLabel('Handler URL')).toHaveValue(RECEIVER)
    await appendMember(page, '"edited_by_test":true')
    await expect(editor(page)).toContainText('"edited_by_test":true')
    await signWithDemoSecret(page)
    await page.getByRole('button', { name: 'Send', exact: true }).click()

    const response = responseSection(page)
    await expect(response.getByRole('heading', { name: 'Handler response', exact: true })).toBeVisible()
    await expect(response.getByRole('region', { name: 'Handler response Response body' })).toContainText('"signatureValid": true')
    await expect(response.getByText('Signature valid', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('yes')
    await expect(response.getByText('200 OK')).toBeVisible()
  })

  test('Send twice delivers the identical request; the receiver reports the second as a duplicate', async ({ page }) => {
    await openAsSent(page)
    await page.getByRole('combobox', { name: 'Provider' }).selectOption('stripe')
    await useHandler(page, RECEIVER)
    await signWithDemoSecret(page)
    await page.getByRole('button', { name: 'Send twice' }).click()

    const first = page.getByRole('region', { name: 'First delivery', exact: true })
    const second = page.getByRole('region', { name: 'Second delivery (identical request)', exact: true })
    await expect(first).toContainText('"duplicate": false')
    await expect(second).toContainText('"duplicate": true')
    await expect(second).toContainText('"signatureValid": true')
    const id = /"deliveryId": "(evt_\w+)"/.exec((await first.textContent()) ?? '')?.[1]
    expect(id).toMatch(/^evt_[A-Za-z0-9]{24}$/)
    await expect(second).toContainText(`"deliveryId": "${id ?? 'missing'}"`)
  })

  test('without CORS the curl fallback appears, and running it in bash delivers the same bytes', async ({ page, request }) => {
    await openAsSent(page)
    // A path of its own, read back by /last?path=: other tests share the receiver.
    const path = `/webhook/curl-${test.info().workerIndex}-${Date.now()}`
    await useHandler(page, `${URLS.webhookNoCors}${path}`)
    // Bytes a shell must not touch: quotes, $, backticks, backslash, non-ASCII.
    await appendMember(page, '"note":"it\'s $HOME `id` \\"q\\" \\\\ ✓ 日本"')
    await signWithDemoSecret(page)
    await page.getByRole('button', { name: 'Send', exact: true }).click()

    await expect(page.getByText(/^Blocked by CORS: the handler at 127\.0\.0\.1:\d+ answered, but not to this page\.$/)).toBeVisible()
    await expect(page.getByText(/x-github-event/).first()).toBeVisible()
    const command = (await page.getByRole('region', { name: 'Send it with curl instead' }).textContent()) ?? ''
    expect(command).toMatch(/^curl /)
    await expect(page.getByRole('region', { name: "Check the handler's preflight answer" })).toContainText('-X OPTIONS')

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Download .*\.json$/ }).click()])
    const expectedBody = await readFile((await download.path()) ?? '')

    const { stdout } = await run('bash', ['-c', command])
    expect(JSON.parse(stdout)).toMatchObject({ received: true, signatureValid: true, duplicate: false, provider: 'github' })

    const last = (await (await request.get(`${URLS.webhookNoCors}/last?path=${path}`)).json()) as { headers: [string, string][]; bodyBase64: string }
    expect(Buffer.from(last.bodyBase64, 'base64').equals(expectedBody)).toBe(true)
    expect(expectedBody.toString('utf8')).toContain('"note":"it\'s $HOME `id` \\"q\\" \\\\ ✓ 日本"')
    // Every header the page lists arrived with its value.
    const received = new Map(last.headers.map(([n, v]) => [n.toLowerCase(), v]))
    const rows = page.locator('.headers dl > div:not(.signature)')
    const count = await rows.count()
    expect(count).toBeGreaterThan(5)
    for (let i = 0; i < count; i++) {
      const name = (await rows.nth(i).locator('dt').textContent()) ?? ''
      const value = (await rows.nth(i).locator('dd').textContent()) ?? ''
      expect(received.get(name.toLowerCase()), name).toBe(value)
    }
  })

  test('invalid JSON: message with line and column, Send disabled with the reason, text kept (also after a reload)', async ({ page }) => {
    await openAsSent(page)
    await useHandler(page, RECEIVER)
    await replaceBody(page, '{\n  "a": 1,\n  "b": }')
    await expect(page.getByText('Line 3, column 8:')).toBeVisible()
    await expect(editor(page)).toHaveAttribute('aria-invalid', 'true')
    const send = page.getByRole('button', { name: 'Send', exact: true })
    await expect(send).toBeDisabled()
    await expect(page.getByText('Fix the body first: it is not valid JSON (line 3, column 8).')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Remove a field' })).toBeDisabled()
    await expect(editor(page)).toContainText('"b": }')

    await page.reload()

    await showAsSent(page)
    await expect(editor(page)).toContainText('"b": }')
    await expect(page.getByText('Line 3, column 8:')).toBeVisible()
  })

  test('edits survive a reload with the provider and event, until Regenerate', async ({ page }) => {
    await openAsSent(page)
    await page.getByRole('combobox', { name: 'Provider' }).selectOption('slack')
    await page.getByRole('combobox', { name: 'Event' }).fill('reaction_added')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('combobox', { name: 'Event' })).toHaveAccessibleDescription(/reaction_added/)
    await appendMember(page, '"kept":"across reloads"')
    const deliveryText = await page.locator('#wh-delivery-id').textContent()

    await page.reload()

    await showAsSent(page)
    await expect(page.getByRole('combobox', { name: 'Provider' })).toHaveValue('slack')
    await expect(page.getByRole('combobox', { name: 'Event' })).toHaveAccessibleDescription(/reaction_added/)
    await expect(editor(page)).toContainText('"kept":"across reloads"')
    await expect(page.locator('#wh-delivery-id')).toHaveText(deliveryText ?? '')
    await expect(page.getByText(/Edited: your changes are kept/)).toBeVisible()

    await page.getByRole('button', { name: 'Regenerate' }).click()
    await expect(editor(page)).not.toContainText('"kept"')
    await page.reload()
    await showAsSent(page)
    await expect(editor(page)).not.toContainText('"kept"')
    await expect(page.getByRole('combobox', { name: 'Event' })).toHaveAccessibleDescription(/reaction_added/)
  })

  test('keyboard only: pick, regenerate with Alt+Shift+R, edit, leave the editor with Escape then Tab, sign, send', async ({ page }) => {
    await openAsSent(page)
    const provider = page.getByRole('combobox', { name: 'Provider' })
    await tabTo(page, provider)
    await page.keyboard.press('ArrowDown')
    await expect(provider).toHaveValue('stripe')

    await expect(page.getByRole('button', { name: 'Regenerate' })).toHaveAttribute('aria-keyshortcuts', 'Alt+Shift+R')
    const before = await page.locator('#wh-delivery-id').textContent()
    await page.keyboard.press('Alt+Shift+R')
    await expect(page.locator('#wh-delivery-id')).not.toHaveText(before ?? '')

    await tabTo(page, editor(page))
    await page.keyboard.press('Control+End')
    await page.keyboard.type(' ')
    // Tab indents inside the editor; Escape then Tab leaves it for the next control.
    await page.keyboard.press('Escape')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Copy body' })).toBeFocused()

    await tabTo(page, page.getByRole('checkbox', { name: 'Sign the request with my test secret' }))
    await page.keyboard.press('Space')
    await tabTo(page, page.getByRole('button', { name: 'Use the demo secret' }))
    await page.keyboard.press('Enter')
    // F6 twice (Compose → Delivery → toolbar), then on to the demo receiver beside the handler URL.
    await page.keyboard.press('F6')
    await page.keyboard.press('F6')
    await tabTo(page, page.getByRole('button', { name: 'Use the local demo receiver' }))
    await page.keyboard.press('Enter')
    await expect(page.getByLabel('Handler URL')).toHaveValue(RECEIVER)
    await tabTo(page, page.getByRole('button', { name: 'Send', exact: true }))
    await page.keyboard.press('Enter')
    await expect(responseSection(page)).toContainText('"signatureValid": true')
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeFocused()
  })

  test('the secret is never stored', async ({ page }) => {
    await openAsSent(page)
    await useHandler(page, RECEIVER)
    await page.getByRole('checkbox', { name: 'Sign the request with my test secret' }).check()
    await page.getByLabel('Webhook secret').fill('my-own-test-secret-123')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(responseSection(page)).toContainText('"signatureValid": false')
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + location.href)
    expect(stored).not.toContain('my-own-test-secret-123')
  })

  test(`axe finds no violations with a variant applied and the Send twice pair shown (light and dark)`, async ({ page }) => {
    await openAsSent(page)
    await useHandler(page, RECEIVER)
    await signWithDemoSecret(page)
    await page.getByRole('button', { name: 'Set a field to null' }).click()
    await page.getByRole('button', { name: 'Send twice' }).click()
    await expect(page.getByRole('region', { name: 'Second delivery (identical request)', exact: true })).toContainText('"duplicate": true')
    await expectNoAxeViolationsInBothThemes(page)
  })

  test(`axe finds no violations with the CORS fallback and field errors shown (light and dark)`, async ({ page }) => {
    await openAsSent(page)
    await useHandler(page, NO_CORS_RECEIVER)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page.getByText(/^Blocked by CORS: the handler at 127\.0\.0\.1:\d+ answered, but not to this page\.$/)).toBeVisible()
    await replaceBody(page, '{ "broken": ')
    await page.getByLabel('Handler URL').fill('not a url')
    await page.getByLabel('Handler URL').blur()
    await expect(page.getByText(/not a complete URL/)).toBeVisible()
    await expect(page.getByText(/^Line 1, column \d+:$/)).toBeVisible()
    await expectNoAxeViolationsInBothThemes(page)
  })

  test('does not scroll sideways at 320 px with results and the fallback shown', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 })
    await openAsSent(page)
    await page.getByRole('combobox', { name: 'Provider' }).selectOption('shopify')
    await useHandler(page, RECEIVER)
    await signWithDemoSecret(page)
    await page.getByRole('button', { name: 'Send twice' }).click()
    await expect(page.getByRole('region', { name: 'Second delivery (identical request)', exact: true })).toContainText('"duplicate": true')
    await useHandler(page, NO_CORS_RECEIVER)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page.getByText(/^Blocked by CORS: the handler at 127\.0\.0\.1:\d+ answered, but not to this page\.$/)).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
