import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { expect, fn, userEvent, within } from 'storybook/test'
import HistoryList from './HistoryList.vue'
import { HISTORY_NOW, failedEntries, fewEntries, longEntries, manyEntries, oneEntry, secretEntries, seededHistory } from './history-fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'GraphQL/HistoryList',
  component: HistoryList,
  parameters: componentDocs({
    purpose:
      'The request history: a search box, "Showing 3 of 100", a bounded scrolling list of sent requests (each a HistoryItem) and a two-step "Clear all".',
    keyboard:
      'Native controls in the Tab order. After a delete, focus moves to the next request (or the previous, or the search box); the clear-all confirmation takes focus, and **Escape** or "Keep them" gives it back to "Clear all".',
    accessibility:
      'The search box is described by its hint and the count; the list is named "Sent requests" or "Matching requests". "Clear all" has `aria-expanded`/`aria-controls` for its confirmation, a `group` labelled by its question.',
  }),
  args: {
    entries: fewEntries,
    total: fewEntries.length,
    search: '',
    now: HISTORY_NOW,
    timeZone: 'UTC',
    onOpen: fn(),
    onRemove: fn(),
    onClear: fn(),
    'onUpdate:search': fn(),
  },
  decorators: [() => ({ template: '<div style="max-width: 56rem; padding: 1rem"><story /></div>' })],
  // Stateful wrapper: `entries` seeds the real core history (in memory), which searches, deletes
  // and clears as the page's store does; the list itself stays controlled.
  render: (args) => ({
    components: { HistoryList },
    setup() {
      const history = seededHistory(args.entries)
      const search = ref(args.search)
      const entries = ref(history.search(search.value))
      const total = ref(history.list().length)
      const refresh = () => {
        entries.value = history.search(search.value)
        total.value = history.list().length
      }
      const onSearch = (text: string) => {
        search.value = text
        refresh()
        args['onUpdate:search']?.(text)
      }
      const onRemove = (id: string) => {
        history.remove(id)
        refresh()
        args.onRemove?.(id)
      }
      const onClear = () => {
        history.clear()
        refresh()
        args.onClear?.()
      }
      return { args, entries, total, search, onSearch, onRemove, onClear }
    },
    template: `<HistoryList :entries="entries" :total="total" :search="search" :now="args.now" :time-zone="args.timeZone"
      :problem="args.problem" @update:search="onSearch" @open="args.onOpen" @remove="onRemove" @clear="onClear" />`,
  }),
} satisfies Meta<typeof HistoryList>

export default meta
type Story = StoryObj<typeof meta>

/** Nothing sent yet: one sentence, which also says that secrets are never stored. */
export const Empty: Story = {
  args: { entries: [], total: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/No requests yet\. Requests you send appear here; secret header values are never stored\./)).toBeVisible()
    await expect(canvas.queryByLabelText('Search history')).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Clear all' })).toBeNull()
  },
}

/** One request; Open re-opens it into the editors. */
export const One: Story = {
  args: { entries: oneEntry, total: 1 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('1 request')).toBeVisible()
    const time = canvasElement.querySelector('time')
    await expect(time).toHaveAttribute('datetime', '2026-01-15T11:58:00.000Z')
    await expect(time).toHaveAttribute('title', 'Jan 15, 2026, 11:58:00 AM UTC')
    await expect(time).toHaveTextContent('2 min ago')
    await expect(canvas.getByText('api.example.com/graphql')).toHaveAttribute('title', 'https://api.example.com/graphql')
    await userEvent.click(canvas.getByRole('button', { name: 'Open GetUser' }))
    await expect(args.onOpen).toHaveBeenCalledWith('one')
  },
}

/** Deleting the only request leaves focus on the empty text, not on the page. */
export const DeleteTheOnlyOne: Story = {
  args: { entries: oneEntry, total: 1 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Delete GetUser from history' }))
    await expect(args.onRemove).toHaveBeenCalledWith('one')
    await expect(canvas.getByText(/No requests yet/)).toHaveFocus()
  },
}

/** The full history: 100 requests in a bounded list with its own scroll. */
export const Many: Story = {
  args: { entries: manyEntries(100), total: 100 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('100 requests')).toBeVisible()
    const list = canvas.getByRole('list', { name: 'Sent requests' })
    await expect(within(list).getAllByRole('listitem')).toHaveLength(100)
    await expect(list.scrollHeight).toBeGreaterThan(list.clientHeight)
    // Nothing of the 100 items escapes the scroll box to stretch the page (it once did: 8,600 px).
    await expect(canvasElement.ownerDocument.documentElement.scrollHeight).toBeLessThan(1500)
    // Relative times from seconds to weeks.
    await expect(within(list).getAllByText('just now').length).toBeGreaterThan(0)
    await expect(within(list).getAllByText(/^\d+ min ago$/).length).toBeGreaterThan(0)
    await expect(within(list).getAllByText(/^\d+ h ago$/).length).toBeGreaterThan(0)
    await expect(within(list).getAllByText(/^(yesterday|\d+ days ago)$/).length).toBeGreaterThan(0)
    await expect(within(list).getAllByText(/^Dec \d+, 2025$/).length).toBeGreaterThan(0)
  },
}

/** Typing filters by endpoint, operation name and query; the count says how many of how many. */
export const SearchWithMatches: Story = {
  args: { entries: manyEntries(100), total: 100 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const search = canvas.getByLabelText('Search history')
    await userEvent.type(search, 'shop.example createorder')
    await expect(args['onUpdate:search']).toHaveBeenLastCalledWith('shop.example createorder')
    await expect(canvas.getByText('Showing 20 of 100')).toBeVisible()
    const list = canvas.getByRole('list', { name: 'Matching requests' })
    await expect(within(list).getAllByRole('listitem')).toHaveLength(20)
    await expect(within(list).queryByText('ListProducts')).toBeNull()
    await expect(search).toHaveAccessibleDescription(/Matches endpoint, operation name and query\. Showing 20 of 100/)
  },
}

