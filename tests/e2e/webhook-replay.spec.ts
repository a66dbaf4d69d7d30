/**
 * The replay lab on the production build, keyboard only, against the real demo receivers: a delivery the
 * receiver got (its `/last`) imported, one field added, re-signed and sent again — the receiver verifies it
 * with octokit; a Stripe capture's rollover timeline against a receiver started with two secrets (all steps
 * pass, stripe-node) and against the default receiver, which knows only the new secret (the first step is
 * rejected and named); the original opened in the doctor, which names the previous secret. Axe in both themes.
 */
import type { Server } from 'node:http'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { DEMO_PREVIOUS_SECRETS } from '../../demo/webhook-secrets.ts'
import { ROTATING_SECRETS, startWebhookReceiver, type LastRequest } from '../../demo/webhook-receiver.ts'
import { generateWebhook, loadCatalogue, signWebhook } from '../../src/features/webhooks/core/index.ts'
import { exportDelivery } from '../../src/features/webhooks/core/import/export-delivery.ts'
import { openPage } from '../support/app'
import { expectNoAxeViolationsInBothThemes } from '../support/axe'
import { spokenPhrases, startScreenReader, useScreenReader } from '../support/screen-reader'
import { announcedIn } from '../../src/shared/testing/announced'

let rotating: { origin: string; server: Server }
test.beforeAll(async () => {
  rotating = await startWebhookReceiver(0, { secrets: ROTATING_SECRETS })
})
test.afterAll(async () => {
  await new Promise<void>((resolve) => rotating.server.close(() => resolve()))
})

const lab = (page: Page) => page.getByRole('region', { name: 'Replay a captured delivery' })

/** Presses Tab until `target` has focus (a real keyboard walk); fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

async function press(page: Page, target: Locator, key = 'Enter'): Promise<void> {
  await tabTo(page, target)
  await page.keyboard.press(key)
}

/** Opens the lab from its button by keyboard: focus lands on the paste field. */
async function openLab(page: Page): Promise<void> {
  await press(page, page.getByRole('button', { name: 'Open the replay lab' }))
  await expect(lab(page).getByLabel('Captured delivery')).toBeFocused()
}

