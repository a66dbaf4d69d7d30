import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import RateLimitModeSwitch from './RateLimitModeSwitch.vue'

const meta = {
  title: 'Rate limits/ModeSwitch',
  component: RateLimitModeSwitch,
  args: { modelValue: 'lint', 'onUpdate:modelValue': fn() },
} satisfies Meta<typeof RateLimitModeSwitch>

export default meta
type Story = StoryObj<typeof meta>

/** The linter mode selected; arrow keys ask for the next mode (the page owns the value, so the story stays put). */
export const LinterSelected: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const group = canvas.getByRole('radiogroup', { name: 'Mode' })
    const lint = within(group).getByRole('radio', { name: "Check my server's headers" })
    await expect(lint).toBeChecked()
    lint.focus()
    await userEvent.keyboard('{ArrowRight}')
    await expect(args['onUpdate:modelValue']).toHaveBeenCalledWith('timeline')
  },
}
