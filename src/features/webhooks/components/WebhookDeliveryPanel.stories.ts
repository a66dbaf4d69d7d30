import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import WebhookDeliveryPanel from './WebhookDeliveryPanel.vue'
import { corsFailure, receiverResult } from './fixtures'

const meta = {
  title: 'Webhooks/WebhookDeliveryPanel',
  component: WebhookDeliveryPanel,
  decorators: [() => ({ template: '<div style="padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof WebhookDeliveryPanel>

export default meta
type Story = StoryObj<typeof meta>

export const NothingSent: Story = {}

/** On its way: the time limit and Cancel are named. */
export const Sending: Story = { args: { sending: true, timeoutMs: 10_000 } }

export const OneResponse: Story = { args: { results: [receiverResult(false)] } }

/** Send twice: both responses side by side; an idempotent handler reports the second as a duplicate. */
export const SentTwice: Story = {
  args: { results: [receiverResult(false), receiverResult(true)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'First delivery' })).toBeInTheDocument()
    await expect(canvas.getByRole('heading', { name: 'Second delivery (identical request)' })).toBeInTheDocument()
  },
}

/** No response: CORS explained, with the request as curl and a preflight probe. */
export const CorsFailure: Story = {
  args: { failure: corsFailure },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/likely cause is CORS/)).toBeInTheDocument()
    await expect(canvas.getByRole('button', { name: 'Copy curl command' })).toBeInTheDocument()
    await expect(canvas.getByRole('button', { name: 'Copy preflight command' })).toBeInTheDocument()
  },
}

export const Offline: Story = { args: { failure: { ...corsFailure, cause: 'offline' } } }

export const MixedContent: Story = { args: { failure: { ...corsFailure, cause: 'mixed-content' } } }

export const Unreachable: Story = { args: { failure: { ...corsFailure, cause: 'unknown', message: 'Failed to fetch' } } }

/** A GitLab token stays out of the command: the note says how to set it. */
export const FailureWithSecretHeader: Story = {
  args: {
    failure: {
      ...corsFailure,
      curl: `curl -sS -X POST 'https://hooks.example.com/gitlab' -H 'Content-Type: application/json' -H 'X-Gitlab-Event: Push Hook' -H "X-Gitlab-Token: $X_GITLAB_TOKEN" --data-raw '{"object_kind":"push"}'`,
      envVars: [{ header: 'X-Gitlab-Token', variable: 'X_GITLAB_TOKEN' }],
    },
  },
}

/** The handler never answered within the limit: what providers do then, and the request as curl (no preflight probe). */
export const TimedOut: Story = {
  args: { failure: { ...corsFailure, cause: 'timeout', timeoutMs: 10_000, message: 'The handler did not answer in time.' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('No answer within 10 s:')).toBeInTheDocument()
    await expect(canvas.queryByRole('button', { name: 'Copy preflight command' })).toBeNull()
  },
}

export const Cancelled: Story = { args: { failure: { ...corsFailure, cause: 'cancelled', message: 'Cancelled.' } } }
