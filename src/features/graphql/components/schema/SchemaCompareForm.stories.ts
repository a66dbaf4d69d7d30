import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { expect, fn, userEvent, within } from 'storybook/test'
import SchemaCompareForm from './SchemaCompareForm.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const oldSdl = 'type User {\n  id: ID!\n  email: String\n}\n\ntype Query {\n  me: User\n}\n'

const meta = {
  title: 'GraphQL/SchemaCompareForm',
  component: SchemaCompareForm,
  parameters: componentDocs({
    purpose:
      '"Compare two schemas": the schema before and after, each pasted as SDL or an introspection result, in an editor labelled for it.',
    keyboard:
      'Each editor has CodeEditor’s keys; the Compare button is native.',
    accessibility:
      'A schema that cannot be read gets its problem at its own field (at its line in the editor when it has one), and neither text is ever cleared. While comparing, a `role="status"` beside the button says "Comparing…".',
  }),
  args: { old: '', new: '', onCompare: fn(), onCancel: fn() },
  decorators: [() => ({ template: '<div style="max-width: 48rem; padding: 1rem"><story /></div>' })],
  // Stateful wrapper: the form is controlled (v-model), as on the page.
  render: (args) => ({
    components: { SchemaCompareForm },
    setup() {
      const before = ref(args.old)
      const after = ref(args.new)
      return { args, before, after }
    },
    template: '<SchemaCompareForm :error="args.error" :comparing="args.comparing" v-model:old="before" v-model:new="after" @compare="args.onCompare" @cancel="args.onCancel" />',
  }),
} satisfies Meta<typeof SchemaCompareForm>

export default meta
type Story = StoryObj<typeof meta>

/** Empty: two labelled editors and the actions. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('textbox', { name: 'Old schema (SDL or introspection JSON)' })).toBeVisible()
    await expect(canvas.getByRole('textbox', { name: 'New schema (SDL or introspection JSON)' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Compare schemas' }))
    await expect(args.onCompare).toHaveBeenCalledOnce()
  },
}

/** The new schema cannot be read: its problem at its field (unlocated: below the editor, as its description); both texts kept. */
export const ErrorAtNewSchema: Story = {
  args: { old: oldSdl, new: '   ', error: { field: 'new', message: 'Paste SDL or an introspection result (JSON).' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('textbox', { name: 'New schema (SDL or introspection JSON)' })).toHaveAccessibleDescription(/Paste SDL or an introspection result \(JSON\)\.$/)
    await expect(canvas.getByRole('textbox', { name: 'Old schema (SDL or introspection JSON)' })).not.toHaveAccessibleDescription(/Paste SDL/)
  },
}

/** Comparing: a status beside the button. */
export const Comparing: Story = {
  args: { old: oldSdl, new: oldSdl, comparing: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Comparing…')
  },
}
