import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { expect, fn, userEvent, within } from 'storybook/test'
import SchemaPasteForm from './SchemaPasteForm.vue'
import { generateLargeSDL } from '../../core/schema'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'GraphQL/SchemaPasteForm',
  component: SchemaPasteForm,
  parameters: componentDocs({
    purpose:
      'Pasting a schema for endpoints that disable introspection: SDL or an introspection result, highlighted as JSON when it starts with `{` or `[` and as SDL otherwise.',
    keyboard:
      'CodeEditor’s keys in the editor; the button is native and keeps its focus while the schema is read.',
    accessibility:
      'A rejected paste shows the problem at its line and column and the text is kept. While reading, a `role="status"` beside the button says "Reading the schema…" (text, not a spinner, so nothing turns under reduced motion).',
  }),
  args: { modelValue: '', onApply: fn(), onCancel: fn(), 'onUpdate:modelValue': fn() },
  decorators: [() => ({ template: '<div style="max-width: 48rem; padding: 1rem"><story /></div>' })],
  // Stateful wrapper: the form is controlled (v-model), as on the page.
  render: (args) => ({
    components: { SchemaPasteForm },
    setup() {
      const text = ref(args.modelValue)
      return { args, text }
    },
    template: '<SchemaPasteForm v-bind="args" v-model="text" />',
  }),
} satisfies Meta<typeof SchemaPasteForm>

export default meta
type Story = StoryObj<typeof meta>

/** Empty: a labelled editor, a hint saying what fits, and the two actions. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const editor = canvas.getByRole('textbox', { name: 'Schema (SDL or introspection JSON)' })
    await expect(editor).toHaveAccessibleDescription(/paste the schema as SDL/)
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }))
    await expect(args.onCancel).toHaveBeenCalledOnce()
  },
}

const sdl = `"""A person."""\ntype User {\n  id: ID!\n  name: String\n}\n\ntype Query {\n  user(id: ID!): User\n}\n`

/** SDL pasted: highlighted as GraphQL; "Use this schema" applies it. */
export const FilledSDL: Story = {
  name: 'Filled SDL',
  args: { modelValue: sdl },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Use this schema' }))
    await expect(args.onApply).toHaveBeenCalledOnce()
  },
}

/** The text is being read as a schema: a status beside the button says so (to screen readers too). */
export const Reading: Story = {
  args: { modelValue: sdl, reading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('status')).toHaveTextContent('Reading the schema…')
    await expect(canvas.getByRole('button', { name: /Use this schema/ })).toBeVisible()
  },
}

/** A located problem is marked at its line and listed in words; the text stays. */
export const ErrorLocated: Story = {
  args: {
    modelValue: `type User {\n  id: ID!\n  owner: Account\n}\n\ntype Query {\n  user(id: ID!): User\n}\n`,
    error: { message: 'Unknown type "Account".', line: 3, column: 10 },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/Line 3, column 10:/)).toBeVisible()
    await expect(canvas.getByText(/Unknown type "Account"\./)).toBeVisible()
    const editor = canvas.getByRole('textbox', { name: 'Schema (SDL or introspection JSON)' })
    await expect(editor).toHaveAttribute('aria-invalid', 'true')
    await expect(editor).toHaveTextContent(/owner: Account/)
  },
}

/** A problem without a place (e.g. JSON of the wrong shape) is shown under the editor and describes it. */
export const ErrorUnlocated: Story = {
  args: {
    modelValue: '{"data": {"user": {"id": "1"}}}',
    error: { message: 'Expected an introspection result: {"data": {"__schema": …}} or {"__schema": …}.' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const editor = canvas.getByRole('textbox', { name: 'Schema (SDL or introspection JSON)' })
    await expect(editor).toHaveAccessibleDescription(/Expected an introspection result/)
  },
}

/** A long schema scrolls inside the editor; the buttons stay in reach. */
export const LongText: Story = {
  args: { modelValue: generateLargeSDL(40) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Use this schema' })).toBeVisible()
  },
}
