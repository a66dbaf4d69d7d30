import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import WebhookCodeSnippet from './WebhookCodeSnippet.vue'
import { snippetOf } from './fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Webhooks/WebhookCodeSnippet',
  component: WebhookCodeSnippet,
  parameters: componentDocs({
    purpose:
      'A handler code sample: a CodeBlock with a heading, a copy button and one sentence about what the code does.',
    keyboard:
      'No keys of its own: the copy button above the code, then the code block, a Tab stop so long code can be scrolled.',
    accessibility:
      'The code is a named, focusable region read as plain text (CodeBlock); the copy outcome is announced by CopyButton.',
  }),
  args: {
    code: snippetOf('github'),
    title: 'Checking a GitHub request in Node',
    description: 'Verifies the signature over the raw body with a constant-time comparison, then dedupes on the delivery id.',
    copyLabel: 'Copy handler code',
  },
  decorators: [() => ({ template: '<div style="padding: 1rem; max-width: 60rem"><story /></div>' })],
} satisfies Meta<typeof WebhookCodeSnippet>

export default meta
type Story = StoryObj<typeof meta>

export const GitHub: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('region', { name: 'Checking a GitHub request in Node' })).toHaveTextContent('timingSafeEqual')
    await expect(canvas.getByRole('button', { name: 'Copy handler code' })).toBeInTheDocument()
  },
}

export const Stripe: Story = { args: { code: snippetOf('stripe'), title: 'Checking a Stripe request in Node' } }
export const StandardWebhooks: Story = { args: { code: snippetOf('standard-webhooks'), title: 'Checking a Standard Webhooks request in Node' } }
export const NoDescription: Story = { args: { code: 'console.log("short")', title: 'Short snippet', description: '' } }
