import type { Page } from '@playwright/test'
import type { ResolvedTheme, ThemePreference } from '../../src/app/theme/preference'
import { THEME_STORAGE_KEY } from '../../src/app/theme/preference'

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

/** Opens a page and waits until the app rendered it with its fonts. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await page.locator('#main h1').waitFor()
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}
