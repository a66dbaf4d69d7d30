import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { onMounted, ref } from 'vue'
import JsonTree from './JsonTree.vue'
import { flattenJson } from '../core/json/json-tree'
import { recordingClipboard } from '@/shared/testing/fake-clipboard'
import { componentDocs } from '@/shared/storybook/component-docs'

/** A GraphQL-shaped response: small, with every value kind. */
const small = {
  data: {
    user: {
      id: '1',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      admin: true,
      score: 98.5,
      manager: null,
      tags: ['math', 'engines'],
      'first name': 'Ada',
    },
  },
}

/** `n` deterministic products, like the demo server's `products(count:)`. */
function products(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: `prod-${String(i + 1).padStart(6, '0')}`,
    name: `Product ${i + 1}`,
    email: `vendor${i % 997}@shop.example.com`,
    description: `Deterministic product number ${i + 1}, batch ${i % 113}.`,
    price: Math.round(((i * 7919) % 100_000) + 99) / 100,
    active: i % 3 !== 0,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  }))
}

function deep(levels: number): unknown {
  let value: unknown = { leaf: 'bottom', depth: levels }
  for (let i = levels - 1; i >= 0; i--) value = { [`level${i}`]: value, index: i }
  return value
}

const errorsShaped = {
  errors: [
    {
      message: 'This field always fails (demo of a partial response).',
      locations: [{ line: 1, column: 30 }],
      path: ['failing'],
      extensions: { code: 'DEMO_FAILURE' },
    },
  ],
  data: { users: [{ id: '1', name: 'Ada Lovelace' }], failing: null },
}

/** Replaces the clipboard for one story and records what was written. */
const clipboard = recordingClipboard()
const recordClipboard = clipboard.beforeEach
const copied = () => clipboard.written

const meta = {
  title: 'Shared/JsonTree',
  component: JsonTree,
  parameters: componentDocs({
    purpose:
      'A formatted, collapsible JSON tree for responses and stream events, with copy, expand-all and collapse-all buttons and the current path above it. Only the rows in view are in the DOM, so a large response scrolls like a small one.',
    keyboard:
      'APG tree view, one Tab stop (roving tabindex): **↑/↓**, **Home/End**, **Page Up/Down** and type-ahead move; **→** opens or goes to the first child, **←** closes or goes to the parent, **Enter** toggles. **Ctrl+C** copies the value, **Alt+Shift+C** the path.',
    accessibility:
      '`role="tree"` named by `label` and described by the key hint under it; each row is a `treeitem` with `aria-level`, `aria-posinset`, `aria-setsize`, `aria-expanded` and `aria-selected`, so the structure is told although most rows are not rendered. The copy buttons sit in a toolbar outside the tree (no interactive content in a treeitem).',
  }),
  args: { model: flattenJson(small), label: 'Response body', onCopied: fn() },
  decorators: [() => ({ template: '<div style="padding: 1rem; max-width: 48rem"><story /></div>' })],
} satisfies Meta<typeof JsonTree>

export default meta
type Story = StoryObj<typeof meta>

/** Arrow keys, Home/End, Left to the parent, type-ahead, and copying by keyboard. */
export const Small: Story = {
  beforeEach: recordClipboard,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const tree = canvas.getByRole('tree', { name: 'Response body' })
    const items = () => within(tree).getAllByRole('treeitem')
    // One Tab stop: only the first row is tabbable.
    await expect(items().filter((item) => item.tabIndex === 0)).toHaveLength(1)
    items()[0]?.focus()
    await expect(items()[0]).toHaveAttribute('aria-expanded', 'true')
    await userEvent.keyboard('{ArrowDown}')
    await expect(document.activeElement).toHaveTextContent('user: {8 keys}')
    await userEvent.keyboard('{ArrowDown}')
    await expect(document.activeElement).toHaveTextContent('id: "1"')
    await expect(document.activeElement).toHaveAttribute('aria-level', '3')
    await expect(document.activeElement).toHaveAttribute('aria-posinset', '1')
    await expect(document.activeElement).toHaveAttribute('aria-setsize', '8')
    await expect(document.activeElement).not.toHaveAttribute('aria-expanded')
    await userEvent.keyboard('{ArrowLeft}')
    await expect(document.activeElement).toHaveTextContent('user: {8 keys}')
    await userEvent.keyboard('{ArrowLeft}')
    await expect(document.activeElement).toHaveAttribute('aria-expanded', 'false')
    await expect(items()).toHaveLength(2)
    await userEvent.keyboard('{ArrowRight}')
    await expect(document.activeElement).toHaveAttribute('aria-expanded', 'true')
    await userEvent.keyboard('{End}')
    await expect(document.activeElement).toHaveTextContent('first name: "Ada"')
    await userEvent.keyboard('{Home}')
    await expect(document.activeElement).toHaveTextContent('data: {1 key}')
    // Type-ahead jumps to the next row whose key starts with the letters typed.
    await userEvent.keyboard('sc')
    await expect(document.activeElement).toHaveTextContent('score: 98.5')
    await userEvent.keyboard('{Control>}c{/Control}')
    await waitFor(() => expect(copied()).toEqual(['98.5']))
    await userEvent.keyboard('{Alt>}{Shift>}C{/Shift}{/Alt}')
    await waitFor(() => expect(copied()).toEqual(['98.5', '$.data.user.score']))
    await expect(args.onCopied).toHaveBeenCalledWith('path')
    await expect(canvas.getByText('$.data.user.score')).toBeInTheDocument()
  },
}

