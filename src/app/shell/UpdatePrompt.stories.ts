import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import UpdatePrompt from './UpdatePrompt.vue'
import { UPDATE_AVAILABLE_TEXT } from '@/app/pwa/service-worker-update'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Shell/UpdatePrompt',
  component: UpdatePrompt,
  parameters: componentDocs({
    purpose:
      '"A new version is available — Reload": shown under the header while a new version of the offline build waits, with Reload and Not now.',
    keyboard:
      'No keys of its own: two native buttons in the Tab order.',
    accessibility:
      'A `section` labelled by a visually hidden "Update available" heading. In the page flow, not a floating toast, so it never covers the focused control (WCAG 2.4.11) and needs no timeout. Not a live region: the update flow has announced the sentence.',
  }),
  args: { message: UPDATE_AVAILABLE_TEXT, onReload: fn(), onDismiss: fn() },
  decorators: [() => ({ template: '<div style="max-width: 60rem; padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof UpdatePrompt>

export default meta
type Story = StoryObj<typeof meta>

/** A new version waits: Reload and Not now, reached by Tab, work with Enter and Space. */
export const Waiting: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('region', { name: 'Update available' })).toBeVisible()
    canvas.getByRole('button', { name: 'Reload' }).focus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onReload).toHaveBeenCalledOnce()
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Not now' })).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(args.onDismiss).toHaveBeenCalledOnce()
  },
}

/** At 320 px the buttons wrap under the sentence. */
export const Narrow: Story = {
  decorators: [() => ({ template: '<div style="width: 320px; box-sizing: border-box; padding: 0.5rem"><story /></div>' })],
}
