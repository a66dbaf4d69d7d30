import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import HeaderPasteInput from './HeaderPasteInput.vue'
import { examples } from '../core'

const meta = {
  title: 'RateLimits/HeaderPasteInput',
  component: HeaderPasteInput,
  args: { modelValue: '', 'onUpdate:modelValue': fn() },
  decorators: [() => ({ template: '<div style="padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof HeaderPasteInput>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'Response headers' })
    await expect(box).toHaveAccessibleDescription(/Nothing leaves your browser/)
    await userEvent.type(box, 'x')
    await expect(args['onUpdate:modelValue']).toHaveBeenCalledWith('x')
  },
}

export const Filled: Story = { args: { modelValue: examples[0]?.text ?? '' } }

export const CustomLabel: Story = { args: { label: 'Headers of the 429 response', rows: 4 } }

/** Long unwrapped lines (a HAR or cookie dump): the area scrolls sideways instead of wrapping; Tab leaves it (no trap). */
export const LongLines: Story = {
  args: {
    modelValue: [
      'HTTP/2 429',
      `set-cookie: session=${'a1b2c3d4'.repeat(24)}; Path=/; Secure; HttpOnly; SameSite=Lax`,
      `x-request-id: ${'f'.repeat(120)}`,
      'retry-after: 30',
    ].join('\n'),
    rows: 5,
  },
  decorators: [() => ({ template: '<div><story /><button type="button" style="min-height: 2rem; margin-top: 0.5rem">After</button></div>' })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const box = canvas.getByRole('textbox', { name: 'Response headers' })
    await expect(box).toHaveAttribute('wrap', 'off')
    await expect(box).toHaveAttribute('spellcheck', 'false')
    box.focus()
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'After' })).toHaveFocus()
  },
}
