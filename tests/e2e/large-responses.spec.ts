import { expect, test, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { openPage } from '../support/app'

/**
 * Nothing a server sends freezes or crashes the tab. The demo servers generate a 100 MB
 * body while sending it and serve gzip bombs (a few KB inflating to megabytes of NUL bytes); the
 * GraphQL tester and the webhook sender show the size first, the start of the body, and a download,
 * and the page still answers the keyboard afterwards.
 */
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true })

/** Typing into `field` still works: the tab is alive and its main thread free. */
async function stillResponds(page: Page, field: ReturnType<Page['getByLabel']>, text: string) {
  await field.fill('')
  await field.pressSequentially(text)
  await expect(field).toHaveValue(text)
}

test.describe('hostile response sizes', () => {
  test.describe.configure({ timeout: 120_000 })

  test('GraphQL tester: 100 MB of text, 100 MB of JSON and gzip bombs show their size, their start and a download', async ({ page }) => {
    await openPage(page, '/graphql')
    const endpoint = page.getByRole('textbox', { name: 'Endpoint' })
    const oversized = page.getByTestId('body-oversized')

    await endpoint.fill(`${URLS.graphql}/big?mb=100&type=text`)
    await sendButton(page).click()
    await expect(oversized).toContainText('This body is 100 MB: larger than the 32 MB the page formats', { timeout: 60_000 })
    await expect(page.getByRole('region', { name: 'Response body (raw)' })).toContainText('line 1: The compact keyboard')
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download body' }).click()
    expect((await download).suggestedFilename()).toBe('response.txt')

    await endpoint.fill(`${URLS.graphql}/big?mb=100&type=json`)
    await sendButton(page).click()
    await expect(oversized).toContainText('This body is 100 MB', { timeout: 60_000 })
    await expect(page.getByRole('region', { name: 'Response body (raw)' })).toContainText('{"data":{"products":[{"id":"prod-000001"')

    // 10 KB on the wire, 10 MB of NUL bytes: under the guard, shown as text from its start.
    await endpoint.fill(`${URLS.graphql}/gzip-bomb?mb=10`)
    await sendButton(page).click()
    await expect(page.getByTestId('raw-truncated')).toContainText('of 10 MB')
    // A bomb past the read limit: reading stops at 256 MB, and the page says so.
    await endpoint.fill(`${URLS.graphql}/gzip-bomb?mb=300&type=json`)
    await sendButton(page).click()
    await expect(oversized).toContainText('This body is over 256 MB', { timeout: 60_000 })
    await expect(oversized).toContainText('Reading stopped at 256 MB')

    await stillResponds(page, endpoint, `${URLS.graphql}/graphql`)
  })

  test('GraphQL tester: a large JSON body shows its first rows while the rest is still on its way', async ({ page, request }, testInfo) => {
    await openPage(page, '/graphql')
    // The demo server sends the first 512 KB of 5 MB, then holds the rest until released. The name
    // is this run's own, so repeated or parallel runs never release each other's responses.
    const hold = `preview-${testInfo.workerIndex}-${testInfo.repeatEachIndex}-${testInfo.retry}`
    await page.getByRole('textbox', { name: 'Endpoint' }).fill(`${URLS.graphql}/big?mb=5&type=json&hold=${hold}`)
    await sendButton(page).click()
    const preview = page.getByRole('tree', { name: 'Response body, its start' })
    // The first item is opened down to its fields, as in the finished tree.
    await expect(preview).toContainText('prod-000001')
    await expect(preview).toContainText('items so far]')
    await expect(page.getByText('Receiving a large body; its start is below.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible()
    // Mark the preview's tree element: the whole body's tree must be the same element, its rows
    // updated rather than the tree mounted again.
    await preview.evaluate((tree) => tree.setAttribute('data-e2e-mark', 'preview'))

    expect((await request.get(`${URLS.graphql}/big/release?hold=${hold}`)).status()).toBe(204)
    const tree = page.getByRole('tree', { name: 'Response body', exact: true })
    await expect(tree).toContainText('prod-000001', { timeout: 30_000 })
    await expect(preview).toHaveCount(0)
    await expect(tree).toHaveAttribute('data-e2e-mark', 'preview')
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0)
  })

  test('webhook sender: a 100 MB answer and a gzip bomb show the size first and offer a download', async ({ page }) => {
    await openPage(page, '/webhooks')
    const handler = page.getByLabel('Handler URL')
    await handler.fill(`${URLS.webhook}/big?mb=100&type=text`)
    await sendButton(page).click()
    const oversized = page.getByTestId('body-oversized')
    await expect(oversized).toContainText('This answer is 100 MB: larger than the 32 MB the page keeps as text', { timeout: 60_000 })
    const download = page.waitForEvent('download')
    await oversized.getByRole('button', { name: 'Download body' }).click()
    expect((await download).suggestedFilename()).toBe('webhook-response.txt')

    await handler.fill(`${URLS.webhook}/gzip-bomb?mb=10`)
    await sendButton(page).click()
    await expect(page.getByTestId('body-truncated')).toContainText('of 10 MB')

    await stillResponds(page, handler, `${URLS.webhook}/webhook`)
  })
})
