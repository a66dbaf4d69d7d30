import { expect, test, type Locator } from '@playwright/test'
import { expectNoAxeViolations } from '../support/axe'
import { ROUTES, THEMES, openPage, presetTheme } from '../support/app'
import { URLS } from '../../demo/config/lanes.ts'
import { sampleHar } from '../../src/features/rate-limits/core/timeline/sample-har'

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => presetTheme(page, theme))

    for (const route of ROUTES) {
      test(`axe finds no violations on ${route.path}`, async ({ page }) => {
        test.slow() // a full-page axe run on /webhooks (~18 s alone) passed 30 s on a busy 2-core CI machine (2026-11-25)
        await openPage(page, route.path)
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        await expectNoAxeViolations(page)
      })

      test(`${route.path} does not scroll sideways at 320 px`, async ({ page }) => {
        await page.setViewportSize({ width: 320, height: 640 })
        await openPage(page, route.path)
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
        expect(overflow).toBeLessThanOrEqual(0)
      })
    }

    test('the focused skip link passes axe too', async ({ page }) => {
      await openPage(page, '/')
      await page.keyboard.press('Tab')
      await expectNoAxeViolations(page)
    })
  })
}

test.describe('forced colours (Windows High Contrast)', () => {
  test.use({ forcedColors: 'active' })

  /** The painted colour of an element (or of its ::before), as the browser computed it in forced colours. */
  const paint = (locator: Locator, pseudo?: string) =>
    locator.evaluate((el, pseudo) => getComputedStyle(el, pseudo).backgroundColor, pseudo)

  test('meters, checked radios, segmented controls and selected rows still show their state', async ({ page }) => {
    await openPage(page, '/rate-limits')
    const canvas = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    await page.getByRole('button', { name: 'Load example' }).click()
    // A 99.7 % meter is filled, not an empty outline.
    const meter = page.getByRole('meter').first()
    expect(await paint(meter.locator('.fill'))).not.toBe(canvas)
    // The checked mode differs from the others.
    const checked = page.locator('.n-radio-button--checked', { hasText: 'Where do I stand?' })
    const unchecked = page.locator('.n-radio-button', { hasText: 'Timeline' })
    expect(await paint(checked)).not.toBe(await paint(unchecked))

    await openPage(page, '/graphql')
    await page.getByRole('textbox', { name: 'Endpoint', exact: true }).fill(URLS.graphql + '/graphql')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const dot = (name: string) => page.locator('.n-radio', { has: page.getByRole('radio', { name, exact: true }) }).locator('.n-radio__dot')
    await expect(page.getByRole('radio', { name: 'Tree', exact: true })).toBeChecked()
    // Both radios have a ring; only the checked one has a dot.
    for (const name of ['Tree', 'Raw']) expect(await dot(name).evaluate((el) => getComputedStyle(el).borderTopWidth)).toBe('1px')
    expect(await paint(dot('Tree'), '::before')).not.toBe(await paint(dot('Raw'), '::before'))
    expect(await dot('Tree').evaluate((el) => getComputedStyle(el, '::before').opacity)).toBe('1')

    // The tree's selected row stays marked when focus is elsewhere (its background is painted away).
    const tree = page.getByRole('tree', { name: 'Response body' })
    await tree.getByRole('treeitem').nth(1).click()
    await page.getByRole('textbox', { name: 'Endpoint', exact: true }).focus()
    const selected = tree.locator('[role="treeitem"][aria-selected="true"]')
    await expect(selected).toHaveCount(1)
    expect(await selected.evaluate((el) => [getComputedStyle(el).outlineStyle, getComputedStyle(el).outlineWidth])).toEqual(['solid', '2px'])
  })

  test('the timeline chart draws in system colours, its kinds apart by colour and dash', async ({ page }) => {
    await openPage(page, '/rate-limits?mode=timeline')
    // 100 s of requests against a 60 s window: a reset in the middle, and a projection at the end.
    const har = sampleHar({ startMs: Date.parse('2025-01-14T12:00:00Z'), count: 50, intervalMs: 2000 })
    await page.getByRole('textbox', { name: 'Response headers' }).evaluate((el: HTMLTextAreaElement, value) => {
      el.value = value
      el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }))
    }, har)
    const chart = page.locator('#rl-timeline svg').first()
    await expect(chart.locator('.resets line')).not.toHaveCount(0)
    const system = await page.evaluate(() => {
      const probe = document.body.appendChild(document.createElement('span'))
      const resolve = (colour: string) => ((probe.style.color = colour), getComputedStyle(probe).color)
      const colours = { canvasText: resolve('CanvasText'), linkText: resolve('LinkText'), highlight: resolve('Highlight'), grayText: resolve('GrayText') }
      probe.remove()
      return colours
    })
    const stroke = (selector: string) => chart.locator(selector).first().evaluate((el) => [getComputedStyle(el).stroke, getComputedStyle(el).strokeDasharray])
    expect(await stroke('.line')).toEqual([system.canvasText, 'none'])
    expect(await stroke('.projected')).toEqual([system.highlight, '6px, 4px'])
    expect(await stroke('.resets line')).toEqual([system.linkText, '4px, 3px'])
    expect(await stroke('.grid line')).toEqual([system.grayText, 'none'])
  })
})
