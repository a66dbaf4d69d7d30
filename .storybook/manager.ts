import { addons } from 'storybook/manager-api'
import { GLOBALS_UPDATED, SET_GLOBALS } from 'storybook/internal/core-events'
import { create } from 'storybook/theming'

/**
 * The manager's chrome (sidebar, toolbar, panels) in the toolbar's theme. Storybook's manager takes one theme at
 * start-up (`addons.setConfig`), so a dark story sat in a light frame; `api.setOptions({ theme })` swaps it at
 * run time, as storybook-dark-mode does. The globals reach the manager when the preview starts (`setGlobals`, also
 * from a `globals=theme:dark` URL) and on every toolbar change (`globalsUpdated`).
 */
export const MANAGER_THEMES = {
  light: create({ base: 'light' }),
  // The docs pages' lighter link blue (docs-container.ts): Storybook's dark #479dff has 3.1:1 on its grey panels.
  dark: create({ base: 'dark', colorSecondary: '#8cc4ff' }),
} as const

addons.setConfig({ theme: MANAGER_THEMES.light })

addons.register('awb/theme', (api) => {
  const follow = ({ globals }: { globals?: Record<string, unknown> }) =>
    api.setOptions({ theme: globals?.theme === 'dark' ? MANAGER_THEMES.dark : MANAGER_THEMES.light })
  api.on(SET_GLOBALS, follow)
  api.on(GLOBALS_UPDATED, follow)
})
