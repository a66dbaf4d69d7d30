import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, userEvent, within } from 'storybook/test'
import ResponseMeta from './ResponseMeta.vue'
import { htmlPage, partial, proxyError, success } from '../fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'GraphQL/ResponseMeta',
  component: ResponseMeta,
  parameters: componentDocs({
    purpose:
      'What came back, before the body: the status badge, the GraphQL-over-HTTP verdict, duration, size and media type on one line, the verdict’s sentence, and the Resource Timing phases when the server exposes them.',
    keyboard:
      'The "Timings" disclosure is a native `<details>`: **Enter** or **Space** on its summary opens it.',
    accessibility:
      'The status is words first with a symbol (StatusBadge), never colour alone; `<details>`/`<summary>` tell their open state natively.',
  }),
  args: { response: success },
  decorators: [() => ({ template: '<div style="max-width: 48rem; padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof ResponseMeta>

export default meta
type Story = StoryObj<typeof meta>

/** Status, verdict, duration, size and media type on one line; the timing phases behind "Timings". */
export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('200 OK')).toBeVisible()
    await expect(canvas.getByText('143 ms')).toBeVisible()
    await expect(canvas.getByText('12 kB')).toBeVisible()
    await expect(canvas.getByText('Time to first byte')).not.toBeVisible()
    await userEvent.click(canvas.getByText('Timings'))
    await expect(canvas.getByText('Time to first byte')).toBeVisible()
  },
}

export const PartialSuccess: Story = { args: { response: partial } }

/** Without Timing-Allow-Origin the phases are absent, and the note says why. */
export const NoTimingPhases: Story = { args: { response: { ...success, timing: undefined } } }

/** application/json with a 5xx: may be a proxy's answer. */
export const ProxyError: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/may come from a proxy/)).toBeVisible()
  },
  args: { response: proxyError },
}

export const HtmlPage: Story = { args: { response: htmlPage } }

export const PartialSuccess294: Story = { args: { response: { ...partial, status: 294, statusText: '' } } }

export const Redirected: Story = { args: { response: { ...success, redirected: true, url: 'https://api.example.com/v2/graphql' } } }
