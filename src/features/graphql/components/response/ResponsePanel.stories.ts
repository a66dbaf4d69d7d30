import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, userEvent, within } from 'storybook/test'
import ResponsePanel from './ResponsePanel.vue'
import { flattenJson } from '../../../../shared/core/json/json-tree'
import { previewJsonTree } from '../../../../shared/core/json/json-prefix'
import { NOW, PAGE_ORIGIN, corsFailure, emptyBody, htmlPage, partial, proxyError, success, successWithRateLimits } from '../fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'GraphQL/ResponsePanel',
  component: ResponsePanel,
  parameters: componentDocs({
    purpose:
      'The outcome of a request: metrics and verdict, GraphQL errors apart from the data, the body (tree or raw, with Download body), the response headers and, when the server sent rate-limit headers, its quotas. A network error shows CorsHelp; cancel and timeout say so.',
    keyboard:
      'No keys of its own: the Tree/Raw radio group (arrow keys), Download body, and the JsonTree or raw CodeBlock with their own keys.',
    accessibility:
      'Sections under `h3` headings (Body, Rate limits); the body tree is named "Response body", the raw block "Response body (raw)". A body too large to format says so and offers the download.',
  }),
  args: { pageOrigin: PAGE_ORIGIN, now: NOW },
  decorators: [() => ({ template: '<div style="max-width: 56rem; padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof ResponsePanel>

export default meta
type Story = StoryObj<typeof meta>

export const NoResponseYet: Story = {}
export const Sending: Story = { args: { sending: true } }

/** Body as a JSON tree, with the raw text a radio away. */
export const Success: Story = {
  args: { outcome: success, model: flattenJson(success.json) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('tree', { name: 'Response body' })).toHaveTextContent('Ada Lovelace')
    await userEvent.click(canvas.getByRole('radio', { name: 'Raw' }))
    await expect(canvas.getByRole('region', { name: 'Response body (raw)' })).toHaveTextContent('{"data":{"user"')
  },
}

/** Rate-limit headers become the quota cards of the rate-limit tool. */
export const WithRateLimits: Story = {
  args: { outcome: successWithRateLimits, model: flattenJson(successWithRateLimits.json) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Rate limits' })).toBeVisible()
  },
}

/**
 * The frame after a response arrives in the workspace: the status and body are there, the rate limits
 * and headers follow in the next task (`details` false).
 */
export const DetailsToFollow: Story = {
  args: { outcome: successWithRateLimits, model: flattenJson(successWithRateLimits.json), details: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('tree', { name: 'Response body' })).toBeVisible()
    await expect(canvas.queryByRole('heading', { name: 'Rate limits' })).toBeNull()
    await expect(canvas.queryByRole('heading', { name: /^Response headers/ })).toBeNull()
  },
}

export const PartialWithErrors: Story = { args: { outcome: partial, model: flattenJson(partial.json) } }
export const ProxyError: Story = { args: { outcome: proxyError, model: flattenJson(proxyError.json) } }
/** A large body: its size and time first while the tree is prepared. */
export const Formatting: Story = { args: { formatting: { sizeBytes: 10_072_052, durationMs: 812.4 } } }
/** The start of a large body, cut mid-item, as the page gets it while the rest arrives. */
const largeBodyStart = JSON.stringify({
  data: { products: Array.from({ length: 60 }, (_, i) => ({ id: `prod-${String(i + 1).padStart(6, '0')}`, name: `Product ${i + 1}`, price: 10 + i })) },
}).slice(0, 2_000)

/** A large body still arriving: the tree of its start under "Sending…". */
export const SendingWithPreview: Story = {
  args: { sending: true, preview: previewJsonTree(largeBodyStart) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Receiving a large body; its start is below.')).toBeVisible()
    const tree = canvas.getByRole('tree', { name: 'Response body, its start' })
    await expect(tree).toHaveTextContent('prod-000001')
    // The array cut mid-way counts what came so far; its first item is whole.
    await expect(canvas.getByRole('treeitem', { name: /^products:\s*\[39 items so far\]/ })).toBeVisible()
    await expect(canvas.getByRole('treeitem', { name: /^0:\s*\{3 keys\}/ })).toBeVisible()
  },
}
/** The whole body arrived and is being parsed: the preview stays until the tree is ready. */
export const FormattingWithPreview: Story = {
  args: { formatting: { sizeBytes: 5_064_514, durationMs: 412.7 }, preview: previewJsonTree(largeBodyStart) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('tree', { name: 'Response body, its start' })).toHaveTextContent('Product 1')
  },
}
/** No tree model (e.g. invalid JSON): the raw text only. */
export const RawOnly: Story = { args: { outcome: { ...success, json: undefined } } }
export const HtmlPage: Story = { args: { outcome: htmlPage } }
export const EmptyBody: Story = { args: { outcome: emptyBody } }
export const Cancelled: Story = { args: { outcome: { kind: 'aborted', durationMs: 812 } } }
export const TimedOut: Story = { args: { outcome: { kind: 'timeout', durationMs: 500 }, timeoutMs: 500 } }
export const CorsBlocked: Story = { args: { outcome: corsFailure } }

/**
 * A body over the size guard (100 MB took the tab down): its size first, its start as
 * text (never parsed), and the download. The story's body is small; the page keeps 200,000 characters and shows 50,000.
 */
export const OversizedBody: Story = {
  args: {
    outcome: {
      ...success,
      mediaType: 'text/plain',
      json: undefined,
      bodyText: Array.from({ length: 12 }, (_, i) => `line ${i + 1}: The compact keyboard for teams that ship every day.`).join('\n'),
      bodyTruncated: true,
      sizeBytes: 100_000_000,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByTestId('body-oversized')).toHaveTextContent('This body is 100 MB: larger than the 32 MB the page formats')
    await expect(canvas.getByRole('button', { name: 'Download body' })).toBeVisible()
  },
}
