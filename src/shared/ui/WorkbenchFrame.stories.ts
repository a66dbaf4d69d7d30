import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, userEvent, within } from 'storybook/test'
import { ref } from 'vue'
import { NButton } from 'naive-ui'
import WorkbenchFrame from './WorkbenchFrame.vue'
import { FRAME_SHORTCUTS, SPLITTER_SHORTCUTS } from '@/shared/core/shortcuts'
import { componentDocs } from '@/shared/storybook/component-docs'

// The one frame of every tool: a toolbar row, then input and result panes with a splitter between.
// With `shortcuts`, F6 / Shift+F6 move between the toolbar and the panes and `?` lists the keys.
// The tool pages' stories (Pages/) show it filled; here it holds placeholders.
const meta = {
  title: 'Shared/WorkbenchFrame',
  component: WorkbenchFrame,
  parameters: {
    layout: 'padded',
    ...componentDocs({
      purpose:
        'The one frame of every tool page: a toolbar row, then a two-pane workspace (input left, result right, a SplitPane between), or the `workspace` slot for a page with panes of its own. From 64rem wide each pane scrolls inside itself; narrower, the panes stack.',
      keyboard:
        'With `shortcuts`, **F6** / **Shift+F6** move focus to the next / previous region (toolbar, input, result) and **?** opens the ShortcutsDialog; the splitter has its own keys (SplitPane).',
      accessibility:
        'The input and result panes are each a `section`, named by `inputLabel` and `resultLabel` ("Result" by default). The shortcuts dialog is also opened by `v-model:shortcuts-open`, e.g. from a visible toolbar button.',
    }),
  },
  render: (args) => ({
    components: { WorkbenchFrame, NButton },
    setup: () => ({ args, size: ref(40), open: ref(false) }),
    template: `
      <WorkbenchFrame v-bind="args" v-model:size="size" v-model:shortcuts-open="open">
        <template #toolbar><NButton type="primary">Send</NButton></template>
        <template #input><p>What the tool reads: a query, a payload, headers.</p><NButton>Input action</NButton></template>
        <template #result><p>What it answers.</p><NButton>Result action</NButton></template>
      </WorkbenchFrame>`,
  }),
} satisfies Meta<typeof WorkbenchFrame>
export default meta
type Story = StoryObj<typeof meta>

/** Named panes with the tool's shortcuts: F6 moves from the toolbar to the input pane and on. */
export const WithShortcuts: Story = {
  args: { inputLabel: 'Compose', resultLabel: 'Delivery', shortcuts: [{ group: 'Anywhere in the tool', shortcuts: [...FRAME_SHORTCUTS] }, SPLITTER_SHORTCUTS] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('region', { name: 'Compose' })).toBeVisible()
    await expect(canvas.getByRole('region', { name: 'Delivery' })).toBeVisible()
    await expect(canvas.getByRole('separator', { name: 'Resize input and result panes' })).toHaveAttribute('aria-valuenow', '40')
    canvas.getByRole('button', { name: 'Send' }).focus()
    await userEvent.keyboard('{F6}')
    await expect(canvas.getByRole('region', { name: 'Compose' })).toContainElement(document.activeElement as HTMLElement)
  },
}

/** Without shortcuts (a page that handles its own keys): the default pane names. */
export const Plain: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('region', { name: 'Input' })).toBeVisible()
    await expect(canvas.getByRole('region', { name: 'Result' })).toBeVisible()
  },
}
