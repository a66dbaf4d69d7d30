import { describe, expect, test } from 'vitest'
import { nextTick } from 'vue'
import { isThemePreference, resolveTheme } from './preference'
import { paletteCssVars, palettes } from './palette'
import { useAnnouncer } from '../../shared/composables/useAnnouncer'
import { documentTitle } from '../router'

describe('theme preference', () => {
  test('system follows the OS; explicit choices override it', () => {
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('light', true)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
  })

  test('only the three preferences are accepted from storage', () => {
    expect(['light', 'dark', 'system'].every(isThemePreference)).toBe(true)
    for (const bad of ['', 'Dark', 'auto', null, undefined, 1]) expect(isThemePreference(bad)).toBe(false)
  })

  test('both palettes define the same colours, exposed as --awb-* properties', () => {
    expect(Object.keys(palettes.dark).sort()).toEqual(Object.keys(palettes.light).sort())
    const vars = paletteCssVars('dark')
    expect(vars['--awb-text-muted']).toBe(palettes.dark.textMuted)
    expect(vars['--awb-on-primary']).toBe(palettes.dark.onPrimary)
  })
})

describe('useAnnouncer', () => {
  test('announces text after clearing, so a repeated sentence is announced again', async () => {
    const { announce, message } = useAnnouncer()
    await announce('Copied')
    expect(message.value).toBe('Copied')
    const again = announce('Copied')
    expect(message.value).toBe('')
    await again
    expect(message.value).toBe('Copied')
  })

  test('the latest of overlapping announcements wins', async () => {
    const { announce, message } = useAnnouncer()
    const first = announce('first')
    const second = announce('second')
    await Promise.all([first, second])
    await nextTick()
    expect(message.value).toBe('second')
  })
})

test('document titles name the page, then the app', () => {
  expect(documentTitle('Home')).toBe('API Workbench')
  expect(documentTitle('GraphQL tester')).toBe('GraphQL tester · API Workbench')
})
