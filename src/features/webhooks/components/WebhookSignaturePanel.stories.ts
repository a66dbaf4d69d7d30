import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import WebhookSignaturePanel from './WebhookSignaturePanel.vue'
import { providerInfo } from './fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Webhooks/WebhookSignaturePanel',
  component: WebhookSignaturePanel,
  parameters: componentDocs({
    purpose:
      'Signing: a "Sign the request with my test secret" checkbox, the secret as a password field, the provider’s secret format as a hint and the error at the field. When the app runs locally, the demo receiver’s secret is offered as a one-click fill.',
    keyboard:
      'No keys of its own: the checkbox, the secret field with its Show checkbox and the fill button in the Tab order.',
    accessibility:
      'The secret is a WebhookSecretInput (labelled, hint and error as descriptions, our own Show checkbox), kept in memory only by the parent.',
  }),
  args: { provider: providerInfo('github'), sign: false, secret: '', 'onUpdate:sign': fn(), 'onUpdate:secret': fn() },
  decorators: [() => ({ template: '<div style="padding: 1rem; max-width: 48rem"><story /></div>' })],
} satisfies Meta<typeof WebhookSignaturePanel>

export default meta
type Story = StoryObj<typeof meta>

export const Off: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('checkbox', { name: /Sign the request/ }))
    await expect(args['onUpdate:sign']).toHaveBeenCalledWith(true)
  },
}

export const OnEmpty: Story = {
  args: { sign: true },
  play: async ({ canvasElement, args }) => {
    const field = within(canvasElement).getByLabelText('Webhook secret')
    await expect(field).toHaveAttribute('type', 'password')
    await expect(field).toHaveAccessibleDescription(/never saved/)
    await userEvent.type(field, 'x')
    await expect(args['onUpdate:secret']).toHaveBeenCalledWith('x')
  },
}

export const WithDemoSecret: Story = {
  args: { sign: true, provider: providerInfo('stripe'), demoSecret: 'whsec_awbDemoStripeSecret000000000000' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Use the demo secret' }))
    await expect(args['onUpdate:secret']).toHaveBeenCalledWith('whsec_awbDemoStripeSecret000000000000')
  },
}

/** A malformed secret: the message is at the field and describes it. */
export const InvalidSecret: Story = {
  args: {
    sign: true,
    provider: providerInfo('standard-webhooks'),
    secret: 'whsec_%%%',
    error: 'The secret must be whsec_ followed by standard base64 (A–Z, a–z, 0–9, +, / and = padding), e.g. whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw.',
  },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByLabelText('Signing secret')
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(/standard base64/)
  },
}

export const GitLabToken: Story = { args: { sign: true, provider: providerInfo('gitlab'), secret: 'sample-gitlab-token' } }

/** "Show the secret" reveals a long secret as text; it is a keyboard-operable checkbox (Space). */
export const Revealed: Story = {
  args: { sign: true, provider: providerInfo('slack'), secret: '8f742231b10e8888abcd99yyyzzz85a5'.repeat(3) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const field = canvas.getByLabelText('Signing secret')
    await expect(field).toHaveAttribute('type', 'password')
    const reveal = canvas.getByRole('checkbox', { name: 'Show the secret' })
    reveal.focus()
    await userEvent.keyboard(' ')
    await expect(reveal).toHaveAttribute('aria-checked', 'true')
    await expect(field).toHaveAttribute('type', 'text')
  },
}
