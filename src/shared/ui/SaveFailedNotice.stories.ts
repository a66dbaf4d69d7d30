import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import SaveFailedNotice from './SaveFailedNotice.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Shared/SaveFailedNotice',
  component: SaveFailedNotice,
  parameters: componentDocs({
    purpose:
      'A quiet notice next to what could not be saved in this browser ("Could not save your request in this browser (storage is full); it will be lost on reload.").',
    keyboard:
      'None: it holds text only.',
    accessibility:
      'Not a live region: the store that failed to save has already announced the sentence through the app’s announcer. The symbol is `aria-hidden`; the sentence says what happened and what it means.',
  }),
  args: { message: 'Could not save your request in this browser (storage is full); it will be lost on reload.' },
} satisfies Meta<typeof SaveFailedNotice>

export default meta
type Story = StoryObj<typeof meta>

export const StorageFull: Story = {
  play: async ({ canvasElement }) => {
    const notice = within(canvasElement).getByText(/storage is full/)
    await expect(notice).toBeVisible()
    // Not a second live region: the store already announced the sentence through the app's announcer.
    await expect(canvasElement.querySelector('[role="status"], [role="alert"], [aria-live]')).toBeNull()
  },
}

export const StorageTurnedOff: Story = {
  args: { message: 'Could not save the history in this browser (storage is turned off); it will be lost on reload.' },
}

export const NarrowColumn: Story = {
  args: { message: 'Could not save your webhook draft in this browser (storage is not available); it will be lost on reload.' },
  decorators: [() => ({ template: '<div style="max-width: 16rem"><story /></div>' })],
}
