import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import WebhookVariantButtons from './WebhookVariantButtons.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Webhooks/WebhookVariantButtons',
  component: WebhookVariantButtons,
  parameters: componentDocs({
    purpose:
      'One-click robustness variants of the current payload: what handlers really get (a missing field, a null, a field a newer API version added). Each click changes the next field; Revert restores the body from before the first variant.',
    keyboard:
      'No keys of its own: native buttons in the Tab order, blocked ones included (Enter and Space do nothing on them).',
    accessibility:
      'A `group` labelled by its heading and, when blocked, described by the reason. Blocked buttons are `aria-disabled`, not disabled: they stay in the Tab order and each is described by the reason too.',
  }),
  args: { onApply: fn(), onRevert: fn() },
  decorators: [() => ({ template: '<div style="padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof WebhookVariantButtons>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Set a field to null' }))
    await expect(args.onApply).toHaveBeenCalledWith('set-null')
  },
}

export const AfterAChange: Story = {
  args: { lastChange: 'Removed `pull_request.user.login`.' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Revert variants' }))
    await expect(args.onRevert).toHaveBeenCalled()
  },
}

/** Invalid JSON: the buttons are unavailable (aria-disabled, still in the Tab order) and each is described by the reason. Ends with the first button focused. */
export const Blocked: Story = {
  args: { blockedReason: 'Variants need a valid JSON body.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const remove = canvas.getByRole('button', { name: 'Remove a field' })
    await expect(remove).toHaveAttribute('aria-disabled', 'true')
    await expect(remove).toHaveAccessibleDescription('Variants need a valid JSON body.')
    await expect(canvas.getByRole('group', { name: 'Robustness variants' })).toHaveAccessibleDescription('Variants need a valid JSON body.')
    await userEvent.click(remove)
    await userEvent.keyboard('{Enter}')
    await expect(args.onApply).not.toHaveBeenCalled()
    remove.blur()
    await userEvent.tab()
    await expect(remove).toHaveFocus()
  },
}

/** A change deep in a long payload, in a narrow column: buttons and the description wrap. */
export const LongChange: Story = {
  decorators: [() => ({ template: '<div style="max-width: 22rem"><story /></div>' })],
  args: { lastChange: 'Set `data.object.charges.data.0.payment_method_details.card.three_d_secure.authentication_flow_and_result_reason` to null.' },
}
