import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { workspaceShortcuts } from '@/features/graphql/core/workspace'
import ShortcutsDialog from './ShortcutsDialog.vue'

const meta = {
  title: 'GraphQL/ShortcutsDialog',
  component: ShortcutsDialog,
  args: { groups: workspaceShortcuts(false), open: false },
  render: (args) => ({
    components: { ShortcutsDialog },
    setup() {
      const open = ref(args.open)
      return { args, open }
    },
    template: `<div><button type="button" @click="open = true">Keyboard shortcuts</button>
      <ShortcutsDialog :groups="args.groups" :open="open" @close="open = false" /></div>`,
  }),
} satisfies Meta<typeof ShortcutsDialog>

export default meta
type Story = StoryObj<typeof meta>

/**
 * Opened from its button: a modal dialog named by its heading, every shortcut in a table; Escape
 * closes it and focus returns to the button. Ends open, so the screenshot shows the list.
 */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const opener = canvas.getByRole('button', { name: 'Keyboard shortcuts' })
    await userEvent.click(opener)
    const dialog = await canvas.findByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(within(dialog).getByRole('row', { name: /Ctrl \+ Enter Send the request/ })).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(dialog).not.toBeVisible())
    await expect(opener).toHaveFocus()
    await userEvent.click(opener)
    await waitFor(() => expect(dialog).toBeVisible())
  },
}
