/**
 * Asking for the web fonts (Inter, JetBrains Mono) after the first paint, unless the service worker
 * serves the page.
 *
 * A browser fetches a web font at the first layout of text set in it. On a first visit that was
 * before the first paint reached the screen, so Lighthouse's simulated LCP counted the three fonts
 * (72 KB) as holding the paint: LCP ~2.0 s on /graphql, ~1.6 s in a build without them. Until the
 * {@link WEB_FONTS_CLASS} class is on `<html>`, `fonts.css` sets the text in local faces with the
 * web fonts' metrics, so nothing moves when they arrive.
 *
 * A page the service worker serves gets the class from `public/theme-init.js`, before its first
 * paint: the worker's precache holds the fonts (it is installed only once every file is stored), so
 * they come at once. That is the signal, not a "loaded before" flag in storage: Lighthouse keeps
 * local storage between runs but empties the HTTP cache, and a flag that outlived the cached fonts
 * put their download back in front of the first paint (LCP 2.05 s instead of 1.55 s).
 */

/** On `<html>`: text is set in the web fonts (fonts.css). */
export const WEB_FONTS_CLASS = 'awb-web-fonts'

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
  root.classList.add(WEB_FONTS_CLASS)
  try {
    await Promise.all(WEB_FONT_FACES.map((face) => fonts.load(face)))
  } catch {
    root.dataset.webFonts = 'failed'
    return false
  }
  root.dataset.webFonts = 'loaded'
  return true
}
