import { createElement, type FC, type PropsWithChildren } from 'react'
import { DocsContainer, type DocsContainerProps } from '@storybook/addon-docs/blocks'
import { create } from 'storybook/theming'

// Docs pages (MDX and autodocs) in the app's own bundled faces: Storybook's default stacks fall to
// whatever fonts the machine has, so a docs page looked different on every machine.
const faces = { fontBase: 'var(--awb-font)', fontCode: 'var(--awb-font-mono)' } as const

/** Storybook's docs themes, one per toolbar theme, both in the app's faces. */
export const DOCS_THEMES = {
  light: create({ base: 'light', ...faces }),
  // Links in a lighter blue than Storybook's dark default (#479dff), which has 3.1:1 on the docs
  // tables' striped rows (#454c54); this one has 4.8:1 there and 8.4:1 on the page.
  dark: create({ base: 'dark', colorSecondary: '#8cc4ff', ...faces }),
} as const

/**
 * The part of the docs context this container reads. `store` is protected in Storybook's types but is
 * the only place a docs page without stories (an MDX page) can read the globals from; Storybook
 * re-renders the open docs page when the globals change (`onUpdateGlobals` → `rerender`), so reading
 * them at render time follows the toolbar.
 */
interface GlobalsSource {
  store?: { userGlobals?: { get(): Record<string, unknown> } }
}

/**
 * The docs page container with Storybook's docs chrome (page, headings, code blocks, args tables) in
 * the toolbar's theme: Storybook's own container takes one fixed theme (`parameters.docs.theme`),
 * so a dark docs page showed dark stories on a light page.
 */
export const ThemedDocsContainer: FC<PropsWithChildren<DocsContainerProps>> = (props) => {
  const globals = (props.context as unknown as GlobalsSource).store?.userGlobals?.get() ?? {}
  const theme = globals.theme === 'dark' ? DOCS_THEMES.dark : DOCS_THEMES.light
  return createElement(DocsContainer, { ...props, theme }, props.children)
}
