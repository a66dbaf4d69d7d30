import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import ReplaySignForm from './ReplaySignForm.vue'
import { providerInfo } from './fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Webhooks/ReplaySignForm',
  component: ReplaySignForm,
  parameters: componentDocs({
    purpose:
      'The replay lab’s signing step: the secret and optionally the previous one of a rotation, and whether ids and timestamps are refreshed. When the app runs locally, the demo receiver’s secrets are offered.',
    keyboard:
      'No keys of its own: password fields with their Show checkboxes, checkboxes and buttons in the Tab order.',
    accessibility:
      'Secrets are WebhookSecretInputs (labelled, hint and error as descriptions), held by the parent in memory only. The options are a `group` named "Before sending".',
  }),
  args: {
    provider: providerInfo('stripe'),
    secret: '',
    previousSecret: '',
    refreshIds: true,
    refreshTimestamps: true,
    'onUpdate:secret': fn(),
    'onUpdate:previousSecret': fn(),
    'onUpdate:refreshIds': fn(),
    'onUpdate:refreshTimestamps': fn(),
  },
  decorators: [() => ({ template: '<div style="padding: 1rem; max-width: 48rem"><story /></div>' })],
} satisfies Meta<typeof ReplaySignForm>

export default meta
type Story = StoryObj<typeof meta>

/** Stripe, nothing entered: both fields are password fields, each with its own "Show" checkbox name. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const secret = canvas.getByLabelText('Endpoint signing secret')
    await expect(secret).toHaveAttribute('type', 'password')
    await expect(secret).toHaveAccessibleDescription(/memory only/)
    await userEvent.type(secret, 'w')
    await expect(args['onUpdate:secret']).toHaveBeenCalledWith('w')
    await expect(canvas.getByLabelText(/Previous secret/)).toHaveAccessibleDescription(/Send puts both signatures in one Stripe-Signature/)
    await expect(canvas.getByRole('checkbox', { name: 'Show the previous secret' })).not.toBeChecked()
  },
}

/** Mid-rotation on Stripe, with the demo receiver's two secrets offered (the app runs locally). */
export const RotationWithDemoSecrets: Story = {
  args: { secret: 'whsec_new', previousSecret: 'whsec_old', demoSecrets: { current: 'whsec_awbDemoStripeSecret000000000000', previous: 'whsec_awbDemoStripePrevious0000000000' } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Use both demo secrets' }))
    await expect(args['onUpdate:previousSecret']).toHaveBeenCalledWith('whsec_awbDemoStripePrevious0000000000')
    await expect(args['onUpdate:secret']).toHaveBeenCalledWith('whsec_awbDemoStripeSecret000000000000')
  },
}

/** GitHub carries one signature: the hint says which secret signs and that handlers verify against a list. */
export const SingleSignatureProvider: Story = {
  args: { provider: providerInfo('github'), secret: 'new', previousSecret: 'old' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText(/Previous secret/)).toHaveAccessibleDescription(/GitHub sends one signature/)
  },
}

/** A secret that cannot sign: its message at the field. */
export const SecretError: Story = {
  args: { provider: providerInfo('standard-webhooks'), secret: 'whsec_not base64!', error: 'The secret after whsec_ is not valid base64.' },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByLabelText('Signing secret')
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(/not valid base64/)
  },
}
