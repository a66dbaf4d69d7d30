import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import WebhookEventPicker from './WebhookEventPicker.vue'
import { providers } from '../core'

const meta = {
  title: 'Webhooks/WebhookEventPicker',
  component: WebhookEventPicker,
  args: { providers, providerId: 'github', eventType: 'push', 'onUpdate:providerId': fn(), 'onUpdate:eventType': fn() },
  decorators: [() => ({ template: '<div style="padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof WebhookEventPicker>

export default meta
type Story = StoryObj<typeof meta>

export const GitHubPush: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('combobox', { name: 'Event' })).toHaveAccessibleDescription(/pushed to a branch/)
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Provider' }), 'Stripe')
    await expect(args['onUpdate:providerId']).toHaveBeenCalledWith('stripe')
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Event' }), 'ping')
    await expect(args['onUpdate:eventType']).toHaveBeenCalledWith('ping')
  },
}

/** One story per provider, with its first event. */
export const Stripe: Story = { args: { providerId: 'stripe', eventType: 'checkout.session.completed' } }
export const Slack: Story = { args: { providerId: 'slack', eventType: 'url_verification' } }
export const Shopify: Story = { args: { providerId: 'shopify', eventType: 'orders/paid' } }
export const StandardWebhooks: Story = { args: { providerId: 'standard-webhooks', eventType: 'invoice.paid' } }
export const GitLab: Story = { args: { providerId: 'gitlab', eventType: 'merge_request.open' } }
