import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import RateLimitModeSwitch from './RateLimitModeSwitch.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Rate limits/ModeSwitch',
  component: RateLimitModeSwitch,
  parameters: componentDocs({
    purpose:
      'Chooses what the rate-limit page does with the paste: read the quota (client developer), check the headers (API author), or draw the timeline of several responses.',
    keyboard:
      'Native radios: **Tab** enters the group on the chosen mode, arrow keys move between modes, **Tab** leaves.',
    accessibility:
      'Naive’s radio group gets `role="radiogroup"` and its visible caption as name (`aria-labelledby`), which Naive’s div lacks.',
  }),
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
