import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { WEB_FONTS_CLASS, WEB_FONT_FACES, loadWebFonts } from './web-fonts'

/** The root element's two observable parts: its class list and its data attributes. */
function fakeRoot() {
  const classes = new Set<string>()
  const root = { classList: { add: (name: string) => classes.add(name) }, dataset: {} as DOMStringMap }
  return { classes, root: root as unknown as HTMLElement }
}

/** A font set answering each face with `answer` and recording what was asked, and what the class was then. */
function fakeFonts(answer: (face: string) => Promise<FontFace[]>, classes?: Set<string>) {
  const asked: { face: string; classSet: boolean }[] = []
  return {
    asked,
    fonts: { load: (face: string) => (asked.push({ face, classSet: classes?.has(WEB_FONTS_CLASS) ?? false }), answer(face)) },
  }
}

describe('loadWebFonts', () => {
  test('sets the class first, then loads the three Latin faces and says loaded', async () => {
    const { classes, root } = fakeRoot()
    const { asked, fonts } = fakeFonts(async () => [], classes)
    await expect(loadWebFonts({ root, fonts })).resolves.toBe(true)
    expect(asked).toEqual(WEB_FONT_FACES.map((face) => ({ face, classSet: true })))
    expect(WEB_FONT_FACES).toEqual(['400 1em Inter', '600 1em Inter', "400 1em 'JetBrains Mono'"])
    expect(classes).toEqual(new Set([WEB_FONTS_CLASS]))
    expect(root.dataset.webFonts).toBe('loaded')
  })

  test('a face that fails keeps the fallback and says failed', async () => {
    const { root } = fakeRoot()
    const { fonts } = fakeFonts(async (face) => {
      if (face.includes('600')) throw new DOMException('A network error occurred.', 'NetworkError')
      return []
    })
    await expect(loadWebFonts({ root, fonts })).resolves.toBe(false)
    expect(root.dataset.webFonts).toBe('failed')
  })
})

describe('the names other files spell out', () => {
  // theme-init.js runs before any module and cannot import these; fonts.css cannot either.
  test('theme-init.js adds the class when the service worker serves the page', () => {
    const script = readFileSync(new URL('../../../public/theme-init.js', import.meta.url), 'utf8')
    expect(script).toContain(`navigator.serviceWorker.controller) document.documentElement.classList.add('${WEB_FONTS_CLASS}')`)
  })

  test('fonts.css puts the web fonts in the stacks only under the class, each before its fallback', () => {
    const css = readFileSync(new URL('../theme/fonts.css', import.meta.url), 'utf8')
    const rule = (selector: string) => css.slice(css.indexOf(`${selector} {`)).split('}')[0]
    expect(rule(':root')).toContain("--awb-font: 'Inter Fallback',")
    expect(rule(':root')).not.toMatch(/Inter,|'JetBrains Mono',/)
    expect(rule(`:root.${WEB_FONTS_CLASS}`)).toContain("--awb-font: Inter, 'Inter Fallback',")
    expect(rule(`:root.${WEB_FONTS_CLASS}`)).toContain("--awb-font-mono: 'JetBrains Mono', 'JetBrains Mono Fallback',")
  })

  test("each fallback face covers exactly the web fonts' Latin subset, the one loaded", () => {
    const css = readFileSync(new URL('../theme/fonts.css', import.meta.url), 'utf8')
    const ranges = [...css.matchAll(/unicode-range: ([^;]+);/g)].map((match) => match[1]!.replaceAll(' ', ''))
    expect(ranges).toHaveLength(3)
    for (const [file, subset] of [
      ['inter/400.css', 'inter-latin-400-normal'],
      ['inter/600.css', 'inter-latin-600-normal'],
      ['jetbrains-mono/400.css', 'jetbrains-mono-latin-400-normal'],
    ]) {
      const source = readFileSync(new URL(`../../../node_modules/@fontsource/${file}`, import.meta.url), 'utf8')
      const face = source.slice(source.indexOf(`/* ${subset} */`))
      expect(ranges).toContain(/unicode-range: ([^;]+);/.exec(face)![1]!.replaceAll(' ', ''))
    }
    expect(new Set(ranges).size).toBe(1)
  })
})
