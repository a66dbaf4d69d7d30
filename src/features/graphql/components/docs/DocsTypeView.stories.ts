import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import DocsTypeView from './DocsTypeView.vue'
import { smallIndex } from './docs-fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const type = (name: string) => {
  const found = smallIndex().types.get(name)
  if (!found) throw new Error(`No type ${name} in the fixture`)
  return found
}
const focused = () => document.activeElement as HTMLElement

//  One type in the docs explorer, on its own: each kind of type, with its lists.
const meta = {
  title: 'GraphQL/DocsTypeView',
  component: DocsTypeView,
  parameters: componentDocs({
    purpose:
      'One type in the docs explorer: name, kind, description, what it implements or contains, and its fields, input fields or enum values.',
    keyboard:
      'Its lists are DocsLists: **Enter** opens, **Shift+Enter** inserts; other controls are native buttons.',
    accessibility:
      'Its heading (the type’s name) takes focus when the view opens (`tabindex="-1"`).',
  }),
  args: { index: smallIndex(), type: type('User'), canInsert: true, hintId: 'docs-hint', onNavigate: fn(), onInsert: fn() },
  argTypes: { index: { control: false }, type: { control: false } },
  render: (args) => ({
    components: { DocsTypeView },
    setup: () => ({ args }),
    template: `<div style="padding: 1rem; max-width: 40rem">
      <p id="docs-hint" style="margin: 0 0 0.5rem">Arrow keys move; Enter opens; Shift+Enter inserts a field into the query.</p>
      <DocsTypeView v-bind="args" @navigate="args.onNavigate" @insert="args.onInsert" />
    </div>`,
  }),
} satisfies Meta<typeof DocsTypeView>

export default meta
type Story = StoryObj<typeof meta>

/** An object type: implements, fields (one deprecated). Enter opens a field, Shift+Enter inserts it. */
export const ObjectType: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 3, name: 'User' })).toBeVisible()
    await expect(canvas.getByText('Object type')).toBeVisible()
    const fields = canvas.getByRole('listbox', { name: 'Fields of User' })
    await expect(within(fields).getAllByRole('option')[5]).toHaveAccessibleName('username: String Deprecated Use `name`.')
    within(fields).getAllByRole('option')[0]?.focus()
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await expect(args.onNavigate).toHaveBeenLastCalledWith({ push: ['User.name'] }, 'field:name')
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}')
    await expect(args.onInsert).toHaveBeenLastCalledWith({ typeName: 'User', fieldName: 'name' })
    // The interface list is its own Tab stop, before the fields.
    await userEvent.tab({ shift: true })
    await expect(focused()).toHaveAccessibleName('Node interface')
  },
}

/** Fields cannot be inserted (no editor): Shift+Enter does nothing, Enter still opens. */
export const CannotInsert: Story = {
  args: { canInsert: false },
  play: async ({ canvasElement, args }) => {
    const fields = within(canvasElement).getByRole('listbox', { name: 'Fields of User' })
    within(fields).getAllByRole('option')[0]?.focus()
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}')
    await expect(args.onInsert).not.toHaveBeenCalled()
  },
}

/** An enum with descriptions and a deprecated value. */
export const EnumWithDeprecated: Story = {
  args: { type: type('Role') },
  play: async ({ canvasElement }) => {
    const values = within(canvasElement).getByRole('listbox', { name: 'Values of Role' })
    await expect(within(values).getAllByRole('option')[3]).toHaveAccessibleName('OWNER Deprecated Owners are admins now.')
  },
}

/** A union: its members, each opening that type. */
export const Union: Story = {
  args: { type: type('SearchResult') },
  play: async ({ canvasElement, args }) => {
    const members = within(canvasElement).getByRole('listbox', { name: 'Members: SearchResult' })
    within(members).getAllByRole('option')[1]?.focus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onNavigate).toHaveBeenLastCalledWith(expect.objectContaining({ push: ['Post'] }), expect.any(String))
  },
}

/** An interface and what implements it. */
export const Interface: Story = { args: { type: type('Node') } }

/** An input object with defaults. */
export const InputObject: Story = { args: { type: type('CreatePostInput') } }

/** A custom scalar with a spec link (http(s) only) and no fields. */
export const Scalar: Story = {
  args: { type: type('DateTime') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('link', { name: 'https://scalars.graphql.org/andimarek/date-time' })).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(canvas.queryByRole('listbox')).toBeNull()
  },
}

/** A long Markdown description with HTML in it: plain text, line breaks kept, nothing rendered. */
export const LongDescription: Story = {
  args: { type: type('AuditEntry') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/<script>alert/)).toBeVisible()
    await expect(canvasElement.querySelector('script, b')).toBeNull()
  },
}
