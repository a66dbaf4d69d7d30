import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import HistoryItem from './HistoryItem.vue'
import { HISTORY_NOW, entry, failedEntries, fewEntries, longEntries, secretEntries } from './history-fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

//  One history entry on its own (HistoryList shows many): every kind of entry, fixed clock and time zone.
const meta = {
  title: 'GraphQL/HistoryItem',
  component: HistoryItem,
  parameters: componentDocs({
    purpose:
      'One sent request in the history list: operation, endpoint, status, duration and when, with Open and Delete buttons.',
    keyboard:
      'No keys of its own: two native buttons in the Tab order.',
    accessibility:
      'A list item; the buttons’ names include the operation, and the status badge has a visually hidden "Status:" before it. Everything shown is plain text: history is stored data another tab or version may have written.',
  }),
  args: { entry: entry('one'), now: HISTORY_NOW, timeZone: 'UTC', onOpen: fn(), onRemove: fn() },
  // The item is a list item: it sits in a list, as in HistoryList.
  render: (args) => ({
    components: { HistoryItem },
    setup: () => ({ args }),
    template: `<ul aria-label="Sent requests" style="max-width: 48rem; margin: 1rem; padding: 0; list-style: none; border: 1px solid var(--awb-border); border-radius: 6px">
      <HistoryItem :entry="args.entry" :now="args.now" :time-zone="args.timeZone" @open="args.onOpen" @remove="args.onRemove" />
    </ul>`,
  }),
} satisfies Meta<typeof HistoryItem>

export default meta
type Story = StoryObj<typeof meta>

/** A named request that succeeded: status, duration, relative time (absolute in the tooltip), endpoint, headers. Tab reaches Open, then Delete. */
export const Succeeded: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('GetUser', { selector: '.title' })).toBeVisible()
    await expect(canvas.getByText('200')).toBeVisible()
    await expect(canvas.getByText('2 min ago')).toHaveAttribute('datetime', new Date(HISTORY_NOW - 120_000).toISOString())
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Open GetUser' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onOpen).toHaveBeenCalledTimes(1)
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Delete GetUser from history' })).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(args.onRemove).toHaveBeenCalledTimes(1)
  },
}

/** No operation name: the start of the query tells it apart, and names the buttons. */
export const Unnamed: Story = {
  args: { entry: fewEntries[3]! },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('button')).toHaveLength(2)
    await expect(canvas.getAllByRole('button')[0]).toHaveAccessibleName(/^Open /)
  },
}

/** The request never got an answer (network error): the badge says so in words, not colour alone. */
export const NetworkError: Story = {
  args: { entry: failedEntries[0]! },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('No response')).toBeVisible()
    await expect(canvas.getByText('No response').closest('[data-level]')).toHaveAttribute('data-level', 'warning')
  },
}

/** A server error (500), days ago. */
export const ServerError: Story = { args: { entry: fewEntries[4]! } }

/** Secret headers keep only their names: "(secret, not stored)". */
export const SecretHeaders: Story = {
  args: { entry: secretEntries[0]! },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Authorization (secret, not stored)')).toBeVisible()
    await expect(canvas.getByText('X-Request-Id')).toBeVisible()
  },
}

/** Very long operation name, endpoint and header list: everything wraps inside the item. */
export const LongContent: Story = {
  args: { entry: longEntries[0]! },
  play: async ({ canvasElement }) => {
    const item = canvasElement.querySelector('li') as HTMLElement
    await expect(item.scrollWidth).toBeLessThanOrEqual(item.clientWidth + 1)
  },
}

/** An unnamed request with a long one-line query, sent more than a week ago (an absolute date). */
export const LongQueryOldEntry: Story = { args: { entry: longEntries[1]! } }
