import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import SchemaStatus from './SchemaStatus.vue'
import { NOW } from '../fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const now = NOW.getTime()
const twoMinutesAgo = now - 2 * 60_000

const meta = {
  title: 'GraphQL/SchemaStatus',
  component: SchemaStatus,
  parameters: componentDocs({
    purpose:
      'The schema’s state in one plain sentence, with the actions that fit it: load or reload by introspection, cancel while loading, open the paste form, forget the schema. Type-system problems are listed, folded, under it.',
    keyboard:
      'No keys of its own: native buttons, and the summary of the problems’ native `<details>` (**Enter**/**Space** opens it), in the Tab order.',
    accessibility:
      'The Paste button has `aria-expanded` and `aria-controls` for the paste form. Not a live region: outcomes are announced once by the page through the app’s announcer.',
  }),
  args: { state: 'none', now, pasteId: 'schema-paste', onLoad: fn(), onCancel: fn(), onPaste: fn(), onClear: fn() },
  decorators: [() => ({ template: '<div style="max-width: 40rem; padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof SchemaStatus>

export default meta
type Story = StoryObj<typeof meta>

/** No schema yet: says where one can come from; Load and Paste. */
export const None: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/No schema\. Load it from the endpoint by introspection, or paste SDL \/ introspection JSON\./)).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Forget schema' })).toBeNull()
    const paste = canvas.getByRole('button', { name: 'Paste schema' })
    await expect(paste).toHaveAttribute('aria-expanded', 'false')
    await expect(paste).not.toHaveAttribute('aria-controls')
    await userEvent.click(canvas.getByRole('button', { name: 'Load schema' }))
    await expect(args.onLoad).toHaveBeenCalledOnce()
    await userEvent.click(paste)
    await expect(args.onPaste).toHaveBeenCalledOnce()
  },
}

/** Loading: the only action besides pasting is Cancel. */
export const Loading: Story = {
  args: { state: 'loading' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Loading schema…')).toBeVisible()
    await expect(canvas.queryByRole('button', { name: /Load schema/ })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel loading' }))
    await expect(args.onCancel).toHaveBeenCalledOnce()
  },
}

/** Loaded by introspection: where from, how long ago, how big. */
export const ReadyIntrospection: Story = {
  name: 'Ready (introspection)',
  args: { state: 'ready', source: 'introspection', typeCount: 1523, loadedAt: twoMinutesAgo },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvasElement.querySelector('p')).toHaveTextContent('Schema loaded from the endpoint 2 min ago · 1,523 types')
    await expect(canvasElement.querySelector('time')).toHaveAttribute('datetime', new Date(twoMinutesAgo).toISOString())
    await userEvent.click(canvas.getByRole('button', { name: 'Forget schema' }))
    await expect(args.onClear).toHaveBeenCalledOnce()
    await userEvent.click(canvas.getByRole('button', { name: 'Reload schema' }))
    await expect(args.onLoad).toHaveBeenCalledOnce()
  },
}

/** Read from this browser's cache on arrival: says so, with the age of the endpoint's answer; Reload asks again. */
export const ReadyFromCache: Story = {
  name: 'Ready (from the cache)',
  args: { state: 'ready', source: 'introspection', cached: true, typeCount: 1598, loadedAt: now - 3 * 60_000 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvasElement.querySelector('p')).toHaveTextContent('Schema from this browser’s cache, loaded from the endpoint 3 min ago · 1,598 types')
    await userEvent.click(canvas.getByRole('button', { name: 'Reload schema' }))
    await expect(args.onLoad).toHaveBeenCalledOnce()
  },
}

/** Pasted SDL, with the paste form open (aria-expanded, aria-controls). */
export const ReadyPastedSDL: Story = {
  name: 'Ready (pasted SDL)',
  render: (args) => ({
    components: { SchemaStatus },
    setup: () => ({ args }),
    template: '<div><SchemaStatus v-bind="args" /><div id="schema-paste">(the paste form)</div></div>',
  }),
  args: { state: 'ready', source: 'sdl', typeCount: 1, loadedAt: now - 10_000, pasteOpen: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvasElement.querySelector('p')).toHaveTextContent('Schema pasted as SDL just now · 1 type')
    const paste = canvas.getByRole('button', { name: 'Paste schema' })
    await expect(paste).toHaveAttribute('aria-expanded', 'true')
    await expect(paste).toHaveAttribute('aria-controls', 'schema-paste')
  },
}

/** Kept from another endpoint: says so, and how to refresh. */
export const StaleEndpoint: Story = {
  name: 'Stale (endpoint)',
  args: { state: 'stale', staleReason: 'endpoint', source: 'introspection', typeCount: 87, loadedAt: now - 3 * 3_600_000 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Stale: loaded for a different endpoint — reload to refresh')).toBeVisible()
  },
}

/** Loaded with other credentials: the schema a different token sees may differ. */
export const StaleAuth: Story = {
  name: 'Stale (auth)',
  args: { state: 'stale', staleReason: 'auth', source: 'introspection', typeCount: 1523, loadedAt: now - 2 * 86_400_000 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Stale: loaded with a different Authorization .* — reload to refresh/)).toBeVisible()
  },
}

/** The load failed: the sentence says why and what to do. */
export const Error: Story = {
  args: { state: 'error', error: 'Could not load the schema: 401 Unauthorized. The endpoint wants credentials: fill in the Authorization header (or the one it expects), then load again.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/401 Unauthorized/)).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Load schema' })).toBeVisible()
  },
}

/** A long message with an unbroken token wraps inside the column. */
export const LongError: Story = {
  args: {
    state: 'error',
    error: `Could not load the schema: the response is not an introspection result: Expected Iterable, but did not find one for field "__Type.fields" at https://api.example.com/graphql/v2/some/really/long/path/${'x'.repeat(120)}.`,
  },
}

/** A schema that breaks type-system rules (GitHub's does): used, its problems folded under the sentence. */
export const ReadyWithWarnings: Story = {
  name: 'Ready (with warnings)',
  args: {
    state: 'ready',
    source: 'introspection',
    typeCount: 1636,
    loadedAt: twoMinutesAgo,
    warnings: [
      'Interface field Reactable.databaseId is not deprecated, so implementation field PullRequest.databaseId must not be deprecated.',
      'Interface field UniformResourceLocatable.url is not deprecated, so implementation field TeamDiscussion.url must not be deprecated.',
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const summary = canvas.getByText('2 warnings: the schema breaks rules of the GraphQL spec; it is used anyway')
    await expect(canvas.queryByText(/PullRequest\.databaseId/)).not.toBeVisible()
    await userEvent.click(summary)
    await expect(canvas.getByText(/PullRequest\.databaseId must not be deprecated/)).toBeVisible()
  },
}

/** The load on arrival gave no schema: a calm note with the way on, Paste schema first. */
export const Unavailable: Story = {
  args: {
    state: 'unavailable',
    note: 'This endpoint does not allow introspection (it answered “GraphQL introspection is not allowed, but the query contained __schema or __type.”). Paste the schema (SDL or introspection JSON) for completion, checks and docs.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/^This endpoint does not allow introspection/)).toBeVisible()
    await expect(canvasElement.querySelector('.problem')).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Load schema' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Paste schema' })).toBeVisible()
  },
}
