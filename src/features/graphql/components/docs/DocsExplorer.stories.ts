import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { NButton } from 'naive-ui'
import { ref } from 'vue'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import DocsExplorer from './DocsExplorer.vue'
import type { DocsIndex } from '../../core/schema'
import { largeIndex, smallIndex } from './docs-fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'GraphQL/DocsExplorer',
  component: DocsExplorer,
  parameters: componentDocs({
    purpose:
      'The GraphQL docs explorer: browse the schema from the root types to types, fields, arguments and enum values, or search it, and insert a field into the query.',
    keyboard:
      'Each list is one Tab stop (see DocsList); **Enter** opens, **Shift+Enter** inserts a field; **Backspace** or **Alt+←** goes back, as do the breadcrumbs.',
    accessibility:
      'When the view changes under the keyboard, focus moves to the new view’s heading (`tabindex="-1"`), or, going back, to the row one came from, so it is never left on a removed element. Without a schema it says so in a focusable paragraph.',
  }),
  args: { index: smallIndex(), stack: [], canInsert: true, onInsert: fn(), 'onUpdate:stack': fn() },
  argTypes: { index: { control: false } },
  // A stateful wrapper: v-model:stack as the page binds it. `loaded.index` (the large schema) is
  // built in a loader so the other stories do not pay for it.
  render: (args, { loaded }) => ({
    components: { DocsExplorer },
    setup() {
      const stack = ref<string[]>([...args.stack])
      const index = (loaded as { index?: DocsIndex }).index ?? args.index
      return { args, stack, index }
    },
    template: `<div style="padding: 1rem; max-width: 40rem">
      <DocsExplorer v-model:stack="stack" :index="index" :can-insert="args.canInsert" @update:stack="args['onUpdate:stack']" @insert="args.onInsert" />
    </div>`,
  }),
} satisfies Meta<typeof DocsExplorer>

export default meta
type Story = StoryObj<typeof meta>

const heading = (canvas: ReturnType<typeof within>, name: string | RegExp) => canvas.getByRole('heading', { level: 3, name })
const focused = () => document.activeElement as HTMLElement

/** No schema yet: one sentence saying how to get one, no lists or breadcrumbs. */
export const Empty: Story = {
  args: { index: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('No schema loaded yet — load or paste one to browse its types.')).toBeVisible()
    await expect(canvas.queryByRole('navigation')).toBeNull()
    await expect(canvas.queryByRole('listbox')).toBeNull()
  },
}

/** The start: search, root types, all types A–Z. Arrow keys, Enter opens, Backspace comes back to the same row. */
export const Root: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText('Search the schema')).toBeVisible()
    const roots = canvas.getByRole('listbox', { name: 'Root types' })
    const options = within(roots).getAllByRole('option')
    await expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Query'),
      expect.stringContaining('Mutation'),
      expect.stringContaining('Subscription'),
    ])
    // One Tab stop per list.
    await expect(options.filter((o) => o.tabIndex === 0)).toHaveLength(1)
    const allOptions = () => within(canvas.getByRole('listbox', { name: 'All types, A to Z' })).getAllByRole('option')
    // Built-in scalars come last.
    await expect(allOptions().at(-1)).toHaveAccessibleName('String scalar, built-in')
    await expect(allOptions()[0]).toHaveAccessibleName('AuditEntry object')

    options[0]?.focus()
    await userEvent.keyboard('{ArrowDown}')
    await expect(focused()).toHaveAccessibleName('Mutation mutation root The mutation root.')
    await expect(focused()).toHaveAttribute('aria-posinset', '2')
    await expect(focused()).toHaveAttribute('aria-setsize', '3')
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(focused()).toBe(heading(canvas, 'Mutation')))
    await expect(args['onUpdate:stack']).toHaveBeenLastCalledWith(['Mutation'])
    await expect(canvas.getByText('Mutation', { selector: '[aria-current="location"]' })).toBeVisible()
    await userEvent.keyboard('{Backspace}')
    await waitFor(() => expect(focused()).toHaveAccessibleName(/^Mutation mutation root/))
    await expect(focused()).toHaveAttribute('role', 'option')
    // Type-ahead in the A–Z list (the root view was rendered anew: query it again).
    allOptions()[0]?.focus()
    await userEvent.keyboard('postst')
    await expect(focused()).toHaveAccessibleName('PostStatus enum')
  },
}

