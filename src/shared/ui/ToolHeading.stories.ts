import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import ToolHeading from './ToolHeading.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

// A tool page's heading: the h1 and a one-line lead beside it, wrapping under it when narrow. The
// shell paints it before the page's code arrives, so the workspace below starts at the same height
// on every tool.
const meta = {
  title: 'Shared/ToolHeading',
  component: ToolHeading,
  parameters: componentDocs({
    purpose:
      'A tool page’s heading: its title and a one-line lead beside it, wrapping under it when narrow. The shell renders it above the page (route meta `heading`) before the page’s code arrives.',
    keyboard:
      'None: text only.',
    accessibility:
      'The title is the page’s one `h1`; the lead is a plain paragraph after it.',
  }),
  args: { title: 'Rate-limit header parser' },
  render: (args) => ({
    components: { ToolHeading },
    setup: () => ({ args }),
    template: `<ToolHeading v-bind="args">Paste response headers to see each quota's limit, remaining and reset; nothing leaves your browser.</ToolHeading>`,
  }),
  decorators: [() => ({ template: '<div style="padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof ToolHeading>
export default meta
type Story = StoryObj<typeof meta>

/** Title and lead on one line. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Rate-limit header parser' })).toBeVisible()
  },
}

/** Narrow: the lead wraps under the title. */
export const Narrow: Story = {
  decorators: [() => ({ template: '<div style="width: 20rem"><story /></div>' })],
  play: async ({ canvasElement }) => {
    const heading = within(canvasElement).getByRole('heading', { level: 1 })
    const lead = canvasElement.querySelector('.lead')!
    await expect(lead.getBoundingClientRect().top).toBeGreaterThan(heading.getBoundingClientRect().top)
  },
}
