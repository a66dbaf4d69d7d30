import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, userEvent, within } from 'storybook/test'
import { recordingClipboard } from '@/shared/testing/fake-clipboard'
import CodeBlock from './CodeBlock.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const clipboard = recordingClipboard()

const SHORT = `curl -sS 'https://api.example.com/health'`
const LONG_LINE = `curl -i -X OPTIONS 'https://hooks.example.com/webhooks/github/receiver/with/a/very/long/path/that/keeps/going' -H 'Origin: https://workbench.example.com' -H 'Access-Control-Request-Method: POST' -H 'Access-Control-Request-Headers: content-type,x-github-delivery,x-github-event,x-github-hook-id,x-hub-signature-256'`
/** 80 numbered lines of JSON-ish text: taller than the block, so it scrolls. */
const MANY_LINES = ['{', ...Array.from({ length: 78 }, (_, i) => `  "field${String(i + 1).padStart(2, '0')}": "value number ${i + 1}",`), '}'].join('\n')

const meta = {
  title: 'Shared/CodeBlock',
  component: CodeBlock,
  parameters: componentDocs({
    purpose:
      'Read-only code or text (a curl command, a handler sample, a raw body) in a `<pre>`, as text only, never HTML. An optional heading and copy button sit above it; slots add a description above and notes below.',
    keyboard:
      'The block is one Tab stop (`tabindex="0"`) so a keyboard user can scroll long code with the arrow keys; the copy button is a native button.',
    accessibility:
      'The `<pre>` is a named `role="region"` (by `label`, `labelledby` or its title), and all of its text is in the DOM, so a screen reader can read it whole, unlike an editor that renders only what is in view.',
  }),
  args: { code: SHORT, title: 'Health check', copyLabel: 'Copy command' },
  decorators: [() => ({ template: '<div style="padding: 1rem; max-width: 40rem"><story /></div>' })],
} satisfies Meta<typeof CodeBlock>

export default meta
type Story = StoryObj<typeof meta>

/** A one-line command with a heading and a copy button; the heading names the region. */
export const Short: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const region = canvas.getByRole('region', { name: 'Health check' })
    await expect(region).toHaveTextContent(SHORT)
    await expect(region).toHaveAttribute('tabindex', '0')
    await expect(canvas.getByRole('heading', { level: 3, name: 'Health check' })).toBeInTheDocument()
  },
}

/** Nothing to show yet: a short text instead of an empty box, and no copy button. */
export const Empty: Story = {
  args: { code: '', emptyText: 'No command yet.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('No command yet.')).toBeInTheDocument()
    await expect(canvas.queryByRole('region')).toBeNull()
    await expect(canvas.queryByRole('button')).toBeNull()
  },
}

/** Long lines keep their shape and scroll sideways inside the block (reachable by Tab), never the page. */
export const LongLines: Story = {
  args: { code: LONG_LINE, title: 'Preflight probe', copyLabel: 'Copy preflight command' },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Preflight probe' })
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth)
  },
}

/** Bodies wrap long lines instead. */
export const LongLinesWrapped: Story = {
  args: { code: LONG_LINE, title: 'Response body', copyLabel: '', wrap: true },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Response body' })
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth)
  },
}

/** Taller than `maxHeight`: the block scrolls; Tab reaches it, so the arrow keys can scroll it. */
export const ManyLines: Story = {
  args: { code: MANY_LINES, title: 'Sample payload', copyLabel: 'Copy payload', maxHeight: '12rem' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const region = canvas.getByRole('region', { name: 'Sample payload' })
    await expect(region.scrollHeight).toBeGreaterThan(region.clientHeight)
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Copy payload' })).toHaveFocus()
    await userEvent.tab()
    await expect(region).toHaveFocus()
  },
}

/** The copy button copies the code as it is and says so; focus stays on the button. */
export const WithCopy: Story = {
  beforeEach: clipboard.beforeEach,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const button = canvas.getByRole('button', { name: 'Copy command' })
    await userEvent.click(button)
    await expect(await canvas.findByText('Copied')).toBeInTheDocument()
    await expect(clipboard.written).toEqual([SHORT])
    await expect(button).toHaveFocus()
  },
}

/** No heading and no copy button: the region is named by `label` (the GraphQL raw body). */
export const WithoutCopy: Story = {
  args: { code: '{"data":{"user":{"id":"1"}}}', title: '', copyLabel: '', label: 'Response body (raw)', wrap: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('region', { name: 'Response body (raw)' })).toHaveTextContent('{"data"')
    await expect(canvas.queryByRole('button')).toBeNull()
    await expect(canvas.queryByRole('heading')).toBeNull()
  },
}

/** Slots: a description above the code and a note below it. */
export const WithDescriptionAndNote: Story = {
  args: { code: `curl -sS -H "Authorization: $AUTHORIZATION" 'https://api.example.com/me'`, title: 'Who am I', copyLabel: 'Copy command' },
  render: (args) => ({
    components: { CodeBlock },
    setup: () => ({ args }),
    template: `<CodeBlock v-bind="args">
      <template #description><p style="margin: 0">Asks the API who the token belongs to.</p></template>
      <p style="margin: 0; font-size: 0.875rem">Set <code>AUTHORIZATION</code> first.</p>
    </CodeBlock>`,
  }),
}

/** Code is shown as text, never as HTML: markup in it stays visible and inert. */
export const MarkupIsText: Story = {
  args: { code: '<!doctype html><title>Not found</title><h1>Not found</h1><script>alert(1)</script>', title: 'Response body', copyLabel: '', wrap: true },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Response body' })
    await expect(region).toHaveTextContent('<script>alert(1)</script>')
    await expect(region.querySelector('script, h1, title')).toBeNull()
  },
}
