/**
 * Asking for the web fonts (Inter, JetBrains Mono) after the first paint on a first visit, and
 * before it on later ones (issue 16.1).
 *
 * A browser fetches a web font at the first layout of text set in it. On a first visit that was
 * before the first paint reached the screen, so Lighthouse's simulated LCP counted the three fonts
 * (72 KB) as holding the paint: LCP ~2.0 s on /graphql, ~1.6 s in a build without them. Until the
 * {@link WEB_FONTS_CLASS} class is on `<html>`, `fonts.css` sets the text in local faces with the
 * web fonts' metrics, so nothing moves when they arrive. Once they have loaded, a flag in local
 * storage tells `public/theme-init.js` to add the class before the next visit's first paint: the
 * fonts are in the HTTP cache and the service worker's precache by then, and the page never shows
 * the fallback again.
 */

/** On `<html>`: text is set in the web fonts (fonts.css). */
export const WEB_FONTS_CLASS = 'awb-web-fonts'

/** Local-storage key of the flag saying the web fonts have loaded in this browser before (theme-init.js reads it). */
export const WEB_FONTS_LOADED_KEY = 'api-workbench:web-fonts'

/**
 * The faces asked for by name, in `FontFaceSet.load` syntax: the Latin subsets of the three the app
 * uses. The monospace one is asked for now, not when an editor first shows code, so an editor
 * never swaps its font in front of the user.
 */
export const WEB_FONT_FACES: readonly string[] = ['400 1em Inter', '600 1em Inter', "400 1em 'JetBrains Mono'"]

/** What {@link loadWebFonts} works on; the page's own by default. */
export interface LoadWebFontsOptions {
  /**
   * The element that gets the class and the `data-web-fonts` state.
   * @default document.documentElement
   */
  root?: HTMLElement
  /**
   * The font set the faces are loaded from.
   * @default document.fonts
   */
  fonts?: Pick<FontFaceSet, 'load'>
  /**
   * Where the flag for the next visit is kept; `undefined` keeps none.
   * @default localStorage
   */
  storage?: Pick<Storage, 'setItem'> | undefined
}

/**
 * Sets the page's text in the web fonts and loads them. `data-web-fonts` on the root then says
 * `loaded` or `failed` (offline on a first visit, a font server error): a failed load leaves the
 * metric-matched fallback in place, which is not worth a message. Safe to call more than once.
 * @returns whether every face loaded.
 */
export async function loadWebFonts(options: LoadWebFontsOptions = {}): Promise<boolean> {
  const root = options.root ?? document.documentElement
  const fonts = options.fonts ?? document.fonts
  const storage = 'storage' in options ? options.storage : storageOrUndefined()
  root.classList.add(WEB_FONTS_CLASS)
  try {
    await Promise.all(WEB_FONT_FACES.map((face) => fonts.load(face)))
  } catch {
    root.dataset.webFonts = 'failed'
    return false
  }
  root.dataset.webFonts = 'loaded'
  try {
    storage?.setItem(WEB_FONTS_LOADED_KEY, '1')
  } catch {
    // Storage full or blocked: the next visit shows the fallback first, as this one did.
  }
  return true
}

/** `localStorage`, or `undefined` where reading it throws (storage blocked in some privacy modes). */
function storageOrUndefined(): Storage | undefined {
  try {
    return localStorage
  } catch {
    return undefined
  }
}