test.describe('webhook replay lab', () => {
  test.describe.configure({ timeout: 120_000 })

  test('receiver /last → import → add a field → re-sign → send: the receiver verifies it, with a new delivery id and the edit', async ({ page, request }) => {
    const path = `/webhook/replay-${test.info().workerIndex}-${Date.now()}`
    await openPage(page, '/webhooks')
    // The generator's GitHub sample, signed with the demo secret, sent to the receiver: the capture.
    await page.getByLabel('Handler URL').fill(`${URLS.webhook}${path}`)
    await page.getByRole('checkbox', { name: 'Sign the request with my test secret' }).check()
    await page.getByRole('button', { name: 'Use the demo secret' }).click()
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page.getByRole('region', { name: 'Response', exact: true })).toContainText('"signatureValid": true')
    const original = (await (await request.get(`${URLS.webhook}/last?path=${path}`)).json()) as LastRequest
    const originalId = original.headers.find(([n]) => n.toLowerCase() === 'x-github-delivery')?.[1]

    await openLab(page)
    await press(page, lab(page).getByRole('button', { name: "Load the demo receiver's last delivery" }))
    await expect(lab(page)).toContainText("Read as the demo receiver's /last: POST")
    await expect(lab(page)).toContainText('GitHub by its headers; body byte for byte as received.')
    await expect(page.locator('[role="status"]').filter({ hasText: 'Imported' })).toContainText('Imported: a GitHub delivery')

    const editor = lab(page).getByRole('textbox', { name: 'Request body as sent (JSON)' })
    await tabTo(page, editor)
    await page.keyboard.press('Control+End')
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.insertText(',"replayed":true')
    await page.keyboard.press('Escape')
    await page.keyboard.press('Tab')
    await expect(lab(page)).toContainText('Edited: the delivery is signed anew over your bytes.')

    await press(page, lab(page).getByRole('button', { name: 'Use the demo secret' }))
    await press(page, lab(page).getByRole('button', { name: 'Send the replay' }))
    const results = lab(page).getByRole('list', { name: /Deliveries/ })
    await expect(results).toContainText('signature valid · first time seen')
    const replayed = (await (await request.get(`${URLS.webhook}/last?path=${path}`)).json()) as LastRequest
    expect(Buffer.from(replayed.bodyBase64, 'base64').toString()).toMatch(/,"replayed":true\}$/)
    const newId = replayed.headers.find(([n]) => n.toLowerCase() === 'x-github-delivery')?.[1]
    expect(newId).toBeTruthy()
    expect(newId).not.toBe(originalId)
    await expect(results).toContainText(newId!)
    await expect(lab(page).getByRole('list', { name: 'What the replay changed' })).toContainText('X-GitHub-Delivery: a new id')
  })

  test('rollover timeline: a receiver with two secrets takes every step, the default one rejects "Previous secret only"; the doctor names the previous secret; axe in both themes', async ({ page }) => {
    // A Stripe delivery signed with the secret being rotated out, as a relay would have captured it.
    await loadCatalogue('stripe')
    const sample = generateWebhook('stripe', 'invoice.paid')
    const signature = await signWebhook('stripe', sample.body, DEMO_PREVIOUS_SECRETS.stripe!)
    const capture = exportDelivery({ method: 'POST', url: '/webhooks/stripe', headers: [['Host', 'relay.example'], ...Object.entries({ ...sample.headers, ...signature })], body: sample.body }, 'http')

    await useScreenReader(page)
    await openPage(page, '/webhooks')
    await startScreenReader(page)
    await page.getByLabel('Handler URL').fill(`${rotating.origin}/webhook`)
    await openLab(page)
    await page.keyboard.insertText(capture)
    await press(page, lab(page).getByRole('button', { name: 'Import' }))
    await expect(lab(page)).toContainText('Read as a raw HTTP request: POST /webhooks/stripe')
    await press(page, lab(page).getByRole('button', { name: 'Use both demo secrets' }))
    await expect(lab(page).getByRole('button', { name: 'Run the rollover' })).toBeEnabled()
    await press(page, lab(page).getByRole('button', { name: 'Run the rollover' }))
    const results = lab(page).getByRole('list', { name: /Rollover/ })
    await expect(lab(page)).toContainText('Your handler accepted every step of the rollover.')
    await expect(results.getByRole('listitem')).toHaveText([/Previous secret only.*signature valid/, /Both secrets.*signature valid/, /New secret only.*signature valid/])

    // The same timeline against the receiver that knows only the new secret.
    await page.getByLabel('Handler URL').fill(`${URLS.webhook}/webhook`)
    await press(page, lab(page).getByRole('button', { name: 'Run the rollover' }))
    await expect(lab(page)).toContainText('Your handler rejected the step "Previous secret only": it does not accept a delivery signed with the previous secret.')
    await expect(results.getByRole('listitem')).toHaveText([/signature rejected/, /signature valid/, /signature valid/])
    await expect(page.locator('[role="status"]').filter({ hasText: 'Replay sent' })).toContainText('the handler rejected the signature of Previous secret only')
    // What a screen-reader user hears of the journey: the import and each run's outcome, politely.
    await expect
      .poll(async () => announcedIn(await spokenPhrases(page)).filter((p) => /^(?:Imported|Replay sent)/.test(p)))
      .toEqual([
        expect.stringMatching(/^Imported: a Stripe delivery, \d+ headers\.$/),
        'Replay sent: 3 deliveries, 3 answered 2xx.',
        'Replay sent: 3 deliveries, 3 answered 2xx; the handler rejected the signature of Previous secret only.',
      ])

    await expectNoAxeViolationsInBothThemes(page, { include: '[aria-labelledby="wh-replay-heading"]' })

    await press(page, lab(page).getByRole('button', { name: 'Why was the original rejected?' }))
    await expect(page.getByRole('heading', { name: 'Signature doctor' })).toBeFocused()
    await expect(page.getByRole('region', { name: 'Signature doctor' })).toContainText('Signed with the previous secret')
  })

  test('a paste it cannot read: the message at the field, the text kept, Send waits for an import', async ({ page }) => {
    await openPage(page, '/webhooks')
    await openLab(page)
    await page.keyboard.insertText('{"log": {"entries": []}}')
    await press(page, lab(page).getByRole('button', { name: 'Import' }))
    const field = lab(page).getByLabel('Captured delivery')
    await expect(field).toHaveAccessibleDescription(/HAR has 0 requests and none sends a body/)
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveValue('{"log": {"entries": []}}')
    await expect(lab(page).getByRole('button', { name: 'Send the replay' })).toHaveCount(0)
  })
})
