import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { recordingClipboard, stubClipboard } from '@/shared/testing/fake-clipboard'
import CopyButton from './CopyButton.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const clipboard = recordingClipboard()

const meta = {
  title: 'Shared/CopyButton',
  component: CopyButton,
  parameters: componentDocs({
    purpose:
      'Copies text to the clipboard ("Copy curl command"), with a brief "Copied" or failure note beside the button.',
    keyboard:
      'No keys of its own: a native button (Enter, Space) in the Tab order.',
    accessibility:
      'Its name stays the same after copying. The outcome is said through the app’s announcer; the visible note beside the button is `aria-hidden` so it is not read twice. Focus does not move.',
  }),
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
  beforeEach: clipboard.beforeEach,
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Copy value' }))
    await expect(args.onCopied).toHaveBeenCalled()
    await expect(clipboard.written).toEqual(['computed on click'])
  },
}
