/**
 * The Virtual Screen Reader (`@guidepup/virtual-screen-reader`), typed, for story play functions:
 * what a screen reader would say while the story is used by keyboard. Its package exports the
 * browser build (`./browser.js`) without types, and its ESM entry's types point at a file it does
 * not ship, so the build's own declaration file is imported by path.
 */
import type { Virtual } from '../../../node_modules/@guidepup/virtual-screen-reader/lib/esm/index.browser.d.mts'
// @ts-expect-error -- `./browser.js` has no types in the package's exports (see above).
import { virtual as browserVirtual } from '@guidepup/virtual-screen-reader/browser.js'
import { announcedIn } from './announced'

/** The shared virtual screen reader: `start({ container })`, `press(key)`, `spokenPhraseLog()`, `stop()`. */
export const virtual: Virtual = browserVirtual as Virtual

/** What the screen reader heard from the app's announcer so far (see {@link announcedIn}). */
export async function announced(): Promise<string[]> {
  return announcedIn(await virtual.spokenPhraseLog())
}

/** What the screen reader said about where focus went (everything but live-region announcements). */
export async function spokenAtFocus(): Promise<string[]> {
  return (await virtual.spokenPhraseLog()).filter((p) => !p.startsWith('polite: ') && !p.startsWith('assertive: '))
}
