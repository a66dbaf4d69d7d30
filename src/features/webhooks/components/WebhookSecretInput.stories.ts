import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import WebhookSecretInput from './WebhookSecretInput.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Webhooks/WebhookSecretInput',
  component: WebhookSecretInput,
  parameters: componentDocs({
    purpose:
      'One secret as a password field with its label, hint and error, and a "Show <name>" checkbox. The parent keeps the value in memory only.',
    keyboard:
      'No keys of its own: the field and the Show checkbox (**Space**) in the Tab order.',
    accessibility:
      'The input is `aria-invalid` with its hint and error as `aria-describedby`. "Show <name>" is our own checkbox because NInput’s eye toggle is a mouse-only `<div>`.',
  }),
  args: { label: 'Signing secret', value: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', hint: "Kept in this tab's memory only.", 'onUpdate:value': fn() },
  decorators: [() => ({ template: '<div style="padding: 1rem; max-width: 32rem"><story /></div>' })],
} satisfies Meta<typeof WebhookSecretInput>

export default meta
type Story = StoryObj<typeof meta>

/** Hidden until "Show the secret" is ticked, by keyboard as well. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const field = canvas.getByLabelText('Signing secret')
    await expect(field).toHaveAttribute('type', 'password')
    await expect(field).toHaveAccessibleDescription("Kept in this tab's memory only.")
    canvas.getByRole('checkbox', { name: 'Show the secret' }).focus()
    await userEvent.keyboard(' ')
    await expect(field).toHaveAttribute('type', 'text')
  },
}

/** A secret that cannot be used: the message at the field. */
export const WithError: Story = {
  args: { error: 'The secret after whsec_ is not valid base64.' },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByLabelText('Signing secret')
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(/not valid base64/)
  },
}
