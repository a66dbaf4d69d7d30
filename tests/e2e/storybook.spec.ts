import { expect, test } from '@playwright/test'
import { STORYBOOK_URL } from '../../playwright.config'
import { openStory } from '../support/storybook'
import { recordPolicyViolations } from '../support/csp'
import { buildScriptHashes, STORYBOOK_PAGES, storybookCsp } from '../../scripts/security-headers.mjs'
import { OUT_DIRS } from '../../demo/config/lanes.ts'

test.describe('static Storybook', () => {
  test('the theme toolbar re-renders the open story in the app provider stack', async ({ page }) => {
    await openStory(page, STORYBOOK_URL, 'shell-themeswitch--system', 'light')
    const wrapper = page.locator('.awb-theme')
    await expect(wrapper).toHaveAttribute('data-theme', 'light')
    // What the toolbar does: update the `theme` global over the Storybook channel.
    await page.evaluate(() => {
      const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: { emit: (e: string, p: unknown) => void } })
        .__STORYBOOK_ADDONS_CHANNEL__
      channel.emit('updateGlobals', { globals: { theme: 'dark' } })
    })
    await expect(wrapper).toHaveAttribute('data-theme', 'dark')
    await expect.poll(() => wrapper.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(16, 16, 20)')
  })

  test('the manager chrome follows the theme: dark from a dark URL, light again from the toolbar', async ({ page }) => {
    await page.goto(`${STORYBOOK_URL}/?path=/docs/introduction--docs&globals=theme:dark`)
    const sidebar = page.locator('#storybook-explorer-tree')
    await expect(sidebar).toBeVisible({ timeout: 20_000 })
    // The sidebar's panel is the explorer tree's nearest ancestor with a background of its own.
    const background = () =>
      sidebar.evaluate((el) => {
        for (let node: Element | null = el; node; node = node.parentElement) {
          const colour = getComputedStyle(node).backgroundColor
          if (colour !== 'rgba(0, 0, 0, 0)') return colour
        }
        return 'none'
      })
    const luminance = async () => Number(/\d+/.exec(await background())?.[0] ?? 255)
    await expect.poll(luminance, { timeout: 10_000 }).toBeLessThan(64)
    await page.locator('#storybook-preview-iframe').waitFor()
    await page.evaluate(() => {
      const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: { emit: (e: string, p: unknown) => void } }).__STORYBOOK_ADDONS_CHANNEL__
      channel.emit('updateGlobals', { globals: { theme: 'light' } })
    })
    await expect.poll(luminance, { timeout: 10_000 }).toBeGreaterThan(192)
  })

  test('opens on the introduction, then lists the foundations first', async ({ page }) => {
    await page.goto(`${STORYBOOK_URL}/`)
    await expect(page.frameLocator('#storybook-preview-iframe').getByRole('heading', { level: 1, name: 'API Workbench component library' })).toBeVisible({ timeout: 20_000 })
    await expect(page).toHaveURL(/path=\/docs\/introduction--docs/)
    const sidebar = page.locator('#storybook-explorer-tree')
    await expect(sidebar.getByRole('button').or(sidebar.getByRole('link')).first()).toHaveText(/Introduction/)
  })

  test('autodocs show the TSDoc of props and emits', async ({ page }) => {
    await page.goto(`${STORYBOOK_URL}/iframe.html?id=shell-themeswitch--docs&viewMode=docs`)
    await expect(page.getByRole('row', { name: /systemTheme What system currently resolves to/ })).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('row', { name: /update:modelValue The user picked another preference/ })).toBeVisible()
  })

  test('the manager lists the shell components and shows stories and docs under Storybook\u2019s CSP, with zero violations', async ({ page }) => {
    test.setTimeout(90_000) // three Storybook loads on a busy machine
    const violations = await recordPolicyViolations(page)
    const response = await page.goto(`${STORYBOOK_URL}/`)
    const csp = storybookCsp({ scriptHashes: buildScriptHashes(OUT_DIRS.storybook, STORYBOOK_PAGES) })
    expect(response?.headers()['content-security-policy']).toBe(csp)
    // 'unsafe-eval' only for Vue's runtime compiler of the stories' template strings; never inline scripts by default.
    expect(csp).toContain("script-src 'self' 'unsafe-eval' 'sha256-")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline|blob:/)
    await expect(page.getByRole('button', { name: /Shell/ }).or(page.getByText('Shell', { exact: true })).first()).toBeVisible({ timeout: 20_000 })
    await page.goto(`${STORYBOOK_URL}/?path=/story/shell-themeswitch--system`)
    await expect(page.frameLocator('#storybook-preview-iframe').getByRole('radio', { name: /System/ })).toBeVisible({ timeout: 20_000 })
    // A story rendered from a template string (compiled in the browser by Vue's runtime compiler).
    await page.goto(`${STORYBOOK_URL}/?path=/story/webhooks-webhookbodyviews--form-body`)
    await expect(page.frameLocator('#storybook-preview-iframe').getByRole('textbox', { name: 'Request body, formatted (JSON)' })).toBeVisible({ timeout: 20_000 })
    await page.goto(`${STORYBOOK_URL}/?path=/docs/shell-themeswitch--docs`)
    await expect(page.frameLocator('#storybook-preview-iframe').getByRole('row', { name: /systemTheme/ })).toBeVisible({ timeout: 20_000 })
    expect(violations).toEqual([])
  })
})
