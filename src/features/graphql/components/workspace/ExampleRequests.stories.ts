import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import ExampleRequests from './ExampleRequests.vue'
import { EXAMPLE_REQUESTS } from '../../core/examples'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'GraphQL/ExampleRequests',
  component: ExampleRequests,
  parameters: componentDocs({
    purpose:
      'A picker of example requests and a "Load example" button that loads the chosen one into the editors.',
    keyboard:
      'A native select (NativeSelect) and a native button: the platform’s own keys.',
    accessibility:
      'The select is fully keyboard and screen-reader operable; "Load example" is disabled until an example is chosen.',
  }),
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
