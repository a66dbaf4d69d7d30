import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import CopyButton from './CopyButton.vue'

/** Replaces the clipboard for one story, so its outcome is deterministic. */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  return () => {
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard')
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    return () => {
      if (original) Object.defineProperty(navigator, 'clipboard', original)
    }
  }
}

const meta = {
  title: 'Common/CopyButton',
  component: CopyButton,
  args: { text: 'curl -sS https://example.com', label: 'Copy curl command', onCopied: fn(), onFailed: fn() },
} satisfies Meta<typeof CopyButton>

export default meta
type Story = StoryObj<typeof meta>

export const Idle: Story = {}

export const Copied: Story = {
  beforeEach: stubClipboard(() => Promise.resolve()),
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Copy curl command' })
    await userEvent.click(button)
    await expect(args.onCopied).toHaveBeenCalled()
    await expect(within(canvasElement).getByText('Copied')).toBeInTheDocument()
    // The name stays stable; focus stays on the button.
    await expect(button).toHaveAccessibleName('Copy curl command')
    await expect(button).toHaveFocus()
  },
}

export const CopyFailed: Story = {
  beforeEach: stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError'))),
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Copy curl command' })
    await userEvent.click(button)
    await expect(args.onFailed).toHaveBeenCalled()
    await expect(within(canvasElement).getByText('Copy failed')).toBeInTheDocument()
  },
}

export const LongLabel: Story = { args: { label: 'Copy the complete response body as formatted JSON' } }

/** The text is computed when clicked (`getText`), not passed in ahead. */
export const ComputedOnClick: Story = {
  args: { text: undefined, getText: () => 'computed on click', label: 'Copy value' },
  beforeEach: () => {
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard')
    const copied: string[] = []
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: (text: string) => (copied.push(text), Promise.resolve()) }, configurable: true })
    ;(globalThis as { __copied?: string[] }).__copied = copied
    return () => {
      if (original) Object.defineProperty(navigator, 'clipboard', original)
    }
  },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Copy value' }))
    await expect(args.onCopied).toHaveBeenCalled()
    await expect((globalThis as { __copied?: string[] }).__copied).toEqual(['computed on click'])
  },
}
