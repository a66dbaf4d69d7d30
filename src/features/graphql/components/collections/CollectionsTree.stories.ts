import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { expect, fn, userEvent, within } from 'storybook/test'
import CollectionsTree from './CollectionsTree.vue'
import { longNamesCollection, storyCollections } from './collections-fixtures'
import { nodeKey } from './tree-rows'
import { moveAt, removeAt, renameAt } from '@/features/graphql/core/collections/tree'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'GraphQL/CollectionsTree',
  component: CollectionsTree,
  parameters: componentDocs({
    purpose:
      'The side panel’s collections: each collection a top-level node with its folders (nested) and saved requests, filtered by the search words. Opening, renaming, deleting and moving are asked for by events; the container edits the collection and announces the result.',
    keyboard:
      'One Tab stop (the last focused item). **↑/↓** previous/next item, **→** opens a folder or goes to its first item, **←** closes it or goes to its parent, **Home/End** first/last item, typing a name’s first letters goes to it, **\\*** opens every folder beside the focused one, **Enter** opens a request in a new tab (or opens/closes a folder), **F2** renames in place (Enter keeps, Escape cancels), **Delete** deletes (Ctrl+Z undoes), **Alt+↑/↓** moves the item among its siblings, **Alt+→** into the folder above, **Alt+←** out of its folder.',
    accessibility:
      'The WAI-ARIA APG tree view: `role="tree"` named by `label`, `treeitem`s with `aria-level`, `aria-setsize`, `aria-posinset` and, on collections and folders, `aria-expanded`; children in `role="group"`. Focus is on the treeitem itself (roving tabindex), so screen readers follow it. Written rather than Naive UI’s NTree, whose focus stays on the container and which has no type-ahead or keyboard reordering.',
  }),
  args: {
    collections: storyCollections,
    filter: '',
    expanded: [],
    onOpen: fn(),
    onRename: fn(),
    onRemove: fn(),
    onMove: fn(),
    onUndo: fn(),
  },
  decorators: [() => ({ template: '<div style="max-width: 24rem; padding: 1rem"><story /></div>' })],
  // Stateful wrapper: the events edit the collections with the core's tree edits, as the panel does.
  render: (args) => ({
    components: { CollectionsTree },
    setup() {
      const collections = ref(JSON.parse(JSON.stringify(args.collections)) as typeof args.collections)
      const expanded = ref([...(args.expanded ?? [])])
      const current = ref<string>()
      const tree = ref<InstanceType<typeof CollectionsTree>>()
      const replace = (id: string, edit: (c: (typeof collections.value)[number]['collection']) => (typeof collections.value)[number]['collection']) =>
        (collections.value = collections.value.map((c) => (c.id === id ? { ...c, collection: edit(c.collection) } : c)))
      const onMove = (id: string, path: number[], direction: 'up' | 'down' | 'in' | 'out') => {
        args.onMove?.(id, path, direction)
        const moved = moveAt(collections.value.find((c) => c.id === id)!.collection, path, direction)
        if (!moved) return
        replace(id, () => moved.collection)
        expanded.value = [...expanded.value, nodeKey(id, moved.path.slice(0, -1))]
        void tree.value?.focusKey(nodeKey(id, moved.path))
      }
      const onRename = (id: string, path: number[], name: string) => {
        args.onRename?.(id, path, name)
        replace(id, (c) => renameAt(c, path, name))
      }
      const onRemove = (id: string, path: number[]) => {
        args.onRemove?.(id, path)
        if (path.length) replace(id, (c) => removeAt(c, path))
      }
      return { args, collections, expanded, current, tree, onMove, onRename, onRemove }
    },
    template: `<CollectionsTree ref="tree" v-model:expanded="expanded" v-model:current="current" :collections="collections" :filter="args.filter"
      @open="args.onOpen" @rename="onRename" @remove="onRemove" @move="onMove" @undo="args.onUndo" />`,
  }),
} satisfies Meta<typeof CollectionsTree>

export default meta
type Story = StoryObj<typeof meta>

const names = (canvasElement: HTMLElement) => [...canvasElement.querySelectorAll('[role="treeitem"] > .row .name')].map((n) => n.textContent)

/** Nothing saved yet. */
export const Empty: Story = {
  args: { collections: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No collections yet.')).toBeVisible()
    await expect(within(canvasElement).queryByRole('tree')).toBeNull()
  },
}

