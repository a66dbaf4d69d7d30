import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { FRAME_SHORTCUTS, SPLITTER_SHORTCUTS } from '@/shared/core/shortcuts'
import ShortcutsDialog from './ShortcutsDialog.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Primitives/ShortcutsDialog',
  component: ShortcutsDialog,
  parameters: componentDocs({
    purpose:
      'The "Keyboard shortcuts" dialog of every tool (opened with **?**): the tool’s shortcuts, grouped, as tables of keys and actions.',
    keyboard:
      'APG modal dialog: a native `<dialog>` opened with `showModal()`. **Escape** or the Close button closes it, **Tab** stays inside, and focus returns to where it was.',
    accessibility:
      'Named by its "Keyboard shortcuts" heading; each group is a section named by its heading, with a table whose columns have headers. The page behind is inert while it is open.',
  }),
  args: {
    groups: [{ group: 'Anywhere in the tool', shortcuts: [{ keys: ['Ctrl', 'Enter'], action: 'Send the request' }, ...FRAME_SHORTCUTS] }, SPLITTER_SHORTCUTS],
    open: false,
  },
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
 * Open from the start (one fixed state for the screenshot): a modal dialog named by its heading,
 * every shortcut in a table. Escape closing it and focus going back to the opener are proven in
 * the workspace e2e journey (a real key press reaches the browser's own dialog handling there).
 */
export const Open: Story = {
  args: { open: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const dialog = await canvas.findByRole('dialog', { name: 'Keyboard shortcuts' })
    await waitFor(() => expect(dialog).toBeVisible())
    await expect(within(dialog).getByRole('row', { name: /Ctrl \+ Enter Send the request/ })).toBeVisible()
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus()
  },
}

/**
 * Closed, then focus moved on at once (a click into an editor right after Esc): the dialog's
 * `close` event comes a task later and must not pull focus back to the opener, or the next `?`
 * typed there would open the list again.
 */
export const FocusMovedOnAfterClose: Story = {
  render: (args) => ({
    components: { ShortcutsDialog },
    setup() {
      const open = ref(args.open)
      return { args, open }
    },
    template: `<div style="display: flex; gap: 1rem; align-items: center"><button type="button" @click="open = true">Keyboard shortcuts</button>
      <label>Notes <input type="text" /></label>
      <ShortcutsDialog :groups="args.groups" :open="open" @close="open = false" /></div>`,
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const opener = canvas.getByRole('button', { name: 'Keyboard shortcuts' })
    await userEvent.click(opener)
    const dialog = await canvas.findByRole('dialog', { name: 'Keyboard shortcuts' })
    await waitFor(() => expect(dialog).toBeVisible())
    const notes = canvas.getByRole('textbox', { name: 'Notes' })
    // In one task: the dialog closes (the browser puts focus back on the opener), then the user moves on.
    ;(dialog as HTMLDialogElement).close()
    notes.focus()
    await new Promise((resolve) => setTimeout(resolve, 50))
    await expect(dialog).not.toBeVisible()
    await expect(notes).toHaveFocus()
  },
}

/**
 * Closed until the user asks: the list is not rendered while the dialog has never been open (a page's
 * load skips it), and once opened it is there before `showModal()` looks for the first control, so
 * focus lands on Close as with a list rendered from the start.
 */
export const RendersOnFirstOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const dialog = canvasElement.querySelector('dialog')
    await expect(dialog).not.toBeNull()
    await expect(dialog?.querySelectorAll('table, h2, button')).toHaveLength(0)
    await userEvent.click(canvas.getByRole('button', { name: 'Keyboard shortcuts' }))
    const opened = await canvas.findByRole('dialog', { name: 'Keyboard shortcuts' })
    await waitFor(() => expect(opened).toBeVisible())
    await expect(within(opened).getByRole('button', { name: 'Close' })).toHaveFocus()
    await expect(within(opened).getAllByRole('table')).toHaveLength(2)
  },
}
