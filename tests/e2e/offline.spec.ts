/**
 * The offline build: after one visit, with the network gone, every route opens from the
 * service worker's cache and the tools that need nothing external work — the rate-limit parser,
 * the webhook generator and its signer (checked by the signature doctor, offline too). The worker is
 * registered only once the first page's chunks are in, so its precache never competes with them.
 */
import { expect, test } from '@playwright/test'
import { ROUTES, settleFonts } from '../support/app'

test.use({ serviceWorkers: 'allow' })

test('after one visit, every route opens offline and the parser, generator and signer work', async ({ page, context }) => {
  test.setTimeout(90_000)
  await page.goto('/')
  await expect(page.locator('#main h1')).toHaveText('API Workbench')
  // Installed means precached: Workbox's install step finishes only when every file is stored.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    if (!registration.active) throw new Error('no active service worker')
  })

  await context.setOffline(true)
  for (const route of ROUTES) {
    await page.goto(route.path)
    await expect(page.locator('#main h1')).toHaveText(route.h1)
    await expect(page).toHaveTitle(route.title)
  }

  // The GraphQL editor chunk comes from the cache too.
  await page.goto('/graphql')
  await expect(page.getByRole('textbox', { name: /^Query/ }).first()).toBeVisible()

  // Rate-limit parser.
  await page.goto('/rate-limits')
  await page.getByRole('textbox', { name: 'Response headers' }).fill(['HTTP/2 200', 'x-ratelimit-limit: 5000', 'x-ratelimit-remaining: 4987', 'x-ratelimit-resource: core'].join('\n'))
  await expect(page.locator('#rl-results').getByRole('meter', { name: 'GitHub core remaining' })).toBeVisible()

  // Webhook generator: another provider's catalogue (its own chunk), signed, and proven valid.
  await page.goto('/webhooks')
  await settleFonts(page)
  await page.getByRole('combobox', { name: 'Provider' }).selectOption('stripe')
  await page.getByRole('checkbox', { name: 'Sign the request with my test secret' }).check()
  await page.getByRole('button', { name: 'Use the demo secret' }).click()
  await page.getByRole('button', { name: 'Open in signature doctor' }).click()
  const doctor = page.getByRole('region', { name: 'Signature doctor' })
  await expect(doctor.getByRole('heading', { name: 'Signature valid' })).toBeVisible()
  await expect(doctor.getByRole('textbox', { name: 'Request as received' })).toHaveValue(/\nStripe-Signature: t=\d+,v1=[0-9a-f]{64}\n/)
})

test('the service worker is registered once the first page is in, not while its chunks are on the wire', async ({ page, context }) => {
  const events: string[] = []
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/sw.js') events.push('sw.js requested')
  })
  page.on('requestfinished', (request) => {
    const name = new URL(request.url()).pathname.match(/^\/assets\/(GraphQLPage|CodeEditor|VariablesEditor)-[\w-]+\.js$/)?.[1]
    if (name) events.push(`${name} loaded`)
  })
  await page.goto('/graphql')
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  expect(events.slice(0, 3).sort()).toEqual(['CodeEditor loaded', 'GraphQLPage loaded', 'VariablesEditor loaded'])
  expect(events.slice(3)).toEqual(['sw.js requested'])
})
