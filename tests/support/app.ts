import type { BrowserContext, Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import type { ResolvedTheme, ThemePreference } from '../../src/app/theme/preference'
import { THEME_STORAGE_KEY } from '../../src/app/theme/preference'
import { WEB_FONTS_CLASS } from '../../src/app/web-fonts/web-fonts'

/** The app's pages, as the router defines them. */
export const ROUTES = [
  { path: '/', h1: 'API Workbench', title: 'API Workbench' },
  { path: '/graphql', h1: 'GraphQL tester', title: 'GraphQL tester · API Workbench' },
  { path: '/webhooks', h1: 'Webhook payload generator', title: 'Webhook payload generator · API Workbench' },
  { path: '/rate-limits', h1: 'Rate-limit header parser', title: 'Rate-limit header parser · API Workbench' },
  { path: '/no/such/page', h1: 'Page not found', title: 'Page not found · API Workbench' },
] as const

export const THEMES: readonly ResolvedTheme[] = ['light', 'dark']

/** Saves a theme preference before any page script runs, as a returning user would have it. */
export async function presetTheme(page: Page, preference: ThemePreference): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      // Only on the first load of the test: later reloads must see what the app itself saved.
      if (!sessionStorage.getItem('awb-test-preset')) {
        localStorage.setItem(key, value)
        sessionStorage.setItem('awb-test-preset', '1')
      }
    },
    [THEME_STORAGE_KEY, preference] as const,
  )
}

/**
 * The page has been shown: the shell paints a page's heading before the page's code has loaded, and
 * keeps main `aria-busy` until the first page is in (App.vue); wait for this, not for the heading.
 */
export const PAGE_SHOWN = '#main:not([aria-busy="true"]) h1'

/** Opens a page and waits until the app rendered it with its fonts. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await page.locator(PAGE_SHOWN).waitFor()
  await settleFonts(page)
}

/**
 * Waits for the web fonts, then lays out the text of native form controls again. Why: when Inter
 * arrives after a `<select>` (or text field) was first laid out with the fallback font, Chromium
 * keeps that text at the old sub-pixel positions (seen here: 227–251 differing pixels per select
 * between a fresh load and the same page re-laid out), so a screenshot would depend on how fast
 * the font loaded. Swapping the control's font family for one layout and back re-shapes its text
 * without moving focus. Invisible to users (fractions of a pixel); the screenshots must not care.
 */
export async function settleFonts(page: Page): Promise<void> {
  // Unless its service worker serves the page, the app asks for the fonts only after its first paint
  // (web-fonts.ts); until then `document.fonts.ready` has nothing to wait for.
  await page.locator(`html.${WEB_FONTS_CLASS}`).waitFor({ state: 'attached' })
  await page.evaluate(async () => {
    await document.fonts.ready
    for (const control of document.querySelectorAll<HTMLElement>('select, input, textarea')) {
      const own = control.style.fontFamily
      control.style.fontFamily = 'monospace'
      void control.offsetWidth
      control.style.fontFamily = own
    }
    void document.body.offsetWidth
  })
}

/**
 * What the app last copied, read from the system clipboard in a page of the demo server's origin:
 * the app's own Permissions-Policy turns `clipboard-read` off (it never reads the clipboard), so a
 * test cannot read it back inside the app. The context needs the clipboard-read permission.
 */
export async function readClipboard(context: BrowserContext): Promise<string> {
  const reader = await context.newPage()
  try {
    await reader.goto(`${URLS.graphql}/`)
    await reader.bringToFront()
    return await reader.evaluate(() => navigator.clipboard.readText())
  } finally {
    await reader.close()
  }
}
