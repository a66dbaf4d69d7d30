import { describe, expect, test } from 'vitest'
import { palettes, type Palette } from './palette'

/** Parses #rgb/#rrggbb/rgb()/rgba() and composites alpha over `under`. */
function rgb(color: string, under: [number, number, number] = [255, 255, 255]): [number, number, number] {
  if (color.startsWith('#')) {
    const hex = color.length === 4 ? [...color.slice(1)].map((c) => c + c).join('') : color.slice(1)
    return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]
  }
  const [r, g, b, a = 1] = color.match(/[\d.]+/g)!.map(Number) as [number, number, number, number?]
  return [r, g, b].map((c, i) => Math.round(c * a + under[i]! * (1 - a))) as [number, number, number]
}
const luminance = ([r, g, b]: [number, number, number]) => {
  const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}
function contrast(fg: string, bg: string, page: string): number {
  const base = rgb(page)
  const back = rgb(bg, base)
  const [l1, l2] = [luminance(rgb(fg, back)), luminance(back)].sort((a, b) => b - a) as [number, number]
  return (l1 + 0.05) / (l2 + 0.05)
}

const textKeys: (keyof Palette)[] = ['text', 'textMuted', 'link', 'primary', 'success', 'warning', 'error', 'info', 'codeKeyword', 'codeString', 'codeNumber', 'codeProperty', 'codeComment']
const uiKeys: (keyof Palette)[] = ['focus', 'inputBorder', 'primary']

describe.each(['light', 'dark'] as const)('%s palette (WCAG 2.2 AA)', (theme) => {
  const p = palettes[theme]
  const backgrounds: (keyof Palette)[] = ['bg', 'surface', 'surfaceMuted']

  test.each(textKeys)('%s text is ≥ 4.5:1 on every background', (key) => {
    for (const bg of backgrounds) expect(contrast(p[key], p[bg], p.bg), `${key} on ${bg}`).toBeGreaterThanOrEqual(4.5)
  })

  test.each(uiKeys)('%s (UI boundary) is ≥ 3:1 on every background', (key) => {
    for (const bg of backgrounds) expect(contrast(p[key], p[bg], p.bg), `${key} on ${bg}`).toBeGreaterThanOrEqual(3)
  })

  test('text on primary is ≥ 4.5:1', () => {
    expect(contrast(p.onPrimary, p.primary, p.bg)).toBeGreaterThanOrEqual(4.5)
  })

  test('text on the selection colour stays ≥ 4.5:1', () => {
    expect(contrast(p.text, p.selection, p.bg)).toBeGreaterThanOrEqual(4.5)
  })
})
