import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { buildSchema } from 'graphql'
import SchemaChanges from './SchemaChanges.vue'
import { diffSchemas } from '../../core/schema/schema-diff'
import { newErrors, type BrokenOperation, type SavedOperation } from '../../core/schema/revalidate'
import { componentDocs } from '@/shared/storybook/component-docs'

// Real diffs and errors, from graphql-js on two small schemas.
const before = buildSchema(`enum Role { ADMIN USER } type User { id: ID! name: String email: String role: Role } type Query { me: User users(first: Int = 10): [User!]! }`)
const after = buildSchema(`enum Role { ADMIN USER GUEST } type User { id: ID! name: String role: Role avatar: String } type Query { me: User users(first: Int = 20): [User!]! }`)
const added = buildSchema(`enum Role { ADMIN USER } type User { id: ID! name: String email: String role: Role avatar: String } type Query { me: User users(first: Int = 10): [User!]! }`)
const saved: SavedOperation = { id: 'h1', label: 'MyEmail', query: 'query MyEmail {\n  me {\n    email\n  }\n}', source: 'history' }
const tab: SavedOperation = { id: 't2', label: 'Contacts', query: '{ users { name email } }', source: 'tab' }
const broken: BrokenOperation[] = [saved, tab].map((operation) => ({ operation, errors: newErrors(operation.query, after, before) }))

const meta = {
  title: 'GraphQL/SchemaChanges',
  component: SchemaChanges,
  parameters: componentDocs({
    purpose:
      'What a schema change did: the breaking, dangerous and safe changes (graphql-js’s sentences), and each saved operation it broke with its errors at line and column and an "Open in tab" button.',
    keyboard:
      'Groups are native `<details>` (**Enter**/**Space** on the summary); breaking changes start open. Buttons are in the Tab order.',
    accessibility:
      'A `section` labelled by its heading, `aria-busy` while checking; the heading takes focus when the page moves there. "Open in tab" is described by its operation’s name (`aria-describedby`). All text is plain: a schema is data from the endpoint.',
  }),
  args: { onOpen: fn(), onDismiss: fn() },
  decorators: [() => ({ template: '<div style="max-width: 40rem; padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof SchemaChanges>

export default meta
type Story = StoryObj<typeof meta>

/** Reloaded, and nothing changed: says so, and how many saved operations were re-checked. */
export const NoChanges: Story = {
  args: { report: { kind: 'reload', diff: diffSchemas(before, before), broken: [], checked: 3 } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Schema changes' })).toBeVisible()
    await expect(canvas.getByText(/No changes: the new schema is the same as before\. 3 saved operations re-checked/)).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss schema changes' }))
    await expect(args.onDismiss).toHaveBeenCalledOnce()
  },
}

/** Only safe changes (a field added): listed collapsed, nothing broke. */
export const SafeOnly: Story = {
  args: { report: { kind: 'reload', diff: diffSchemas(before, added), broken: [], checked: 2 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Schema changed' })).toBeVisible()
    await expect(canvas.getByText(/0 breaking changes, 0 dangerous changes, 1 safe change\. 2 saved operations re-checked .*none broke/)).toBeVisible()
    await userEvent.click(canvas.getByText('Safe (1)'))
    await expect(canvas.getByText('Field User.avatar was added.')).toBeVisible()
  },
}

/** Breaking changes that broke two saved operations: each error at its line and column, and "Open in tab". */
export const BreakingWithBrokenOperations: Story = {
  args: { report: { kind: 'reload', diff: diffSchemas(before, after), broken, checked: 4 } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Broken operations' })).toBeVisible()
    await expect(canvas.getByText('Field User.email was removed.')).toBeVisible()
    await expect(canvas.getByText(/Line 3, column 5:/)).toBeVisible()
    const buttons = canvas.getAllByRole('button', { name: 'Open in tab' })
    await expect(buttons[0]).toHaveAccessibleDescription('MyEmail (history)')
    buttons[0]?.focus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onOpen).toHaveBeenCalledWith(saved)
  },
}

/** Comparing: a status while the diff and re-check run. */
export const Comparing: Story = {
  args: { checking: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Comparing the schemas and re-checking saved operations…')).toBeVisible()
    await expect(canvas.getByRole('region', { name: 'Schema changes' })).toHaveAttribute('aria-busy', 'true')
  },
}
