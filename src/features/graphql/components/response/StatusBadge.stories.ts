import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import StatusBadge from './StatusBadge.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'GraphQL/StatusBadge',
  component: StatusBadge,
  parameters: componentDocs({
    purpose:
      'The outcome of a request as a badge: words first ("200 OK"), with a symbol and a colour for the level.',
    keyboard:
      'None: text only.',
    accessibility:
      'The words carry the state; the symbol is `aria-hidden` and the colour only repeats it, so it is never told by colour alone.',
  }),
  args: { text: '200 OK', level: 'success' },
  decorators: [() => ({ template: '<div style="padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof StatusBadge>

export default meta
type Story = StoryObj<typeof meta>

/** The words carry the state; colour and symbol repeat it. */
export const Success: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('200 OK')).toBeVisible()
  },
}
export const PartialSuccess: Story = { args: { text: '294 Partial Success', level: 'partial' } }
export const Warning: Story = { args: { text: 'Cancelled', level: 'warning' } }
export const Error: Story = { args: { text: '502 Bad Gateway', level: 'error' } }
export const Neutral: Story = { args: { text: 'Sending…', level: 'neutral' } }
export const LongText: Story = { args: { text: '599 A very long custom status text that a server invented', level: 'error' } }