/** A type: kind, description, implements, fields with arguments and deprecations; Enter opens a field, Shift+Enter inserts it. */
export const TypeView: Story = {
  args: { stack: ['User'] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(heading(canvas, 'User')).toBeVisible()
    await expect(canvas.getByText('Object type')).toBeVisible()
    await expect(canvas.getByText('Someone who can sign in.')).toBeVisible()
    await expect(within(canvas.getByRole('listbox', { name: 'Interfaces User implements' })).getByRole('option')).toHaveAccessibleName('Node interface')
    const fields = canvas.getByRole('listbox', { name: 'Fields of User' })
    const options = within(fields).getAllByRole('option')
    await expect(options).toHaveLength(7)
    await expect(options[4]).toHaveAccessibleName(
      'posts(first: Int = 10, after: String, orderBy: PostOrder = { field: CREATED_AT, direction: DESC }, status: PostStatus): [Post!]! Posts the user wrote, newest first.',
    )
    await expect(options[5]).toHaveAccessibleName('username: String Deprecated Use `name`.')
    await expect(options[5]?.querySelector('.tag')).toHaveTextContent('Deprecated')
    options[0]?.focus()
    await userEvent.keyboard('{End}')
    await expect(focused()).toHaveAccessibleName('createdAt: DateTime!')
    await userEvent.keyboard('{Home}{ArrowDown}')
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}')
    await expect(args.onInsert).toHaveBeenCalledWith({ typeName: 'User', fieldName: 'name' })
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(focused()).toBe(heading(canvas, 'User.name')))
    await userEvent.click(within(canvas.getByText(/^Field of/)).getByRole('button', { name: 'User' }))
    await waitFor(() => expect(focused()).toBe(heading(canvas, 'User')))
  },
}

/** A field with arguments, defaults, descriptions and a deprecated argument; its type opens that type. */
export const FieldWithArguments: Story = {
  args: { stack: ['User', 'User.posts'] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(heading(canvas, 'User.posts')).toBeVisible()
    const argList = canvas.getByRole('listbox', { name: 'Arguments of posts' })
    const options = within(argList).getAllByRole('option')
    await expect(options[0]).toHaveAccessibleName('first: Int = 10 How many posts to return, at most 100.')
    await expect(options[3]).toHaveAccessibleName('status: PostStatus Deprecated Filter with `orderBy` instead. Only posts in this state.')
    await userEvent.click(canvas.getByRole('button', { name: 'Insert into query' }))
    await expect(args.onInsert).toHaveBeenCalledWith({ typeName: 'User', fieldName: 'posts' })
    // Enter on an argument opens its type; Alt+Left comes back to the argument.
    options[2]?.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(focused()).toBe(heading(canvas, 'PostOrder')))
    await userEvent.keyboard('{Alt>}{ArrowLeft}{/Alt}')
    await waitFor(() => expect(focused()).toHaveAccessibleName('orderBy: PostOrder = { field: CREATED_AT, direction: DESC }'))
    // The breadcrumbs go back further.
    const crumbs = canvas.getByRole('navigation', { name: 'Docs breadcrumb' })
    await expect(within(crumbs).getByText('posts')).toHaveAttribute('aria-current', 'location')
    await userEvent.click(within(crumbs).getByRole('button', { name: 'User' }))
    await waitFor(() => expect(focused()).toBe(heading(canvas, 'User')))
    await userEvent.click(canvas.getByRole('option', { name: /^posts\(/ }))
    await waitFor(() => expect(heading(canvas, 'User.posts')).toBeVisible())
    await userEvent.click(canvas.getByRole('button', { name: 'Post' }))
    await waitFor(() => expect(focused()).toBe(heading(canvas, 'Post')))
    await userEvent.keyboard('{Backspace}')
    await waitFor(() => expect(focused()).toHaveAccessibleName('Post'))
    await expect(heading(canvas, 'User.posts')).toBeVisible()
  },
}

