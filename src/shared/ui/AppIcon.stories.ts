import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import { DocsIcon as BookOpen, ShortcutsIcon as Keyboard, SendIcon as Send, RemoveIcon as Trash2 } from './icons'
import AppIcon from './AppIcon.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Shared/AppIcon',
  component: AppIcon,
  parameters: componentDocs({
    purpose:
      'The one way the app draws an icon: a Lucide icon node from `icons.ts` as inline SVG in the text colour, 1em square so it follows the font size beside it.',
    keyboard:
      'None: an icon is not focusable; the control it sits in takes the keys.',
    accessibility:
      'Decorative by default (`aria-hidden`), because beside a visible label it adds nothing. Given a `label`, it is `role="img"` with that name, for an icon that stands alone.',
  }),
  args: { icon: BookOpen },
  // Icon data is not edited by hand: Storybook's object editor for it (an <li> outside a list) fails axe.
  argTypes: { icon: { control: false } },
} satisfies Meta<typeof AppIcon>

export default meta
type Story = StoryObj<typeof meta>

/** Beside a label the icon is decorative: hidden from assistive technology, sized by the text. */
export const Decorative: Story = {
  render: () => ({
    components: { AppIcon },
    setup: () => ({ icons: [BookOpen, Send, Trash2, Keyboard] }),
    template: `<p style="display:flex;gap:1rem;font-size:1rem"><span v-for="(icon, i) in icons" :key="i"><AppIcon :icon="icon" /> Label</span></p>
      <p style="display:flex;gap:1rem;font-size:1.5rem"><span v-for="(icon, i) in icons" :key="i"><AppIcon :icon="icon" /> Label</span></p>`,
  }),
  play: async ({ canvasElement }) => {
    const icons = canvasElement.querySelectorAll('svg')
    await expect(icons).toHaveLength(8)
    for (const icon of icons) await expect(icon).toHaveAttribute('aria-hidden', 'true')
    await expect(within(canvasElement).queryAllByRole('img')).toHaveLength(0)
  },
}

/** Alone, with a `label`: an image with that name. */
export const Named: Story = {
  args: { icon: Keyboard, label: 'Keyboard shortcuts' },
  play: async ({ canvasElement }) => {
    const icon = within(canvasElement).getByRole('img', { name: 'Keyboard shortcuts' })
    await expect(icon).not.toHaveAttribute('aria-hidden')
  },
}
