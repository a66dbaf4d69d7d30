/**
 * `patches/naive-ui+2.45.3.patch`: Naive components that set no theme props of their own share one
 * merged theme per component and provider theme. Unpatched, each instance deep-merged its own copy
 * (lodash `merge` of the common and component variables) as it mounted, tens of times per page.
 * Checked against Naive's own `useTheme` and theme objects, as the components call it.
 */
import { describe, expect, test } from 'vitest'
import { createApp, ref, type Ref } from 'vue'
import { darkTheme, type GlobalTheme, type GlobalThemeOverrides } from 'naive-ui'
import buttonLight from 'naive-ui/es/button/styles/light'
import useTheme from 'naive-ui/es/_mixins/use-theme'
import { configProviderInjectionKey } from 'naive-ui/es/config-provider/src/context'
import type { ConfigProviderInjection } from 'naive-ui/es/config-provider/src/internal-interface'
import { naiveOverrides } from './palette'

/** Calls `useTheme` as a Button inside an `NConfigProvider` with this theme and these overrides. */
function providedTheme(theme: Ref<GlobalTheme | undefined>, overrides: Ref<GlobalThemeOverrides | undefined>) {
  const app = createApp({})
  app.provide(configProviderInjectionKey, { mergedThemeRef: theme, mergedThemeOverridesRef: overrides } as unknown as ConfigProviderInjection)
  return (props: Parameters<typeof useTheme<typeof buttonLight>>[4] = {}) =>
    app.runWithContext(() => useTheme('Button', '-button', undefined, buttonLight, props, undefined))
}

describe('Naive UI themes shared between instances (patch)', () => {
  test('two buttons without theme props get the same merged theme, with the provider overrides in it', () => {
    const button = providedTheme(ref(undefined), ref(naiveOverrides('light')))
    const first = button()
    const second = button()
    expect(second.value).toBe(first.value)
    expect(first.value.common.primaryColor).toBe(naiveOverrides('light').common?.primaryColor)
    expect(first.value).toEqual(button({ builtinThemeOverrides: {} }).value)
  })

  test('a button with theme overrides of its own gets its own theme', () => {
    const button = providedTheme(ref(undefined), ref(naiveOverrides('light')))
    const plain = button()
    const own = button({ themeOverrides: { textColor: 'rgb(1, 2, 3)' } })
    expect(own.value).not.toBe(plain.value)
    expect(own.value.self.textColor).toBe('rgb(1, 2, 3)')
    expect(plain.value.self.textColor).not.toBe('rgb(1, 2, 3)')
  })

  test('switching the theme gives every button the dark theme, again shared', () => {
    const theme = ref<GlobalTheme | undefined>(undefined)
    const overrides = ref(naiveOverrides('light'))
    const button = providedTheme(theme, overrides)
    const first = button()
    const second = button()
    const light = first.value.self.textColor
    theme.value = darkTheme
    overrides.value = naiveOverrides('dark')
    expect(first.value.self.textColor).not.toBe(light)
    expect(second.value).toBe(first.value)
    // Naive's own merge for one instance (an empty overrides object is not shared): the same theme.
    const unshared = button({ builtinThemeOverrides: {} })
    expect(unshared.value).not.toBe(first.value)
    expect(first.value).toEqual(unshared.value)
  })
})
