import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import WebhookDeliveryResult from './WebhookDeliveryResult.vue'
import { htmlBody, receiverResult, serverError } from './fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Webhooks/WebhookDeliveryResult',
  component: WebhookDeliveryResult,
  parameters: componentDocs({
    purpose:
      'One response: status, time, what a webhook receiver reported (signature valid, duplicate, delivery id) when its body says so, the readable response headers and the body.',
    keyboard:
      'None: text only (a long body block is a Tab stop for scrolling).',
    accessibility:
      'A `section` labelled by its title; the report and headers are description lists labelled by their headings. The body is plain text, never HTML.',
  }),
  args: { result: receiverResult(false) },
  decorators: [() => ({ template: '<div style="padding: 1rem; max-width: 48rem"><story /></div>' })],
} satisfies Meta<typeof WebhookDeliveryResult>

export default meta
type Story = StoryObj<typeof meta>

export const Verified: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Signature valid')).toBeInTheDocument()
    await expect(canvas.getByText('12 ms', { exact: false })).toBeInTheDocument()
  },
}

export const Duplicate: Story = { args: { result: receiverResult(true), title: 'Second delivery (identical request)' } }

export const InvalidSignature: Story = { args: { result: receiverResult(false, false) } }

export const ServerError: Story = { args: { result: serverError } }

/** An HTML error page is shown as text, never rendered (no script runs). */
export const HtmlBodyAsText: Story = {
  args: { result: htmlBody },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/<script>alert\(1\)<\/script>/)).toBeInTheDocument()
    await expect(canvasElement.querySelector('h1')).toBeNull()
  },
}

export const EmptyBody: Story = { args: { result: { ...serverError, status: 204, statusText: 'No Content', body: '', headers: [] } } }

export const LongBody: Story = {
  args: {
    result: {
      ...serverError,
      status: 200,
      statusText: 'OK',
      body: JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => ({ id: i, note: 'a long line of response text that wraps inside the block' })) }),
    },
  },
}

/**
 * A body longer than the display limit (100 MB took the tab down): only its start is
 * rendered, a note says so and offers the whole body as a download. The limit is lowered here to
 * 2,000 characters so the story stays small; the page uses DISPLAY_LIMIT_CHARS.
 */
export const LargeBody: Story = {
  args: { displayLimit: 2_000, result: { ...serverError, status: 200, statusText: 'OK', body: `${'0123456789abcdef '.repeat(300)}END` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByTestId('body-truncated')).toHaveTextContent('Showing the first 2.0 kB of 5.1 kB so the page stays responsive; download the body for all of it.')
    await expect(canvas.getByRole('button', { name: 'Download body' })).toBeVisible()
    await expect(canvas.queryByText(/END/)).toBeNull()
  },
}

/** An answer over the size guard: its size first, with the download, then its start. */
export const OversizedAnswer: Story = {
  args: {
    result: {
      ...serverError,
      status: 200,
      statusText: 'OK',
      body: Array.from({ length: 8 }, (_, i) => `line ${i + 1}: The compact keyboard for teams that ship every day.`).join('\n'),
      truncated: true,
      sizeBytes: 100_000_000,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByTestId('body-oversized')).toHaveTextContent('This answer is 100 MB: larger than the 32 MB the page keeps as text')
    await expect(canvas.getByRole('button', { name: 'Download body' })).toBeVisible()
  },
}
