import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import DocsFieldView from './DocsFieldView.vue'
import { smallIndex } from './docs-fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const type = (name: string) => {
  const found = smallIndex().types.get(name)
  if (!found) throw new Error(`No type ${name} in the fixture`)
  return found
}
const field = (typeName: string, fieldName: string) => {
  const found = type(typeName).fields.find((f) => f.name === fieldName)
  if (!found) throw new Error(`No field ${typeName}.${fieldName} in the fixture`)
  return found
}
const focused = () => document.activeElement as HTMLElement

//  One field in the docs explorer, on its own: insert, deprecation, type, default, arguments.
const meta = {
  title: 'GraphQL/DocsFieldView',
  component: DocsFieldView,
  parameters: componentDocs({
    purpose:
      'One field or input field in the docs explorer: where it lives, an "Insert into query" button, deprecation, description, its type (a button to that type) and its arguments as a keyboard list.',
    keyboard:
      'Native buttons in the Tab order; the arguments list is a DocsList (**Enter** on an argument opens its type).',
    accessibility:
      'Its heading takes focus when the view opens. "Insert into query" is `aria-disabled` rather than disabled when it cannot insert, so it stays focusable and its reason is heard through `aria-describedby`.',
  }),
  args: { type: type('User'), field: field('User', 'posts'), canInsert: true, hintId: 'docs-hint', onNavigate: fn(), onInsert: fn() },
  argTypes: { type: { control: false }, field: { control: false } },
  render: (args) => ({
    components: { DocsFieldView },
    setup: () => ({ args }),
    template: `<div style="padding: 1rem; max-width: 40rem">
      <p id="docs-hint" style="margin: 0 0 0.5rem">Arrow keys move; Enter opens.</p>
      <DocsFieldView v-bind="args" @navigate="args.onNavigate" @insert="args.onInsert" />
    </div>`,
  }),
} satisfies Meta<typeof DocsFieldView>

export default meta
type Story = StoryObj<typeof meta>

/** Arguments with defaults, descriptions and a deprecated one; Enter on an argument opens its type. */
export const WithArguments: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 3, name: 'User.posts' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Insert into query' }))
    await expect(args.onInsert).toHaveBeenCalledWith({ typeName: 'User', fieldName: 'posts' })
    const argList = canvas.getByRole('listbox', { name: 'Arguments of posts' })
    const options = within(argList).getAllByRole('option')
    await expect(options).toHaveLength(4)
    await expect(options[3]).toHaveAccessibleName(/Deprecated Filter with `orderBy` instead\./)
    options[0]?.focus()
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await expect(args.onNavigate).toHaveBeenLastCalledWith(expect.objectContaining({ push: ['PostOrder'] }), expect.any(String))
    // The type is a button to that type; the owner too.
    await userEvent.click(canvas.getByRole('button', { name: 'Post' }))
    await expect(args.onNavigate).toHaveBeenLastCalledWith({ push: ['Post'] }, 'type')
  },
}

/** A deprecated field: the tag and the reason, in words. */
export const Deprecated: Story = {
  args: { field: field('User', 'username') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Deprecated')).toBeVisible()
    await expect(canvas.getByText('Use `name`.')).toBeVisible()
    await expect(canvas.queryByRole('listbox')).toBeNull()
  },
}

/** No editor to insert into: the button stays focusable (aria-disabled), says why, and does nothing. */
export const CannotInsert: Story = {
  args: { canInsert: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const insert = canvas.getByRole('button', { name: 'Insert into query' })
    await expect(insert).toHaveAttribute('aria-disabled', 'true')
    await expect(insert).toHaveAccessibleDescription('Unavailable: there is no query editor to insert into.')
    await userEvent.tab()
    await userEvent.tab()
    await expect(insert).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onInsert).not.toHaveBeenCalled()
    await expect(focused()).toBe(insert)
  },
}

/** An input field: no insert button, its default value shown. */
export const InputField: Story = {
  args: { type: type('CreatePostInput'), field: field('CreatePostInput', 'tags') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/^Input field of/)).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Insert into query' })).toBeNull()
    await expect(canvas.getByRole('heading', { name: 'Default value' })).toBeVisible()
  },
}

/** A long description wraps; the field view shows all of it. */
export const LongDescription: Story = { args: { type: type('AuditEntry'), field: field('AuditEntry', 'action') } }