/** The copy buttons act on the focused row; a container copies as formatted JSON. */
export const CopyButtons: Story = {
  beforeEach: recordClipboard,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('treeitem', { name: /^tags:/ }))
    await expect(canvas.getByRole('treeitem', { name: /^tags:/ })).toHaveAttribute('aria-expanded', 'true')
    await userEvent.click(canvas.getByRole('button', { name: 'Copy value' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Copy path' }))
    await waitFor(() => expect(copied()).toEqual(['[\n  "math",\n  "engines"\n]', '$.data.user.tags']))
  },
}

/** 12 levels of nesting, all open. */
export const Deep: Story = { args: { model: flattenJson(deep(12)), expandDepth: 20 } }

/** 40 000 products (≈ 10 MB as JSON): only the rows in view are in the DOM. */
/** Built on first render, not passed as an arg: Storybook serialises args to its manager, and 280,000 nodes of typed arrays took most of the story's 26 s there. */
let hugeModel: ReturnType<typeof flattenJson> | undefined
export const Huge: Story = {
  args: { model: flattenJson({}) },
  render: (args) => ({
    components: { JsonTree },
    setup: () => ({ args, model: (hugeModel ??= flattenJson({ data: { products: products(40_000) } })) }),
    template: '<JsonTree v-bind="args" :model="model" />',
  }),
  play: async ({ canvasElement }) => {
    const tree = within(canvasElement).getByRole('tree')
    const items = () => within(tree).getAllByRole('treeitem')
    await expect(items().length).toBeLessThan(60)
    items()[0]?.focus()
    await userEvent.keyboard('{End}')
    await expect(document.activeElement).toHaveTextContent('39999: {7 keys}')
    await expect(document.activeElement).toHaveAttribute('aria-posinset', '40000')
    await expect(document.activeElement).toHaveAttribute('aria-setsize', '40000')
    await userEvent.keyboard('{ArrowRight}{ArrowDown}')
    await expect(document.activeElement).toHaveTextContent('id: "prod-040000"')
    await expect(items().length).toBeLessThan(60)
  },
}

/** A partial success: `errors` beside `data`. */
export const ErrorsShaped: Story = { args: { model: flattenJson(errorsShaped), label: 'Response body with errors' } }

export const EmptyObject: Story = { args: { model: flattenJson({}) } }

export const EmptyArray: Story = { args: { model: flattenJson([]) } }

/** A bare value as the whole document. */
export const PrimitiveRoot: Story = { args: { model: flattenJson('just a string') } }

/** Long strings are cut in the row (ellipsis, character count); copying gives the whole value. */
export const LongStrings: Story = {
  args: {
    model: flattenJson({
      token: 'x'.repeat(2000),
      sentence: 'A sentence long enough to run past the right edge of the tree at any usual width, so it ends in an ellipsis.',
      multiline: 'line one\nline two\n\ttabbed "quoted" \\ backslash',
    }),
  },
}

/** Everything starts collapsed to the top level. */
export const Collapsed: Story = { args: { model: flattenJson(errorsShaped), expandDepth: 1 } }

/**
 * `deferRows`: the tree renders its toolbar and its empty viewport (its full height, so nothing moves)
 * first, and its rows a task later; the GraphQL workspace sets it, where a large response arrives in a
 * busy task. The line under the tree counts the rows that were in it the moment it had mounted.
 */
export const DeferredRows: Story = {
  args: { deferRows: true },
  render: (args) => ({
    components: { JsonTree },
    setup() {
      const host = ref<HTMLElement>()
      const rowsAtMount = ref<number>()
      // A parent's `mounted` runs right after its children's, in the same task.
      onMounted(() => (rowsAtMount.value = host.value?.querySelectorAll('[role="treeitem"]').length))
      return { args, host, rowsAtMount }
    },
    template: '<div ref="host"><JsonTree v-bind="args" /></div><p>Rows in the tree when it had mounted: {{ rowsAtMount }}</p>',
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Rows in the tree when it had mounted: 0')).toBeInTheDocument()
    await waitFor(() => expect(canvas.getByRole('treeitem', { name: /^user:/ })).toBeVisible())
    await expect(canvas.getAllByRole('treeitem').length).toBeGreaterThan(5)
  },
}
