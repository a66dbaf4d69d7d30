import { expect, test, type Page } from '@playwright/test'
import { PAGE_SHOWN, openPage } from '../support/app'
import { WEB_FONTS_CLASS } from '../../src/app/web-fonts/web-fonts'

/**
 * On a first visit the web fonts are asked for after the first paint, and the page is
 * set in local faces with their metrics until they arrive (src/app/web-fonts, theme/fonts.css); a
 * page the service worker serves is set in them from the start.
 */

/** Records, from before any page script, when the web-fonts class first appears on `<html>`. */
async function recordClassTime(page: Page) {
  await page.addInitScript((name) => {
    const record = () => {
      if (document.documentElement?.classList.contains(name) && !('awbFontsClassAt' in window)) {
        Object.assign(window, { awbFontsClassAt: performance.now() })
      }
    }
    // Observed from the document: this runs before the parser has made <html>.
    new MutationObserver(record).observe(document, { attributes: true, subtree: true, attributeFilter: ['class'] })
  }, WEB_FONTS_CLASS)
}

/** When the class appeared, when the first paint was, and each font file asked for with when its request started (ms since navigation). */
function timings(page: Page) {
  return page.evaluate(() => ({
    classAt: (window as unknown as { awbFontsClassAt?: number }).awbFontsClassAt,
    firstPaintAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    fonts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.woff2'))
      .map((entry) => ({ file: entry.name.split('/').pop()!, startedAt: entry.startTime })),
  }))
}

test('a first visit asks for the three fonts after the first paint, and loads them', async ({ page }) => {
  await recordClassTime(page)
  await openPage(page, '/graphql')
  await expect(page.locator('html')).toHaveAttribute('data-web-fonts', 'loaded')
  const first = await timings(page)
  expect(first.firstPaintAt).toBeGreaterThan(0)
  expect(first.classAt).toBeGreaterThan(first.firstPaintAt!)
  // Inter 400 and 600 and JetBrains Mono, Latin: all three; a symbol face (theme/symbols) only
  // for a sign the page shows (the editors' fold chevrons); each only after the paint.
  expect(first.fonts.filter(({ file }) => !file.startsWith('awb-symbols')).map(({ file }) => file.replace(/-normal-.*$/, '-normal')).sort()).toEqual([
    'inter-latin-400-normal',
    'inter-latin-600-normal',
    'jetbrains-mono-latin-400-normal',
  ])
  for (const { startedAt } of first.fonts) expect(startedAt).toBeGreaterThan(first.firstPaintAt!)
  expect(await page.evaluate(() => document.fonts.check('600 16px Inter') && document.fonts.check("16px 'JetBrains Mono'"))).toBe(true)
})

test.describe('served by the service worker', () => {
  test.use({ serviceWorkers: 'allow' })

  test('a page the service worker serves is set in the fonts before its first paint', async ({ page }) => {
    await recordClassTime(page)
    await openPage(page, '/rate-limits')
    // Installed means precached, the fonts included (offline.spec.ts).
    await page.evaluate(() => navigator.serviceWorker.ready)
    await page.reload()
    await page.locator(PAGE_SHOWN).waitFor()
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    const served = await timings(page)
    expect(served.classAt, 'set by theme-init.js').toBeLessThan(served.firstPaintAt!)
    await expect(page.locator('html')).toHaveAttribute('data-web-fonts', 'loaded')
  })
})

/** The top and height of what the shell and the page show first, in CSS pixels. */
function layout(page: Page) {
  return page.evaluate(() =>
    ['h1', '.lead', 'header', 'footer', '#main h2', '#main label'].map((selector) => {
      const box = document.querySelector(selector)!.getBoundingClientRect()
      return { selector, top: Math.round(box.top), height: Math.round(box.height) }
    }),
  )
}

/** Waits for what a page shows once its data came: the GraphQL editors' hints gain their keys with the schema (two lines at 412 px). */
async function settled(page: Page, path: string): Promise<void> {
  if (path === '/graphql') await expect(page.locator('#main p.hint').filter({ hasText: 'Ctrl+Space' })).toHaveCount(2)
}

// On a laptop and at 412 px (Lighthouse's phone, a common Android width): a row of controls that fits by a
// few pixels in one face and not in the other would wrap when the web font arrives, moving all below it.
for (const path of ['/graphql', '/webhooks', '/rate-limits']) {
  for (const [width, height] of [
    [1280, 900],
    [412, 823],
  ] as const) {
    test(`${path} at ${width}×${height}: the fallback faces lay the page out as the web fonts do, and fonts that cannot load only leave them`, async ({ page, browser }) => {
      await page.setViewportSize({ width, height })
      await openPage(page, path)
      await expect(page.locator('html')).toHaveAttribute('data-web-fonts', 'loaded')
      await settled(page, path)
      const withFonts = await layout(page)

      // A first visit whose font requests fail (no service worker to answer them from its precache).
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'block' })
      const refused = await context.newPage()
      await refused.setViewportSize({ width, height })
      await refused.route(/\.woff2?$/, (route) => route.abort())
      await refused.goto(path)
      await refused.locator(PAGE_SHOWN).waitFor()
      await expect(refused.locator('html')).toHaveAttribute('data-web-fonts', 'failed')
      await settled(refused, path)
      expect(await refused.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontFamily)).toMatch(/^Inter, "Inter Fallback"/)
      // Lines wrap at the same words: no block changes height, nothing below moves.
      expect(await layout(refused)).toEqual(withFonts)
      await context.close()
    })
  }
}

// The editors' open fold marker (⌄) is drawn in the monospace symbol face. When the proportional one
// had arrived first, the marker was drawn in it meanwhile, 3 px wider, and the fold gutter narrowed
// when the monospace face came: the code moved left under the reader (a layout shift, seen in CI).
test('/graphql: the code in the editors stays put when the monospace symbol face arrives last', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 })
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  let asked = false
  await page.route(/\/awb-symbols-mono-[^/]*\.woff2$/, async (route) => {
    asked = true
    await held
    await route.continue()
  })
  await page.goto('/graphql')
  await page.locator(PAGE_SHOWN).waitFor()
  const editors = page.locator('#main .cm-editor')
  await expect(editors).toHaveCount(2)
  // Each editor has drawn its open fold markers, with the monospace face still held back.
  for (const editor of await editors.all()) await expect(editor.locator('.cm-foldGutter [title="Fold line"]').first()).toBeAttached()
  await expect(page.locator('html')).toHaveAttribute('data-web-fonts', 'loaded')
  await expect.poll(() => asked).toBe(true)
  const codeLeft = () => editors.evaluateAll((list) => list.map((editor) => editor.querySelector('.cm-content')!.getBoundingClientRect().left))
  const before = await codeLeft()

  release()
  await expect.poll(() => page.evaluate(() => document.fonts.check("14px 'AWB Symbols Mono'", '\u2304'))).toBe(true)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  expect(await codeLeft()).toEqual(before)
})
