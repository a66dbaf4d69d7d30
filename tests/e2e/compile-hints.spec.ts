/**
 * Every chunk a page's load fetches carries V8's compile hint on its first line
 * (scripts/compile-hints.mjs), so Chrome compiles it off the main thread. The build works the set out
 * from the import graph and LOADED_WITH_PAGE; this loads each page for real and fails when a page
 * fetched a chunk the list missed (a new lazy section, a new catalogue loaded at start).
 */
import { expect, test, type Response } from '@playwright/test'
import { COMPILE_HINT } from '../../scripts/compile-hints.mjs'
import { PAGE_SHOWN, ROUTES } from '../support/app'

for (const route of ROUTES) {
  test(`${route.path}: every script its load fetches has the compile hint`, async ({ page }) => {
    const scripts: Response[] = []
    page.on('response', (response) => {
      // A worker's script runs on its own thread, never the page's: the hint is for the page's chunks.
      const path = new URL(response.url()).pathname
      if (/^\/assets\/.+\.js$/.test(path) && !/\.worker-[\w-]+\.js$/.test(path)) scripts.push(response)
    })
    await page.goto(route.path)
    await page.locator(PAGE_SHOWN).waitFor()
    // The footer shows once the page's turns have settled; the lazy parts of the last turns and the
    // service worker's registration come after, so wait for the network to be quiet too.
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await page.waitForLoadState('networkidle')

    const firstLines = await Promise.all(scripts.map(async (response) => `${new URL(response.url()).pathname}: ${((await response.text()).split('\n', 1)[0] ?? '').slice(0, 40)}`))
    expect(firstLines.length).toBeGreaterThan(2)
    expect(firstLines.filter((line) => !line.endsWith(`: ${COMPILE_HINT}`))).toEqual([])
  })
}
