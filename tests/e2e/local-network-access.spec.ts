import { expect, test, type Page } from '@playwright/test'
import { PORTS, URLS } from '../../demo/config/lanes.ts'
import { chromiumArgs, playwrightChromiumPath } from '../../scripts/chromium.ts'
import { openPage } from '../support/app'
import { announcedIn } from '../../src/shared/testing/announced'
import { clearSpoken, spokenPhrases, startScreenReader, useScreenReader } from '../support/screen-reader'

/**
 * Local Network Access (Chrome 142+) with the app served as if hosted: Chromium's
 * `--ip-address-space-overrides` puts the app's own address (127.0.0.1:<app port>) in the public
 * address space, so its requests to the demo servers on loopback need the user's permission, as
 * they would from a hosted copy. Granted (Playwright's `local-network-access` permission), the
 * request works; denied (CDP `Browser.setPermission`, what the user's "Block" sets), the failure
 * is "Local network access was refused", not CORS and not "no server".
 */
test.use({ launchOptions: { executablePath: playwrightChromiumPath, args: [...chromiumArgs, `--ip-address-space-overrides=127.0.0.1:${PORTS.app}=public`] } })
test.describe.configure({ timeout: 90_000 })

const announcer = (page: Page) => page.getByTestId('announcer')
const APP_ORIGIN = new URL(URLS.app).origin

/** Denies the permission for the app's origin in this page's browser context, as the user's "Block" does. */
async function denyLocalNetworkAccess(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page)
  const { targetInfo } = await session.send('Target.getTargetInfo')
  const browserSession = await page.context().browser()!.newBrowserCDPSession()
  await browserSession.send('Browser.setPermission', {
    permission: { name: 'local-network-access' },
    setting: 'denied',
    origin: APP_ORIGIN,
    ...(targetInfo.browserContextId ? { browserContextId: targetInfo.browserContextId } : {}),
  })
}

test('granted: the hosted tester reaches the loopback server', async ({ page, context }) => {
  await context.grantPermissions(['local-network-access'], { origin: APP_ORIGIN })
  await openPage(page, '/graphql')
  await page.getByLabel('Endpoint', { exact: true }).fill(`${URLS.graphql}/graphql`)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(announcer(page)).toHaveText(/^200 OK, /)
})

test('denied: "Local network access was refused" with the next step, for the tester and the webhook send', async ({ page }) => {
  await openPage(page, '/graphql')
  await denyLocalNetworkAccess(page)
  expect(await page.evaluate(async () => (await navigator.permissions.query({ name: 'local-network-access' as PermissionName })).state)).toBe('denied')
  await page.getByLabel('Endpoint', { exact: true }).fill(`${URLS.graphql}/graphql`)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(announcer(page)).toHaveText(/^Local network access was refused\. Allow local network access for this site/)
  const response = page.getByRole('region', { name: 'Response', exact: true })
  await expect(response.getByRole('heading', { name: 'Local network access was refused' })).toBeVisible()
  await expect(response).not.toContainText('CORS settings')

  await openPage(page, '/webhooks')
  await page.getByLabel('Handler URL').fill(`${URLS.webhook}/webhook`)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(announcer(page)).toHaveText(/^Local network access was refused\./)
})

test('denied: a screen reader hears "Local network access was refused" and the next step, never CORS', async ({ page }) => {
  await useScreenReader(page)
  await openPage(page, '/graphql')
  await denyLocalNetworkAccess(page)
  await startScreenReader(page)
  const endpoint = page.getByLabel('Endpoint', { exact: true })
  await endpoint.fill(`${URLS.graphql}/graphql`)
  await endpoint.focus()
  await clearSpoken(page)
  await page.keyboard.press('Control+Enter')
  const said =
    'Local network access was refused. Allow local network access for this site (site settings, at the left of the address bar), then send again; or run the workbench on your machine (npm start).'
  await expect.poll(async () => announcedIn(await spokenPhrases(page))).toEqual(['Sending…', said])
  // Focus stayed in the endpoint field: nothing else was read out.
  expect((await spokenPhrases(page)).filter((p) => !p.startsWith('polite: '))).toEqual([])
})