/** Deprecations are words (a "Deprecated" tag and the reason), never only colour. */
export const Deprecated: Story = {
  args: { stack: ['Mutation', 'Mutation.publishPost'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Deprecated')).toBeVisible()
    await expect(canvas.getByText('Use `createPost(input: {publish: true})`.')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Post' }))
    await waitFor(() => expect(heading(canvas, 'Post')).toBeVisible())
    await expect(canvas.getByRole('option', { name: 'legacyId: Int Deprecated No longer supported' })).toBeVisible()
    await userEvent.click(canvas.getByRole('option', { name: 'status: PostStatus!' }))
    await waitFor(() => expect(heading(canvas, 'Post.status')).toBeVisible())
    await userEvent.click(canvas.getByRole('button', { name: 'PostStatus' }))
    await waitFor(() => expect(heading(canvas, 'PostStatus')).toBeVisible())
    const values = canvas.getByRole('listbox', { name: 'Values of PostStatus' })
    const archived = within(values).getByRole('option', { name: 'ARCHIVED Deprecated Archived posts are deleted after 30 days; use DELETED.' })
    await expect(within(archived).getByText('Deprecated')).toBeVisible()
  },
}

/** An enum: its values with descriptions; Enter on a value does nothing (there is nowhere to go). */
export const EnumType: Story = {
  args: { stack: ['Role'] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Enum')).toBeVisible()
    const values = within(canvas.getByRole('listbox', { name: 'Values of Role' })).getAllByRole('option')
    await expect(values.map((v) => v.getAttribute('aria-posinset'))).toEqual(['1', '2', '3', '4'])
    values[0]?.focus()
    await userEvent.keyboard('{Enter}')
    await expect(args['onUpdate:stack']).not.toHaveBeenCalled()
    await expect(focused()).toHaveAccessibleName('VIEWER Reads only.')
  },
}

/** An input object: input fields with defaults; no inserting (they are not selectable). */
export const InputType: Story = {
  args: { stack: ['CreatePostInput'] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Input object')).toBeVisible()
    const fields = within(canvas.getByRole('listbox', { name: 'Input fields of CreatePostInput' })).getAllByRole('option')
    await expect(fields[2]).toHaveAccessibleName('tags: [String!] = [] Up to 10 tags.')
    fields[2]?.focus()
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}')
    await expect(args.onInsert).not.toHaveBeenCalled()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(heading(canvas, 'CreatePostInput.tags')).toBeVisible())
    await expect(canvas.getByText('Input field of')).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Insert into query' })).toBeNull()
    await expect(canvas.getByText('[]', { selector: 'code' })).toBeVisible()
    await userEvent.keyboard('{Backspace}')
    await waitFor(() => expect(focused()).toHaveAccessibleName('tags: [String!] = [] Up to 10 tags.'))
  },
}

/** A union lists its members; Enter on one opens it. */
export const UnionType: Story = {
  args: { stack: ['SearchResult'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const members = within(canvas.getByRole('listbox', { name: 'Members: SearchResult' })).getAllByRole('option')
    await expect(members.map((m) => m.textContent)).toEqual([expect.stringContaining('User'), expect.stringContaining('Post')])
    members[0]?.focus()
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await waitFor(() => expect(focused()).toBe(heading(canvas, 'Post')))
  },
}

/** An interface: its fields and the types that implement it. */
export const InterfaceType: Story = {
  args: { stack: ['Node'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Interface')).toBeVisible()
    const implementers = canvas.getByRole('listbox', { name: 'Implemented by: Node' })
    await expect(within(implementers).getAllByRole('option')).toHaveLength(2)
    await expect(within(canvas.getByRole('listbox', { name: 'Fields of Node' })).getByRole('option')).toHaveAccessibleName('id: ID! The globally unique ID.')
  },
}

/** Search as you type; Down arrow into the results; Enter on an argument opens its field with the argument focused. */
export const SearchResults: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByLabelText('Search the schema')
    await userEvent.type(input, 'first')
    await expect(canvas.getByText('4 matches')).toBeVisible()
    await expect(canvas.queryByRole('listbox', { name: 'All types, A to Z' })).toBeNull()
    const hits = within(canvas.getByRole('listbox', { name: 'Search results' })).getAllByRole('option')
    await expect(hits[0]).toHaveAccessibleName('first argument · Int Query › auditLog › first')
    await userEvent.keyboard('{ArrowDown}')
    await expect(focused()).toBe(hits[0])
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await waitFor(() => expect(focused()).toHaveAccessibleName('first: Int = 10'))
    await expect(args['onUpdate:stack']).toHaveBeenLastCalledWith(['Query', 'Query.search'])
    await expect(heading(canvas, 'Query.search')).toBeVisible()
    // Back to the results, on the same hit; the search text was kept.
    await userEvent.keyboard('{Backspace}{Backspace}')
    await waitFor(() => expect(focused()).toHaveAccessibleName('first argument · Int Query › search › first'))
    await expect(canvas.getByLabelText('Search the schema')).toHaveValue('first')
    // Shift+Enter on a field hit inserts it; "Type.field" narrows to one type.
    await userEvent.clear(canvas.getByLabelText('Search the schema'))
    await userEvent.type(canvas.getByLabelText('Search the schema'), 'user.po')
    await expect(canvas.getByText('1 match')).toBeVisible()
    await userEvent.keyboard('{ArrowDown}{Shift>}{Enter}{/Shift}')
    await expect(args.onInsert).toHaveBeenCalledWith({ typeName: 'User', fieldName: 'posts' })
  },
}

