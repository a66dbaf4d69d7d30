import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import StreamEventList from './StreamEventList.vue'
import { countdownEvents, failingEvents, tickEvents } from './stream-fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'GraphQL/StreamEventList',
  component: StreamEventList,
  parameters: componentDocs({
    purpose:
      'The events of a stream, one line each: number, arrival time after Send, size, kind and summary. Only the rows in view are rendered; scrolled to its end it follows new events, scrolled up it stays put.',
    keyboard:
      'The app’s list pattern, one Tab stop (roving tabindex): **↑/↓**, **Home/End**, **Page Up/Down** and type-ahead move; **Enter**, **Space** or a click selects an event.',
    accessibility:
      '`role="listbox"` named by `label`; each `option` has `aria-selected` (the selected event), `aria-posinset` and `aria-setsize`, so the position is told although most rows are not rendered.',
  }),
  args: { events: countdownEvents, count: countdownEvents.length, onSelect: fn() },
  decorators: [() => ({ template: '<div style="padding: 1rem; max-width: 40rem"><story /></div>' })],
} satisfies Meta<typeof StreamEventList>

export default meta
type Story = StoryObj<typeof meta>

/** Three events of a subscription; Down then Enter selects the second (one Tab stop, roving focus). */
export const Few: Story = {
  play: async ({ canvasElement, args }) => {
    const list = within(canvasElement).getByRole('listbox', { name: 'Events' })
    const options = within(list).getAllByRole('option')
    await expect(options).toHaveLength(3)
    options[0]!.focus()
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await expect(args.onSelect).toHaveBeenCalledWith(2)
  },
}

/** An error mid-stream, selected: its row says so. */
export const WithErrorSelected: Story = {
  args: { events: failingEvents, count: failingEvents.length, selectedIndex: 3 },
  play: async ({ canvasElement }) => {
    const selected = within(canvasElement).getByRole('option', { selected: true })
    await expect(selected).toHaveTextContent(/error/i)
  },
}

/** 10,000 events: only the rows in view are rendered, each still told its place ("10,000 of 10,000" at End). */
export const TenThousand: Story = {
  args: { events: tickEvents, count: tickEvents.length },
  play: async ({ canvasElement }) => {
    const options = within(canvasElement).getAllByRole('option')
    await expect(options.length).toBeLessThan(40)
    await expect(options[0]).toHaveAttribute('aria-setsize', '10000')
    options[0]!.focus()
    await userEvent.keyboard('{End}')
    await waitFor(() => expect(canvasElement.ownerDocument.activeElement).toHaveAttribute('aria-posinset', '10000'))
  },
}
