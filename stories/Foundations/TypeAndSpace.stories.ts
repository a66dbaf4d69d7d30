import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, userEvent, within } from 'storybook/test'
import TypeAndSpace from './TypeAndSpace.vue'

const meta = {
  title: 'Foundations/Type, space, focus and motion',
  component: TypeAndSpace,
  decorators: [() => ({ template: '<div style="padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof TypeAndSpace>

export default meta
type Story = StoryObj<typeof meta>

/** The scale and steps; the second button focused by keyboard (Tab), so its ring shows as users see it. */
export const Overview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    canvas.getByRole('button', { name: 'Send' }).focus()
    await userEvent.tab()
    const focused = canvas.getByRole('button', { name: 'Focused by keyboard' })
    await expect(focused).toHaveFocus()
    await expect(getComputedStyle(focused).outlineStyle).toBe('solid')
  },
}
