import { createHash } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { ROUTES, openPage, presetTheme } from '../support/app'

test.describe('app shell', () => {
  for (const route of ROUTES) {
    test(`${route.path} has one h1, its title and all landmarks`, async ({ page }) => {
      await openPage(page, route.path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1)
      await expect(page).toHaveTitle(route.title)
      await expect(page.getByRole('banner')).toBeVisible()
      await expect(page.getByRole('navigation', { name: 'Tools' })).toBeVisible()
      await expect(page.getByRole('main')).toBeVisible()
      await expect(page.getByRole('contentinfo')).toBeVisible()
    })
  }

  test('the skip link is the first focusable element and moves focus to main', async ({ page }) => {
    await openPage(page, '/')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page.locator('#main')).toBeFocused()
    // The next Tab continues inside main, not back at the header.
    await page.keyboard.press('Tab')
    const inMain = await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement))
    expect(inMain).toBe(true)
  })

  test('navigating moves focus to the new h1, announces the page and sets the title', async ({ page }) => {
    await openPage(page, '/')
    const announcer = page.getByRole('status')
    await expect(announcer).toHaveText('')
    await page.getByRole('navigation', { name: 'Tools' }).getByRole('link', { name: 'Rate limits' }).click()
    await expect(page).toHaveURL(/\/rate-limits$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Rate-limit header parser' })).toBeFocused()
    await expect(announcer).toHaveText('Rate-limit header parser page')
    await expect(page).toHaveTitle('Rate-limit header parser · API Workbench')
    await expect(page.getByRole('link', { name: 'Rate limits' })).toHaveAttribute('aria-current', 'page')

    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: 'API Workbench' })).toBeFocused()
    await expect(announcer).toHaveText('Home page')
  })

  test('keyboard-only navigation through the header reaches every tool', async ({ page }) => {
    await openPage(page, '/')
    // Skip link, brand, then the three tools.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'GraphQL tester' }).first()).toBeFocused()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/webhooks$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  })

  test('each tool page loads in its own chunk, not with the home page', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await openPage(page, '/')
    expect(scripts.some((s) => s.includes('GraphQLPage'))).toBe(false)
    await page.getByRole('link', { name: 'GraphQL tester' }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: 'GraphQL tester' })).toBeVisible()
    expect(scripts.some((s) => s.includes('GraphQLPage'))).toBe(true)
  })

  test('an unknown path shows a helpful not-found page with links to the tools', async ({ page }) => {
    await openPage(page, '/graphq1?x=1')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
    await expect(page.getByRole('main')).toContainText('/graphq1?x=1')
    await page.getByRole('main').getByRole('link', { name: 'GraphQL tester' }).click()
    await expect(page).toHaveURL(/\/graphql$/)
  })

  test('the production build carries the CSP and runs without violating it', async ({ page }) => {
    const violations: string[] = []
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text())
    })
    await openPage(page, '/')
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("base-uri 'self'")
    expect(csp).toMatch(/connect-src [^;]*https:/)
    // One inline script, the theme applied before first paint, allowed by its hash and nothing else.
    const inline = page.locator('script:not([src])')
    await expect(inline).toHaveCount(1)
    const hash = createHash('sha256').update((await inline.textContent()) ?? '').digest('base64')
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`)
    expect(csp).not.toMatch(/script-src[^;]*unsafe/)
    await page.getByRole('link', { name: 'Webhooks' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Webhook payload generator')
    expect(violations).toEqual([])
  })

  test('the footer links to the published Storybook', async ({ page }) => {
    await openPage(page, '/')
    await expect(page.getByRole('contentinfo').getByRole('link', { name: /Storybook/ })).toHaveAttribute('href', '/storybook/')
  })
})

test.describe('theme', () => {
  const background = (page: Page) =>
    page.evaluate(() => getComputedStyle(document.querySelector('.awb-theme')!).backgroundColor)

  test('defaults to the system setting and follows it live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await openPage(page, '/')
    await expect(page.getByRole('radio', { name: /System/ })).toBeChecked()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    expect(await background(page)).toBe('rgb(255, 255, 255)')

    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expect(page.getByRole('radio', { name: 'System (dark)' })).toBeChecked()
    await expect.poll(() => background(page)).toBe('rgb(16, 16, 20)')
  })

  test('a chosen theme persists across reloads and overrides the system', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await openPage(page, '/graphql')
    // A pointer user clicks the visible segment (Naive's radio input itself is covered by its label).
    await page.getByRole('radiogroup', { name: 'Theme' }).getByText('Dark', { exact: true }).click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await page.reload()
    await page.locator('#main h1').waitFor()
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')

    await page.getByRole('radiogroup', { name: 'Theme' }).getByText(/^System/).click()
    await page.reload()
    await page.locator('#main h1').waitFor()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  })

  test('the theme can be chosen with the keyboard alone', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await openPage(page, '/')
    await page.getByRole('radio', { name: /System/ }).focus()
    await page.keyboard.press('ArrowLeft')
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  })

  test('the saved theme is applied before the app script runs (no flash)', async ({ page }) => {
    await presetTheme(page, 'dark')
    await page.emulateMedia({ colorScheme: 'light' })
    // Hold back the app bundle: what is painted now comes from index.html and theme-init.js only.
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort())
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(16, 16, 20)')
  })
})
