import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import ResponseHeaders from './ResponseHeaders.vue'
import { successWithRateLimits } from '../fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'GraphQL/ResponseHeaders',
  component: ResponseHeaders,
  parameters: componentDocs({
    purpose:
      'The response headers the page could read, as a table. Cross-origin, the browser hides every header the server did not list in Access-Control-Expose-Headers; the note says so.',
    keyboard:
      'The table’s scroller is one Tab stop (`tabindex="0"`), so a keyboard user can scroll it.',
    accessibility:
      'The scroller is a `region` labelled by the heading; the headers are a table.',
  }),
  args: { headers: successWithRateLimits.headers },
  decorators: [() => ({ template: '<div style="max-width: 40rem; padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof ResponseHeaders>

export default meta
type Story = StoryObj<typeof meta>

/** A real table: each name is a row header of its value. */
export const WithRateLimits: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('rowheader', { name: 'x-ratelimit-limit' })).toBeVisible()
    await expect(canvas.getByRole('cell', { name: '5000' })).toBeVisible()
  },
}

export const Empty: Story = { args: { headers: [] } }

export const LongValues: Story = {
  args: {
    headers: [
      ['content-security-policy', "default-src 'self'; script-src 'self' https://cdn.example.com https://analytics.example.com; style-src 'self' 'unsafe-inline'; img-src * data: blob:"],
      ['set-cookie-like-very-long-custom-header-name-from-a-gateway', 'x'.repeat(120)],
    ],
  },
}
