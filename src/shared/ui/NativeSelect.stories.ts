import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import NativeSelect from './NativeSelect.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const options = [
  { value: 'github', label: 'GitHub' },
  { value: 'stripe', label: 'Stripe' },
  { value: 'slack', label: 'Slack' },
]

const meta = {
  title: 'Primitives/NativeSelect',
  component: NativeSelect,
  parameters: componentDocs({
    purpose:
      'The design system’s select: a native `<select>` styled like Naive’s fields, used where a list of options needs no search. Naive’s NSelect is not used because its trigger and options have no roles.',
    keyboard:
      'The native select’s own keys on each platform (arrow keys, type-ahead, the platform’s key to open the list); nothing added.',
    accessibility:
      'Name it with a `<label for>` pointing at `id`; `aria-describedby`, `aria-invalid` and other attributes fall through to the `<select>`. `invalid` only draws the field as invalid: pair it with `aria-invalid` and a described-by message.',
  }),
  args: { modelValue: 'stripe', options, id: 'story-select', 'onUpdate:modelValue': fn() },
  render: (args) => ({
    components: { NativeSelect },
    setup: () => ({ args }),
    template: `<div style="display:grid;gap:4px;max-width:24rem"><label for="story-select">Provider</label><NativeSelect v-bind="args" /></div>`,
  }),
} satisfies Meta<typeof NativeSelect>

export default meta
type Story = StoryObj<typeof meta>

/** A choice is made by keyboard (arrow keys change a closed native select) and emitted. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Provider' })
    await expect(select).toHaveValue('stripe')
    await userEvent.selectOptions(select, 'slack')
    await expect(args['onUpdate:modelValue']).toHaveBeenCalledWith('slack')
  },
}

/** Long option text stays inside the field's width. */
export const LongLabels: Story = {
  args: {
    modelValue: 'a',
    options: [
      { value: 'a', label: 'checkout.session.async_payment_succeeded (Checkout session async payment succeeded)' },
      { value: 'b', label: 'b' },
    ],
  },
}

/** Invalid: the red edge pairs with aria-invalid and a message. */
export const Invalid: Story = {
  args: { invalid: true, 'aria-invalid': 'true', 'aria-describedby': 'story-select-error' } as never,
  render: (args) => ({
    components: { NativeSelect },
    setup: () => ({ args }),
    template: `<div style="display:grid;gap:4px;max-width:24rem"><label for="story-select">Provider</label><NativeSelect v-bind="args" /><p id="story-select-error" style="margin:0;color:var(--awb-error)">Choose a provider that signs requests.</p></div>`,
  }),
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Provider' })
    await expect(select).toHaveAttribute('aria-invalid', 'true')
    await expect(select).toHaveAccessibleDescription('Choose a provider that signs requests.')
  },
}

/** A disabled option is listed but cannot be chosen. */
export const DisabledOption: Story = {
  args: { options: [...options, { value: 'gitlab', label: 'GitLab (no signature)', disabled: true }] },
  play: async ({ canvasElement }) => {
    const option = within(canvasElement).getByRole('option', { name: 'GitLab (no signature)' })
    await expect(option).toBeDisabled()
  },
}
