import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, userEvent, within } from 'storybook/test'
import SkipLink from './SkipLink.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Shell/SkipLink',
  component: SkipLink,
  parameters: componentDocs({
    purpose:
      '"Skip to main content": the first focusable element of the page, visible only when focused.',
    keyboard:
      '**Enter** on it moves focus to the element with `targetId` (`main` by default), which needs `tabindex="-1"`.',
    accessibility:
      'A real link; it moves focus itself rather than through the `#main` fragment, which the router would take for a route change and leave in the URL.',
  }),
  render: (args) => ({
    components: { SkipLink },
    setup: () => ({ args }),
    template: `<div><SkipLink v-bind="args" /><main id="story-main" tabindex="-1"><h1>Main content</h1></main></div>`,
  }),
  args: { targetId: 'story-main' },
} satisfies Meta<typeof SkipLink>

export default meta
type Story = StoryObj<typeof meta>

/** Off-screen until focused. */
export const Hidden: Story = {}

/** The first Tab shows it; Enter moves focus to the main content. */
export const FocusedAndUsed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const link = canvas.getByRole('link', { name: 'Skip to main content' })
    link.focus()
    await expect(link).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(canvasElement.querySelector('#story-main')).toHaveFocus()
  },
}

/** A focused state for the visual baseline. */
export const Focused: Story = {
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('link', { name: 'Skip to main content' }).focus()
  },
}
