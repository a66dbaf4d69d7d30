import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { expect, fn, userEvent, within } from 'storybook/test'
import DocsRootView from './DocsRootView.vue'
import { smallIndex } from './docs-fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const focused = () => document.activeElement as HTMLElement

//  The docs explorer's start on its own: search over the schema, root types, all types A–Z.
const meta = {
  title: 'GraphQL/DocsRootView',
  component: DocsRootView,
  parameters: componentDocs({
    purpose:
      'The docs explorer’s start: a search box over every type, field, argument and enum value, the root operation types, and all types A–Z (built-in scalars last).',
    keyboard:
      'In the search box: **↓** goes to the first result, **Enter** opens the first result, **Escape** clears the search (when it has text). The lists are DocsLists.',
    accessibility:
      'The "Schema" heading takes focus when the view opens; the search box is `type="search"`, described by its hint.',
  }),
  args: { index: smallIndex(), canInsert: true, hintId: 'docs-hint', search: '', onNavigate: fn(), onInsert: fn() },
  argTypes: { index: { control: false } },
  // Stateful wrapper: v-model:search, as the explorer binds it.
  render: (args) => ({
    components: { DocsRootView },
    setup: () => ({ args, search: ref(args.search) }),
    template: `<div style="padding: 1rem; max-width: 40rem">
      <p id="docs-hint" style="margin: 0 0 0.5rem">Arrow keys move; Enter opens; Shift+Enter inserts a field into the query.</p>
      <DocsRootView v-model:search="search" :index="args.index" :can-insert="args.canInsert" :hint-id="args.hintId" @navigate="args.onNavigate" @insert="args.onInsert" />
    </div>`,
  }),
} satisfies Meta<typeof DocsRootView>

export default meta
type Story = StoryObj<typeof meta>

/** No search: root types and all types, each list one Tab stop after the search box. */
export const Start: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.tab()
    await expect(canvas.getByRole('searchbox', { name: 'Search the schema' })).toHaveFocus()
    await userEvent.tab()
    await expect(focused()).toHaveAccessibleName(/^Query query root/)
    await userEvent.keyboard('{Enter}')
    await expect(args.onNavigate).toHaveBeenLastCalledWith({ push: ['Query'] }, 'root:Query')
    await userEvent.tab()
    await expect(focused()).toHaveAccessibleName('AuditEntry object')
  },
}

/** Typing searches; Down arrow moves into the results, Enter in the box opens the first, Escape clears. */
export const Searching: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const box = canvas.getByRole('searchbox', { name: 'Search the schema' })
    await userEvent.type(box, 'post')
    await expect(canvas.getByRole('heading', { name: 'Search results' })).toBeVisible()
    const results = canvas.getByRole('listbox', { name: 'Search results' })
    await expect(within(results).getAllByRole('option').length).toBeGreaterThan(3)
    await userEvent.keyboard('{ArrowDown}')
    await expect(focused()).toBe(within(results).getAllByRole('option')[0])
    box.focus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onNavigate).toHaveBeenCalledTimes(1)
    await userEvent.keyboard('{Escape}')
    await expect(box).toHaveValue('')
    await expect(canvas.getByRole('listbox', { name: 'Root types' })).toBeVisible()
  },
}

/** Results include deprecated fields, tagged in words. */
export const SearchWithDeprecated: Story = {
  args: { search: 'username' },
  play: async ({ canvasElement }) => {
    const results = within(canvasElement).getByRole('listbox', { name: 'Search results' })
    await expect(within(results).getAllByRole('option')[0]).toHaveTextContent('Deprecated')
  },
}

/** Nothing matches: a sentence says so and no empty list is shown. */
export const NoMatches: Story = {
  args: { search: 'zzzz' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('No matches for “zzzz”.')).toBeVisible()
    await expect(canvas.queryByRole('listbox')).toBeNull()
  },
}

/** Fields cannot be inserted: Shift+Enter on a field result does nothing. */
export const CannotInsert: Story = {
  args: { canInsert: false, search: 'User.name' },
  play: async ({ canvasElement, args }) => {
    const results = within(canvasElement).getByRole('listbox', { name: 'Search results' })
    within(results).getAllByRole('option')[0]?.focus()
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}')
    await expect(args.onInsert).not.toHaveBeenCalled()
  },
}
