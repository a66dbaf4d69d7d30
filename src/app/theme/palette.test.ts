import { describe, expect, test } from 'vitest'
import { palettes, type Palette } from './palette'
import { contrastRatio } from './contrast'

const contrast = contrastRatio

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
