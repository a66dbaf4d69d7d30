import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import WebhookDeliveryPanel from './WebhookDeliveryPanel.vue'
import { corsFailure, receiverResult } from './fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Webhooks/WebhookDeliveryPanel',
  component: WebhookDeliveryPanel,
  parameters: componentDocs({
    purpose:
      'The outcome of Send / Send twice: one response, or two side by side (the second should be reported as a duplicate by an idempotent handler); or, with no response, its diagnosed cause and next step, the request as curl and a preflight probe.',
    keyboard:
      'No keys of its own: its code blocks and copy buttons in the Tab order.',
    accessibility:
      '`aria-busy` while sending; each response is a WebhookDeliveryResult section named by its title ("First delivery", "Second delivery (identical request)").',
  }),
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

/** A handler answered but without CORS: the preflight explained, with the request as curl and a preflight probe. */
export const CorsFailure: Story = {
  args: { failure: corsFailure },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/Blocked by CORS: the handler at 127.0.0.1:4501 answered/)).toBeInTheDocument()
    await expect(canvas.getByRole('button', { name: 'Copy curl command' })).toBeInTheDocument()
    await expect(canvas.getByRole('button', { name: 'Copy preflight command' })).toBeInTheDocument()
  },
}

export const Offline: Story = { args: { failure: { ...corsFailure, cause: 'offline' } } }

export const MixedContent: Story = { args: { failure: { ...corsFailure, cause: 'mixed-content' } } }

/** Nothing listening at the handler URL: "no server answered", never CORS. */
export const Unreachable: Story = { args: { failure: { ...corsFailure, cause: 'unreachable', url: 'http://127.0.0.1:4999/webhook', message: 'Failed to fetch' } } }

/** A hosted page refused Local Network Access to a handler on the user's machine. */
export const LocalNetworkRefused: Story = { args: { failure: { ...corsFailure, cause: 'local-network', url: 'http://localhost:3000/webhook', message: 'Failed to fetch' } } }

/** The handler answers with a redirect (a loop, or one the preflight may not follow). */
export const Redirect: Story = { args: { failure: { ...corsFailure, cause: 'redirect', message: 'Failed to fetch' } } }

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
