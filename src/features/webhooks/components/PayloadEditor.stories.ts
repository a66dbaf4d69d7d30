import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, within } from 'storybook/test'
import CodeEditor from '../../../shared/ui/CodeEditor.vue'
import { githubPush, stripeRefund } from './fixtures'

/** The shared CodeEditor as the webhook page uses it: a generated payload, JSON highlighting and lint. */
const meta = {
  title: 'Webhooks/PayloadEditor',
  component: CodeEditor,
  args: { modelValue: githubPush.body, label: 'Request body (JSON)', language: 'json', maxHeight: '20rem', 'onUpdate:modelValue': fn() },
  decorators: [() => ({ template: '<div style="padding: 1rem; max-width: 60rem"><story /></div>' })],
} satisfies Meta<typeof CodeEditor>

export default meta
type Story = StoryObj<typeof meta>

/** GitHub bodies are compact, as GitHub sends them. */
export const GitHubCompact: Story = {}

/** Stripe bodies are pretty-printed, as Stripe sends them. */
export const StripePretty: Story = { args: { modelValue: stripeRefund.body } }

/** Invalid JSON: the place is marked and said in words; the text is kept. */
export const InvalidJson: Story = {
  args: { modelValue: '{\n  "ref": "refs/heads/main",\n  "after": \n}', diagnostics: [{ line: 4, column: 1, message: 'Unexpected "}"; expected a JSON value.' }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Line 4, column 1:')).toBeInTheDocument()
    await expect(canvas.getByRole('textbox', { name: 'Request body (JSON)' })).toHaveAttribute('aria-invalid', 'true')
  },
}
