import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Page } from '@playwright/test'

/**
 * The Virtual Screen Reader (`@guidepup/virtual-screen-reader`, the build stories use) in a
 * Playwright page: it follows focus and live regions in the real app and logs what it would say.
 * Its browser build is an ES module with no imports; without its export it runs as a classic
 * script, added as an init script (the app's CSP rightly refuses inline scripts; init scripts are
 * the browser's own), in its own function scope, handing `virtual` to the page as
 * `window.__awbScreenReader`. Call {@link useScreenReader} before the page opens.
 */
const build = readFileSync(resolve('node_modules/@guidepup/virtual-screen-reader/lib/esm/index.browser.js'), 'utf8')
const exported = /export\s*\{[^}]*?\b([\w$]+) as virtual\b[^}]*\};?/.exec(build)
if (!exported) throw new Error('The Virtual Screen Reader build no longer exports `virtual` as expected')
const script = `(() => {\n${build.replace(exported[0], '')}\nwindow.__awbScreenReader = ${exported[1]};\n})();`

interface ScreenReaderWindow {
  __awbScreenReader?: { start(options: { container: Element }): Promise<void>; spokenPhraseLog(): Promise<string[]>; clearSpokenPhraseLog(): Promise<void> }
}

/** Makes the screen reader available in every document `page` opens (reloads too). */
export async function useScreenReader(page: Page): Promise<void> {
  await page.addInitScript({ content: script })
}

/** Starts the screen reader over the whole page (again after each reload), with an empty log. */
export async function startScreenReader(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as ScreenReaderWindow).__awbScreenReader !== undefined)
  await page.evaluate(async () => {
    const reader = (window as ScreenReaderWindow).__awbScreenReader!
    await reader.start({ container: document.body })
    await reader.clearSpokenPhraseLog()
  })
}

/**
 * Makes the screen reader available and starts it over the whole page as soon as the document is
 * parsed, before the app's first announcement: for what is said on arrival, which a start after
 * the page opened could miss. Call it before the page opens, instead of {@link useScreenReader}.
 */
export async function useScreenReaderFromLoad(page: Page): Promise<void> {
  await useScreenReader(page)
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => void (window as ScreenReaderWindow).__awbScreenReader!.start({ container: document.body }))
  })
}

/** Everything the screen reader said since it started (or was cleared). */
export async function spokenPhrases(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as ScreenReaderWindow).__awbScreenReader!.spokenPhraseLog())
}

/** Forgets what was said so far, so the next assertion reads only what follows. */
export async function clearSpoken(page: Page): Promise<void> {
  await page.evaluate(() => (window as ScreenReaderWindow).__awbScreenReader!.clearSpokenPhraseLog())
}
