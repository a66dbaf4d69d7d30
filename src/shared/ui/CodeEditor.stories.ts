import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { EditorView } from '@codemirror/view'
import { expect, fn, userEvent, within } from 'storybook/test'
import CodeEditor from './CodeEditor.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

// JSON and plain text. The GraphQL stories (same title, so their ids stay `shared-codeeditor--…`)
// live beside GraphQLEditor in src/features/graphql/components/, where that language now comes from.
const meta = {
  title: 'Shared/CodeEditor',
  component: CodeEditor,
  parameters: componentDocs({
    purpose:
      'A labelled CodeMirror 6 editor for JSON or plain text, or any language a feature brings in through `extensions` (GraphQLEditor wraps it). Diagnostics are marked in the editor and listed as text under it.',
    keyboard:
      'One Tab stop. **Tab** indents and **Esc** then **Tab** leaves; with `tabIndents` off, **Tab** simply leaves. The hint under the editor says which; CodeMirror’s own editing keys apply inside.',
    accessibility:
      'The editing surface is `aria-labelledby` its label, `aria-describedby` the hint and the diagnostics, and `aria-invalid` while an error diagnostic is present. Errors are listed as text, never colour alone. Only the lines in view are rendered.',
  }),
  args: { modelValue: '', label: 'Variables', language: 'json', 'onUpdate:modelValue': fn() },
} satisfies Meta<typeof CodeEditor>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = { args: { placeholder: '{ "id": "1" }' } }

export const Json: Story = {
  args: { modelValue: JSON.stringify({ id: 'repo_42', first: 10, filter: { active: true, tags: ['api', null] } }, null, 2) },
}

/** A located error is marked in the text and listed under it in words. */
export const WithError: Story = {
  args: {
    modelValue: '{\n  "id": "1",\n  "first": 10,\n}',
    diagnostics: [{ line: 4, column: 1, message: 'Expected a property name after the comma' }],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/Expected a property name/)).toBeInTheDocument()
    await expect(canvas.getByRole('textbox', { name: 'Variables' })).toHaveAttribute('aria-invalid', 'true')
  },
}

/**
 * Text nested deeper than 200 levels (a hostile share link, say) is shown unparsed: parsing and
 * highlighting it recurse once per level and could freeze the tab. The note says why.
 */
export const NestedTooDeep: Story = {
  args: { modelValue: `{"a":${'['.repeat(300)}${']'.repeat(300)}}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const note = canvas.getByText(/nests deeper than 200 levels/)
    await expect(canvas.getByRole('textbox', { name: 'Variables' })).toHaveAttribute('aria-describedby', expect.stringContaining(note.id))
    // No highlighting spans: only bracket matching marks the brace at the cursor.
    await expect(canvasElement.querySelector('.cm-line span:not(.cm-matchingBracket)')).toBeNull()
  },
}

export const ReadOnly: Story = {
  args: { label: 'Request body', readonly: true, modelValue: '{"action":"opened","number":42}' },
}

export const LongContent: Story = {
  args: {
    label: 'Payload',
    modelValue: JSON.stringify(
      Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: `Item ${i + 1}`, description: 'A sample row with a long description that wraps across the editor width' })),
      null,
      2,
    ),
  },
}

/**
 * Typing emits the text. (Esc then Tab leaving the editor needs real key events, which CodeMirror
 * reads by keyCode: the e2e tests check it with Playwright's keyboard.)
 */
export const KeyboardUse: Story = {
  render: (args) => ({
    components: { CodeEditor },
    setup: () => ({ args }),
    template: `<div><CodeEditor v-bind="args" /><button type="button">After the editor</button></div>`,
  }),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const editor = canvas.getByRole('textbox', { name: 'Variables' })
    await userEvent.click(editor)
    await userEvent.keyboard('{{}}')
    await expect(args['onUpdate:modelValue']).toHaveBeenCalled()
    await expect(editor).toHaveFocus()
  },
}

/**
 * A parent that passes a new but equal list of problems (a Send resets its warnings to a new empty
 * list) leaves the editor alone: no transaction, so no forced layout of whatever else just changed.
 * A different list is applied.
 */
export const EqualDiagnosticsKeepState: Story = {
  args: { modelValue: '{ "id": 1 }' },
  render: (args) => ({
    components: { CodeEditor },
    setup: () => {
      const diagnostics = ref<{ line: number; column: number; message: string }[]>([])
      const same = () => (diagnostics.value = diagnostics.value.map((d) => ({ ...d })))
      const other = () => (diagnostics.value = [{ line: 1, column: 3, message: 'Expected a number' }])
      return { args, diagnostics, same, other }
    },
    template: `<div><CodeEditor v-bind="args" :diagnostics="diagnostics" />
      <button type="button" @click="same">Pass an equal list</button> <button type="button" @click="other">Pass another list</button></div>`,
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const editor = canvas.getByRole('textbox', { name: 'Variables' })
    const view = EditorView.findFromDOM(editor)
    await expect(view).not.toBeNull()
    const before = view?.state
    await userEvent.click(canvas.getByRole('button', { name: 'Pass an equal list' }))
    await new Promise((resolve) => requestAnimationFrame(resolve))
    await expect(view?.state).toBe(before)
    await userEvent.click(canvas.getByRole('button', { name: 'Pass another list' }))
    await expect(await canvas.findByText('Expected a number')).toBeInTheDocument()
    await expect(editor).toHaveAttribute('aria-invalid', 'true')
  },
}