/** Two collections, closed: one Tab stop, on the first; → opens, ↓ walks, ← goes back to the parent. */
export const Collapsed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const tree = canvas.getByRole('tree', { name: 'Collections' })
    const items = within(tree).getAllByRole('treeitem')
    await expect(items.map((i) => i.getAttribute('tabindex'))).toEqual(['0', '-1'])
    await expect(items[0]).toHaveAttribute('aria-expanded', 'false')
    await expect(items[1]).toHaveAttribute('aria-posinset', '2')
    await userEvent.tab()
    await expect(items[0]).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByRole('treeitem', { name: 'Shop API' })).toHaveAttribute('aria-expanded', 'true')
    await userEvent.keyboard('{ArrowRight}')
    const orders = canvas.getByRole('treeitem', { name: 'Orders' })
    await expect(orders).toHaveFocus()
    await expect(orders).toHaveAttribute('aria-level', '2')
    await expect(orders).toHaveAttribute('aria-setsize', '3')
    await userEvent.keyboard('{ArrowLeft}')
    await expect(canvas.getByRole('treeitem', { name: 'Shop API' })).toHaveFocus()
    await userEvent.keyboard('{End}')
    await expect(canvas.getByRole('treeitem', { name: 'GitHub' })).toHaveFocus()
    await userEvent.keyboard('{Home}')
    await expect(canvas.getByRole('treeitem', { name: 'Shop API' })).toHaveFocus()
  },
}

/** Folders open (nested groups): type-ahead, Enter opens a request, F2 renames in place. */
export const Expanded: Story = {
  args: { expanded: ['shop/', 'shop/0', 'shop/0.2', 'shop/1', 'github/'] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('group').length).toBe(5)
    await expect(canvas.getByRole('treeitem', { name: 'Refund order' })).toHaveAttribute('aria-level', '4')
    await userEvent.tab()
    await userEvent.keyboard('pro')
    await expect(canvas.getByRole('treeitem', { name: 'Products' })).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await expect(args.onOpen).toHaveBeenCalledWith('shop', [1, 0])
    await userEvent.keyboard('{F2}')
    const field = canvas.getByRole('textbox', { name: 'Rename List products' })
    await expect(field).toHaveFocus()
    await userEvent.keyboard('{Control>}a{/Control}All products{Enter}')
    await expect(args.onRename).toHaveBeenCalledWith('shop', [1, 0], 'All products')
    await expect(canvas.getByRole('treeitem', { name: 'All products' })).toHaveFocus()
  },
}

/** Alt+arrows reorder: down among siblings, into the folder above, out again; Delete asks to delete. */
export const ReorderByKeyboard: Story = {
  args: { expanded: ['shop/', 'shop/0', 'shop/1'] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.tab()
    await userEvent.keyboard('{ArrowDown}{ArrowDown}') // List orders
    await expect(canvas.getByRole('treeitem', { name: 'List orders' })).toHaveFocus()
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}')
    await expect(args.onMove).toHaveBeenCalledWith('shop', [0, 0], 'down')
    await expect(canvas.getByRole('treeitem', { name: 'List orders' })).toHaveFocus()
    await expect(canvas.getByRole('treeitem', { name: 'List orders' })).toHaveAttribute('aria-posinset', '2')
    await userEvent.keyboard('{Alt>}{ArrowLeft}{/Alt}') // out of Orders: right after it
    await expect(canvas.getByRole('treeitem', { name: 'List orders' })).toHaveAttribute('aria-level', '2')
    await expect(names(canvasElement).slice(0, 5)).toEqual(['Shop API', 'Orders', 'Create order', 'Refunds', 'List orders'])
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}') // into Orders (the folder above), at its end
    await expect(canvas.getByRole('treeitem', { name: 'List orders' })).toHaveAttribute('aria-level', '3')
    await expect(canvas.getByRole('treeitem', { name: 'List orders' })).toHaveFocus()
    await userEvent.keyboard('{Delete}')
    await expect(args.onRemove).toHaveBeenCalledWith('shop', [0, 2])
  },
}

/** The search keeps matches and the folders on their way, open. */
export const Filtered: Story = {
  args: { filter: 'order' },
  play: async ({ canvasElement }) => {
    await expect(names(canvasElement)).toEqual(['Shop API', 'Orders', 'List orders', 'Create order', 'Refunds', 'Refund order'])
  },
}

/** Nothing matches the search. */
export const NoMatch: Story = {
  args: { filter: 'nothing like this' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No saved request or folder matches the search.')).toBeVisible()
  },
}

/** Names longer than the panel: cut with an ellipsis, whole in the accessible name. */
export const LongNames: Story = {
  args: { collections: [{ id: 'long', collection: longNamesCollection }], expanded: ['long/', 'long/0'] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('treeitem', { name: /ARequestNamedAfterAVeryLong/ })).toBeVisible()
  },
}
