import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import HeaderPasteInput from './HeaderPasteInput.vue'
import { examples } from '../core'

const meta = {
  title: 'RateLimits/HeaderPasteInput',
  component: HeaderPasteInput,
  args: { modelValue: '', 'onUpdate:modelValue': fn() },
  decorators: [() => ({ template: '<div style="padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof HeaderPasteInput>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'Response headers' })
    await expect(box).toHaveAccessibleDescription(/Nothing leaves your browser/)
    await userEvent.type(box, 'x')
    await expect(args['onUpdate:modelValue']).toHaveBeenCalledWith('x')
  },
}

export const Filled: Story = { args: { modelValue: examples[0]?.text ?? '' } }

export const CustomLabel: Story = { args: { label: 'Headers of the 429 response', rows: 4 } }
