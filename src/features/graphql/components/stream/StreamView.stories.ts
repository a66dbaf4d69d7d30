import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { describeWebSocketClose, startIncremental } from '@/features/graphql/core/stream'
import StreamView from './StreamView.vue'
import { countdownEvents, deferredDone, deferredPathBased, deferredPending, failingEvents, tickEvents } from './stream-fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'GraphQL/StreamView',
  component: StreamView,
  parameters: componentDocs({
    purpose:
      'A stream in the response pane (a subscription over SSE or WebSocket, or an incremental `@defer`/`@stream` response): status line, Stop while it runs, an "Announce each event" switch, the event list, the selected event’s JSON and, for incremental responses, the merged result with what is still pending.',
    keyboard:
      'No keys of its own beyond its parts (StreamEventList, JsonTree, native buttons and checkbox). After Stop, the heading takes focus instead of `<body>`.',
    accessibility:
      'A `section` labelled by its heading. The status line is no live region: the store announces start, stop, errors and the end, and each event only when "Announce each event" (described by its hint) is on. The failure is text, its symbol `aria-hidden`.',
  }),
  args: {
    state: { transport: 'sse', status: 'streaming', eventCount: countdownEvents.length, errorCount: 0 },
    events: countdownEvents,
    selectedIndex: undefined,
    announceEach: false,
    onStop: fn(),
    onSelect: fn(),
  },
  decorators: [() => ({ template: '<div style="max-width: 48rem; padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof StreamView>

export default meta
type Story = StoryObj<typeof meta>

/** Connecting over WebSocket: nothing yet, Stop available. */
export const Connecting: Story = {
  args: { state: { transport: 'ws', status: 'connecting', eventCount: 0, errorCount: 0 }, events: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Connecting and waiting for the first event…')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Stop' }))
    await expect(args.onStop).toHaveBeenCalledOnce()
  },
}

/** Streaming over SSE, the second event selected (its JSON below the list). */
export const Streaming: Story = {
  args: { selectedIndex: 2 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('listbox', { name: 'Events' })).toBeVisible()
    await expect(canvas.getByRole('tree', { name: 'Event 2' })).toHaveTextContent('countdown: 4')
    // Keyboard: the list has one Tab stop; Enter selects.
    canvas.getAllByRole('option')[0]?.focus()
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await expect(args.onSelect).toHaveBeenLastCalledWith(3)
  },
}

/** 10,000 events at 200/s, completed; only the rows in view are rendered; End reaches the last. */
export const LongCompleted: Story = {
  args: { state: { transport: 'ws', status: 'completed', eventCount: tickEvents.length, errorCount: 0, durationMs: 50_012 }, events: tickEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByTestId('stream-counts')).toHaveTextContent('10,000 events · in 50.0 s')
    await waitFor(() => expect(canvas.getAllByRole('option').length).toBeLessThan(60))
    canvas.getAllByRole('option')[0]?.focus()
    await userEvent.keyboard('{Home}{End}')
    await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-posinset', '10000'))
    await waitFor(() => expect(canvas.getByRole('option', { name: /^#10000 / })).toBeVisible())
  },
}

/** An error mid-stream, completed: the error row is marked and counted. */
export const ErrorMidStream: Story = {
  args: { state: { transport: 'sse', status: 'completed', eventCount: 4, errorCount: 1, durationMs: 412 }, events: failingEvents, selectedIndex: 3 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByTestId('stream-counts')).toHaveTextContent('4 events · 1 error · in 412 ms')
    await expect(canvas.getByRole('option', { name: /#3 .* error 1 error/ })).toBeVisible()
  },
}

/** A WebSocket server that speaks the legacy protocol: the close code in words, no Stop. */
export const Failed: Story = {
  args: { state: { transport: 'ws', status: 'failed', eventCount: 0, errorCount: 0, durationMs: 35, failure: describeWebSocketClose(4406) }, events: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/does not speak graphql-transport-ws/)).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Stop' })).toBeNull()
  },
}

/** Stopped by the user after three events. */
export const Stopped: Story = {
  args: { state: { transport: 'sse', status: 'stopped', eventCount: 3, errorCount: 0, durationMs: 1230 } },
}

/** A WebSocket flood stopped by the user: the events that arrived faster than the tab could list them are counted apart. */
export const StoppedWithSkipped: Story = {
  args: { state: { transport: 'ws', status: 'stopped', eventCount: 3, errorCount: 0, skipped: 48_210, durationMs: 8000 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByTestId('stream-counts')).toHaveTextContent('3 events · 48,210 more not listed (they arrived faster than this tab could list them) · in 8.00 s')
  },
}

/** @defer before its deferred part: the merged result and what is still pending. */
export const IncrementalPending: Story = {
  args: { state: { transport: 'multipart', status: 'streaming', eventCount: 1, errorCount: 0 }, events: deferredPending.events, merged: deferredPending.merged },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('tab', { name: 'Merged result' }))
    await expect(canvas.getByRole('list', { name: 'Still pending' })).toHaveTextContent('user (stats)')
  },
}

/** 150 deferred fragments announced: the first 100 are listed, the rest counted (a server may announce 100,000). */
export const IncrementalManyPending: Story = {
  args: {
    state: { transport: 'multipart', status: 'streaming', eventCount: 1, errorCount: 0 },
    events: deferredPending.events.slice(0, 1),
    merged: startIncremental({ data: {}, pending: Array.from({ length: 150 }, (_, i) => ({ id: String(i), path: [`f${i}`] })), hasNext: true }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('tab', { name: 'Merged result' }))
    const list = canvas.getByRole('list', { name: 'Still pending' })
    await expect(within(list).getAllByRole('listitem')).toHaveLength(101)
    await expect(list).toHaveTextContent('and 50 more')
  },
}

/** @defer in the path-based format (graphql-yoga): no pending list, but hasNext says more comes, so never "Nothing pending". */
export const IncrementalPathBasedPending: Story = {
  args: { state: { transport: 'multipart', status: 'streaming', eventCount: 1, errorCount: 0 }, events: deferredPathBased.events, merged: deferredPathBased.merged },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('tab', { name: 'Merged result' }))
    await expect(canvas.getByTestId('pending-note')).toHaveTextContent('More parts are coming')
    await expect(canvas.queryByText(/Nothing pending/)).toBeNull()
  },
}

/** @defer complete: the deferred stats merged, nothing pending. */
export const IncrementalCompleted: Story = {
  args: {
    state: { transport: 'multipart', status: 'completed', eventCount: 2, errorCount: 0, durationMs: 1533 },
    events: deferredDone.events,
    merged: deferredDone.merged,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('tab', { name: 'Merged result' }))
    await expect(canvas.getByRole('tree', { name: 'Merged result' })).toHaveTextContent('followers: 37')
    await expect(canvas.getByText('Nothing pending: every deferred part has arrived.')).toBeVisible()
  },
}
