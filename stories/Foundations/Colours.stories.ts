import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import ColourTokens from './ColourTokens.vue'
import { palettes } from '@/app/theme/palette'
import { contrastRatio } from '@/app/theme/contrast'

/**
 * The palette of each theme (src/app/theme/palette.ts), read by Naive UI through `themeOverrides` and
 * by our CSS as `--awb-*` custom properties. Every text colour is at least 4.5:1 and every focus ring
 * and field outline at least 3:1 on each background; src/app/theme/palette.test.ts fails the build
 * otherwise, with the same `contrastRatio` as this table.
 *
 * Use the tokens, never raw colours: a component that needs a colour the palette lacks adds a token
 * (both themes, with its contrast test) instead.
 */
const meta = {
  title: 'Foundations/Colour',
  component: ColourTokens,
  decorators: [() => ({ template: '<div style="padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof ColourTokens>

export default meta
type Story = StoryObj<typeof meta>

/** The light theme's tokens. */
export const Light: Story = {
  args: { theme: 'light' },
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('row', { name: /--awb-text-muted/ })
    const p = palettes.light
    await expect(row).toHaveTextContent(`${contrastRatio(p.textMuted, p.bg, p.bg).toFixed(2)}:1`)
    await expect(row).toHaveTextContent('4.5:1')
  },
}

/** The dark theme's tokens (translucent colours measured as they show, over the page). */
export const Dark: Story = {
  args: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const p = palettes.dark
    await expect(within(canvasElement).getByRole('row', { name: /--awb-focus/ })).toHaveTextContent(`${contrastRatio(p.focus, p.surfaceMuted, p.bg).toFixed(2)}:1`)
  },
}
