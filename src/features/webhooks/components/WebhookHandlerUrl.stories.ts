import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import WebhookHandlerUrl from './WebhookHandlerUrl.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Webhooks/WebhookHandlerUrl',
  component: WebhookHandlerUrl,
  parameters: componentDocs({
    purpose:
      'The handler URL field with its validation message at the field and, when the app runs locally, a one-click fill with the demo receiver’s URL.',
    keyboard:
      'No keys of its own: the input and the fill button in the Tab order.',
    accessibility:
      'The input is `aria-invalid` with its message (and hint) as `aria-describedby`; the typed text is never changed.',
  }),
  args: { modelValue: '', 'onUpdate:modelValue': fn(), onBlur: fn() },
  decorators: [() => ({ template: '<div style="padding: 1rem; max-width: 48rem"><story /></div>' })],
} satisfies Meta<typeof WebhookHandlerUrl>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.type(within(canvasElement).getByLabelText('Handler URL'), 'h')
    await expect(args['onUpdate:modelValue']).toHaveBeenCalledWith('h')
  },
}

export const Filled: Story = { args: { modelValue: 'https://hooks.example.com/webhooks/github' } }

/** The message sits at the field and describes it. */
export const Invalid: Story = {
  args: { modelValue: 'example.com/hook', error: 'This is not a complete URL: start with http:// or https:// and include the host.', showError: true },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByLabelText('Handler URL')
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(/not a complete URL/)
  },
}

/** Running locally: the demo receiver is offered. */
export const LocalSuggestion: Story = {
  args: { suggestion: 'http://127.0.0.1:4500/webhook' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Use the local demo receiver' }))
    await expect(args['onUpdate:modelValue']).toHaveBeenCalledWith('http://127.0.0.1:4500/webhook')
    // The button goes away on the page once used: focus moves to the field that holds the URL.
    await waitFor(() => expect(within(canvasElement).getByLabelText('Handler URL')).toHaveFocus())
  },
}

/** Send was tried with no URL: the message asks for one. */
export const Required: Story = {
  args: { error: 'Enter the URL of your webhook handler, e.g. https://example.com/webhooks.', showError: true },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByLabelText('Handler URL')
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAttribute('type', 'url')
    await expect(field).toHaveAccessibleDescription(/Enter the URL of your webhook handler/)
  },
}

/** A long URL stays in the field (it scrolls); the page does not widen. */
export const LongUrl: Story = {
  args: { modelValue: `https://hooks.internal.example-company.example.com/integrations/webhooks/github/${'segment/'.repeat(12)}receive?token=abc` },
}