/** No match: says so with the search text, and offers to clear the search. */
export const SearchNoMatches: Story = {
  args: { entries: manyEntries(100), total: 100, search: 'nothing-like-this' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('No requests match “nothing-like-this”.')).toBeVisible()
    await expect(canvas.getByText('Showing 0 of 100')).toBeVisible()
    await expect(canvas.queryByRole('list')).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }))
    await expect(canvas.getByLabelText('Search history')).toHaveFocus()
    await expect(canvas.getByLabelText('Search history')).toHaveValue('')
    await expect(canvas.getByText('100 requests')).toBeVisible()
    await userEvent.type(canvas.getByLabelText('Search history'), 'nothing-like-this')
  },
}

/** No response, 4xx, 5xx: the words say it, the badge colour repeats it. */
export const FailedStatuses: Story = {
  args: { entries: failedEntries, total: failedEntries.length },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('No response')).toBeVisible()
    for (const status of ['404', '429', '500', '502', '301']) await expect(canvas.getByText(status)).toBeVisible()
    await expect(canvas.getByText('30.4 s')).toBeVisible()
    await expect(canvasElement.querySelector('[data-level="warning"]')).toHaveTextContent('No response')
  },
}

/** Secret headers keep their names only: "(secret, not stored)". */
export const SecretHeaders: Story = {
  args: { entries: secretEntries, total: secretEntries.length },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Authorization (secret, not stored)')).toBeVisible()
    await expect(canvas.getByText('X-Tenant (secret, not stored)')).toBeVisible()
    await expect(canvas.getByText('Cookie (secret, not stored)')).toBeVisible()
    await expect(canvas.getByText('Accept')).toBeVisible()
  },
}

/** A storage problem shows quietly above the list; the list still works. */
export const StorageProblem: Story = {
  args: { problem: 'History could not be saved: QuotaExceededError: the quota has been exceeded.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const problem = canvas.getByText(/History could not be saved/)
    await expect(problem).toBeVisible()
    await expect(problem.closest('[role="alert"], [role="status"], [aria-live]')).toBeNull()
    await expect(canvas.getAllByRole('listitem')).toHaveLength(fewEntries.length)
  },
}

/** Very long endpoint, operation name, query and many headers wrap at 320 px: no horizontal scroll. */
export const LongContent: Story = {
  args: { entries: longEntries, total: longEntries.length, problem: `History could not be saved: ${'a very long reason '.repeat(12)}` },
  decorators: [() => ({ template: '<div style="width: 320px; box-sizing: border-box"><story /></div>' })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/^GetVeryLong/, { selector: 'p' })).toBeVisible()
    await expect(canvas.getByText(/^\{ someField/)).toBeVisible()
    await expect(canvas.getByText('Jan 6, 2026')).toBeVisible()
    for (const element of [canvasElement, canvas.getByRole('list')]) {
      await expect(element.scrollWidth).toBeLessThanOrEqual(element.clientWidth)
    }
  },
}

/** Deleting moves focus to the next request's Open button, or the previous one at the end. */
export const DeleteKeepsFocus: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Delete ListProducts from history' }))
    await expect(args.onRemove).toHaveBeenCalledWith('b')
    await expect(canvas.getByRole('button', { name: 'Open CreateOrder' })).toHaveFocus()
    await expect(canvas.getByText('4 requests')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Failing from history' }))
    await expect(canvas.getByRole('button', { name: 'Open Anonymous operation' })).toHaveFocus()
  },
}

/** Deleting the only match of a search moves focus to the search box. */
export const DeleteLastMatch: Story = {
  args: { search: 'viewer' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Showing 1 of 5')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Anonymous operation from history' }))
    await expect(args.onRemove).toHaveBeenCalledWith('d')
    await expect(canvas.getByText('No requests match “viewer”.')).toBeVisible()
    await expect(canvas.getByLabelText('Search history')).toHaveFocus()
  },
}

/** Clear all asks first, inline; focus goes into the question and back to "Clear all". */
export const ClearAllConfirm: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const clear = canvas.getByRole('button', { name: 'Clear all' })
    await userEvent.click(clear)
    const confirm = canvas.getByRole('group', { name: 'Delete all 5 requests?' })
    await expect(confirm).toBeVisible()
    await expect(confirm).toHaveFocus()
    await expect(clear).toHaveAttribute('aria-expanded', 'true')
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep them' }))
    await expect(canvas.queryByRole('group')).toBeNull()
    await expect(clear).toHaveFocus()
    // Keyboard: Enter opens, Escape closes and returns focus.
    await userEvent.keyboard('{Enter}')
    await expect(canvas.getByRole('group', { name: 'Delete all 5 requests?' })).toHaveFocus()
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Delete all' })).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    await expect(canvas.queryByRole('group')).toBeNull()
    await expect(clear).toHaveFocus()
    await expect(args.onClear).not.toHaveBeenCalled()
    // Left open for the screenshot.
    await userEvent.click(clear)
  },
}

/** "Delete all" clears; focus lands on the empty text, not on the page. */
export const ClearAllDeletes: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Clear all' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Delete all' }))
    await expect(args.onClear).toHaveBeenCalledTimes(1)
    await expect(canvas.getByText(/No requests yet/)).toHaveFocus()
  },
}
