import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import ExampleRequests from './ExampleRequests.vue'
import { EXAMPLE_REQUESTS } from '../../core/examples'

const meta = {
  title: 'GraphQL/ExampleRequests',
  component: ExampleRequests,
  args: { examples: EXAMPLE_REQUESTS, onLoad: fn() },
  decorators: [() => ({ template: '<div style="padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof ExampleRequests>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

/** Choose with the keyboard-operable native select, then load. */
export const ChooseAndLoad: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.selectOptions(canvas.getByLabelText('Example request'), 'mutation')
    await userEvent.click(canvas.getByRole('button', { name: 'Load example' }))
    await expect(args.onLoad).toHaveBeenCalledWith('mutation')
  },
}

export const NoExamples: Story = { args: { examples: [] } }
