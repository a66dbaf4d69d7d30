import { expect, test, type Worker } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { openPage } from '../support/app'

/**
 * What a first Send would wait for is ready before it. Once a page is in, the app loads
 * the browser's locale data on a worker that then ends (app/intl-warmup), and the GraphQL page
 * starts its send worker (io/graphql-send.ts `startSendWorker`), which the first Send then uses.
 */
const named = (workers: Worker[], name: RegExp) => workers.filter((worker) => name.test(worker.url()))

test('the GraphQL page starts its send worker before the first Send, which uses it', async ({ page }) => {
  const started: Worker[] = []
  page.on('worker', (worker) => started.push(worker))
  await openPage(page, '/graphql')
  await expect.poll(() => named(started, /graphql-send\.worker/).length, { message: 'the send worker, before any Send' }).toBe(1)
  await page.getByRole('textbox', { name: 'Endpoint' }).fill(`${URLS.graphql}/graphql`)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByRole('region', { name: 'Response', exact: true }).getByText('200 OK', { exact: true })).toBeVisible()
  expect(named(started, /graphql-send\.worker/), 'no second send worker for the Send').toHaveLength(1)
  expect(named(page.workers(), /graphql-send\.worker/), 'the same worker is still there').toHaveLength(1)
})

for (const path of ['/graphql', '/webhooks', '/rate-limits']) {
  test(`${path}: the locale data is loaded on a worker that ends when done`, async ({ page }) => {
    const warmups: Worker[] = []
    page.on('worker', (worker) => void (/intl-warmup\.worker/.test(worker.url()) && warmups.push(worker)))
    await openPage(page, path)
    await expect.poll(() => warmups.length).toBe(1)
    await expect.poll(() => named(page.workers(), /intl-warmup\.worker/).length, { message: 'the warm-up worker ends' }).toBe(0)
    if (path !== '/graphql') expect(named(page.workers(), /graphql-send\.worker/)).toHaveLength(0)
  })
}
