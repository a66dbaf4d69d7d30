import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import WebhookHeaderList from './WebhookHeaderList.vue'
import { githubPush, providerInfo, sampleOf, shopifyOrder } from './fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Webhooks/WebhookHeaderList',
  component: WebhookHeaderList,
  parameters: componentDocs({
    purpose:
      'The request headers as a definition list, in the order they are sent, each once. Signature headers that Send adds when signing is on follow, marked as such; one the sample already sends keeps its row, marked as signed.',
    keyboard:
      'None: text only.',
    accessibility:
      'A description list, name then value, so a screen reader reads each pair; the marks are words ("(covered by the signature)", "computed when you send"), not only a style.',
  }),
  args: { headers: githubPush.headers, signatureHeaders: providerInfo('github').signatureHeaders, signing: false },
  decorators: [() => ({ template: '<div style="padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof WebhookHeaderList>

export default meta
type Story = StoryObj<typeof meta>

export const Unsigned: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('X-GitHub-Delivery')).toBeInTheDocument()
    await expect(canvas.getByText('not sent: signing is off')).toBeInTheDocument()
  },
}

export const Signing: Story = { args: { signing: true } }

export const Shopify: Story = {
  args: { headers: shopifyOrder.headers, signatureHeaders: providerInfo('shopify').signatureHeaders, signing: true },
}

/** Long names and values wrap inside the list instead of widening the page. */
export const LongValues: Story = {
  args: {
    headers: {
      ...githubPush.headers,
      'X-GitHub-Hook-Installation-Target-Type-With-An-Unusually-Long-Name': 'repository',
      'X-Custom-Trace': 'a'.repeat(40) + '-' + 'b'.repeat(60) + '-' + 'c'.repeat(40),
    },
  },
}

export const StandardWebhooks: Story = {
  args: { headers: sampleOf('standard-webhooks', 'invoice.paid').headers, signatureHeaders: providerInfo('standard-webhooks').signatureHeaders },
}

export const Empty: Story = { args: { headers: {}, signatureHeaders: [] } }

/** Slack and Standard Webhooks send some signed headers anyway: each is listed once, with its value. */
export const SignedHeadersListedOnce: Story = {
  args: { headers: sampleOf('slack', 'app_mention').headers, signatureHeaders: providerInfo('slack').signatureHeaders, signing: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByText('X-Slack-Request-Timestamp')).toHaveLength(1)
    await expect(canvas.getAllByText('not sent: signing is off')).toHaveLength(1)
    await expect(canvas.getByText('X-Slack-Signature')).toBeInTheDocument()
  },
}

export const StandardWebhooksSigning: Story = {
  args: { headers: sampleOf('standard-webhooks', 'invoice.paid').headers, signatureHeaders: providerInfo('standard-webhooks').signatureHeaders, signing: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByText('webhook-id')).toHaveLength(1)
    await expect(canvas.getAllByText('webhook-timestamp')).toHaveLength(1)
    await expect(canvas.getAllByText(/covered by the signature/)).toHaveLength(2)
    await expect(canvas.getAllByText('computed when you send (signing is on)')).toHaveLength(1)
  },
}