/** Nothing found: said in words; Escape clears the search and the type lists come back. */
export const SearchNoResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByLabelText('Search the schema')
    await userEvent.type(input, 'zzz')
    await expect(canvas.getByText('No matches for “zzz”.')).toBeVisible()
    await expect(canvas.queryByRole('listbox')).toBeNull()
    await userEvent.keyboard('{Escape}')
    await expect(input).toHaveValue('')
    await expect(canvas.getByRole('listbox', { name: 'All types, A to Z' })).toBeVisible()
    await userEvent.type(input, 'zzz')
  },
}

/**
 * "Show in docs" from outside, as the page's editor does it: set the stack, then call the exposed
 * `focus()`. Changing the stack alone does not take focus from where the user is.
 */
export const ShowInDocs: Story = {
  render: (args) => ({
    components: { DocsExplorer, NButton },
    setup() {
      const stack = ref<string[]>([])
      const explorer = ref<InstanceType<typeof DocsExplorer>>()
      const show = (entry: string, focus: boolean) => {
        stack.value = [entry]
        if (focus) explorer.value?.focus()
      }
      return { args, stack, explorer, show }
    },
    template: `<div style="padding: 1rem; max-width: 40rem; display: grid; gap: 0.5rem">
      <div style="display: flex; gap: 0.5rem; flex-wrap: wrap">
        <NButton @click="show('Query.user', true)">Show Query.user in docs</NButton>
        <NButton @click="show('Post', false)">Set the stack to Post only</NButton>
      </div>
      <DocsExplorer ref="explorer" v-model:stack="stack" :index="args.index" @insert="args.onInsert" />
    </div>`,
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const quiet = canvas.getByRole('button', { name: 'Set the stack to Post only' })
    await userEvent.click(quiet)
    await waitFor(() => expect(heading(canvas, 'Post')).toBeVisible())
    await expect(focused()).toBe(quiet)
    await userEvent.click(canvas.getByRole('button', { name: 'Show Query.user in docs' }))
    await waitFor(() => expect(focused()).toBe(heading(canvas, 'Query.user')))
    await expect(within(canvas.getByRole('navigation', { name: 'Docs breadcrumb' })).getByText('Query.user')).toHaveAttribute(
      'aria-current',
      'location',
    )
  },
}

/** A stack entry the schema does not have (it changed): a message and ways out, never a crash. */
export const UnknownStackEntry: Story = {
  args: { stack: ['Query', 'Query.me'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(heading(canvas, 'Not in this schema')).toBeVisible()
    await expect(canvasElement).toHaveTextContent('Query has no field me in this schema.')
    await userEvent.click(canvas.getByRole('button', { name: 'Open Query' }))
    await waitFor(() => expect(focused()).toBe(heading(canvas, 'Query')))
    // Back lands on the button it left from, on the message again.
    await userEvent.keyboard('{Backspace}')
    await waitFor(() => expect(focused()).toHaveAccessibleName('Open Query'))
    await expect(canvas.getByRole('button', { name: 'Back to Query' })).toBeVisible()
  },
}

/** A type that is gone entirely. */
export const UnknownType: Story = {
  args: { stack: ['Repository'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvasElement).toHaveTextContent('Repository is not in this schema.')
    await userEvent.click(canvas.getByRole('button', { name: 'Back to Schema' }))
    await waitFor(() => expect(focused()).toBe(heading(canvas, 'Schema')))
  },
}

/** No query editor: inserting is unavailable, with the reason beside the button; Shift+Enter does nothing. */
export const InsertUnavailable: Story = {
  args: { stack: ['Query', 'Query.user'], canInsert: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const button = canvas.getByRole('button', { name: 'Insert into query' })
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    await expect(button).toHaveAccessibleDescription('Unavailable: there is no query editor to insert into.')
    await userEvent.click(button)
    await expect(args.onInsert).not.toHaveBeenCalled()
    await expect(canvas.queryByText(/Shift\+Enter/)).toBeNull()
  },
}

/** A long Markdown description with HTML in it: shown as plain text, wrapped, never as HTML. */
export const LongDescription: Story = {
  args: { stack: ['AuditEntry'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/<script>alert\("descriptions are data, never HTML"\)<\/script>/)).toBeVisible()
    await expect(canvasElement.querySelector('b, script')).toBeNull()
    // No horizontal scrolling of the panel for the long URL.
    const body = canvasElement.querySelector('.body') as HTMLElement
    await expect(body.scrollWidth).toBeLessThanOrEqual(body.clientWidth)
  },
}

/** 1,505 types: only the rows in view are in the DOM, yet "1,505 of 1,505" and End, type-ahead and search work. */
export const LargeSchema: Story = {
  loaders: [() => ({ index: largeIndex() })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('1,505 types')).toBeVisible()
    const all = canvas.getByRole('listbox', { name: 'All types, A to Z' })
    const options = () => within(all).getAllByRole('option')
    await expect(options().length).toBeLessThan(80)
    await expect(options()[0]).toHaveAttribute('aria-setsize', '1505')
    options()[0]?.focus()
    await userEvent.keyboard('{End}')
    await waitFor(() => expect(focused()).toHaveAccessibleName('String scalar, built-in'))
    await expect(focused()).toHaveAttribute('aria-posinset', '1505')
    await expect(options().length).toBeLessThan(80)
    await userEvent.keyboard('{Home}')
    await waitFor(() => expect(focused()).toHaveAttribute('aria-posinset', '1'))
    await userEvent.keyboard('wor')
    await waitFor(() => expect(focused()).toHaveAccessibleName(/^Workflow/))
    await userEvent.type(canvas.getByLabelText('Search the schema'), 'viewer')
    await expect(within(canvas.getByRole('listbox', { name: 'Search results' })).getAllByRole('option')[0]).toHaveAccessibleName(/^viewer field/)
  },
}

/** The biggest type of the large schema (157 fields, rows of different heights): End, insert, open, and back to the same row. */
export const LargeSchemaType: Story = {
  args: { stack: ['Query'] },
  loaders: [() => ({ index: largeIndex() })],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const fields = canvas.getByRole('listbox', { name: 'Fields of Query' })
    const options = () => within(fields).getAllByRole('option')
    await expect(options().length).toBeLessThan(60)
    await expect(options()[0]).toHaveAttribute('aria-setsize', '157')
    options()[0]?.focus()
    await userEvent.keyboard('{End}')
    await waitFor(() => expect(focused()).toHaveAttribute('aria-posinset', '157'))
    const last = focused().getAttribute('aria-label') ?? ''
    const fieldName = last.slice(0, last.indexOf('('))
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}')
    await expect(args.onInsert).toHaveBeenCalledWith({ typeName: 'Query', fieldName })
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(focused()).toBe(heading(canvas, `Query.${fieldName}`)))
    await userEvent.keyboard('{Backspace}')
    await waitFor(() => expect(focused()).toHaveAttribute('aria-posinset', '157'))
    await expect(focused()).toHaveAttribute('aria-label', last)
  },
}
