import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { autocompletion } from '@codemirror/autocomplete'
import { EditorView } from '@codemirror/view'
import { buildSchema } from 'graphql'
import VariablesEditor from './VariablesEditor.vue'
import { validateVariables, type VariablesContext } from '../../core/schema'
import type { EditorDiagnostic } from '@/shared/core/editor-diagnostic'
import { componentDocs } from '@/shared/storybook/component-docs'

// VariablesEditor: JSON with completion, hover and the schema lint of the operation's variables.
// One story, the lint state: a wrong type, an unknown variable and a missing required one are
// underlined where they are and listed as text. Its play function also proves completion offers
// the declared variables and an enum's values (the lint and completion read the same types).
const meta = {
  title: 'GraphQL/VariablesEditor',
  component: VariablesEditor,
  parameters: componentDocs({
    purpose:
      'The variables editor: the shared CodeEditor for JSON with, given the request’s `context` (schema, query, operation), completion of the declared variables, input fields and enum values, and a hover tooltip with each key’s GraphQL type.',
    keyboard:
      'CodeEditor’s keys (**Tab** indents, **Esc** then **Tab** leaves), plus **Ctrl+Space** for completion.',
    accessibility:
      'As CodeEditor: each `validateVariables` problem the parent passes is underlined where it is and listed as text under the editor, and the editor is `aria-invalid` while there is an error.',
  }),
  args: { modelValue: '', label: 'Variables', 'onUpdate:modelValue': fn() },
} satisfies Meta<typeof VariablesEditor>

export default meta
type Story = StoryObj<typeof meta>

const schema = buildSchema(`
  "Who may do what."
  enum Role { ADMIN, EDITOR, VIEWER }
  input NewUser {
    "The name shown on the profile."
    name: String!
    role: Role = VIEWER
  }
  type Query { ok: Boolean }
  type Mutation { addUser(input: NewUser!, notify: Boolean): String }
`)
const query = 'mutation AddUser($input: NewUser!, $notify: Boolean!) {\n  addUser(input: $input, notify: $notify)\n}'
const context: VariablesContext = { schema, document: query, operationName: undefined }
const text = '{\n  "input": {\n    "name": "Ada",\n    "role": "OWNER"\n  },\n  "notfy": true\n}'

/** CodeMirror ignores keys for 75 ms after its list opens (against accidental accepts); a play function is faster. */
const extensions = [autocompletion({ interactionDelay: 0 })]

/** The lint state, as the request pane passes it: core `validateVariables` problems with their ranges. */
export const Problems: Story = {
  render: (args) => ({
    components: { VariablesEditor },
    setup: () => {
      const value = ref(text)
      const diagnostics = (): EditorDiagnostic[] => validateVariables(schema, query, undefined, value.value)
      return { args, value, diagnostics, context, extensions }
    },
    template: '<VariablesEditor v-bind="args" v-model="value" :context="context" :diagnostics="diagnostics()" :extensions="extensions" />',
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Each problem listed as text, in text order …
    const items = canvas.getAllByRole('listitem').map((li) => li.textContent?.replace(/\s+/g, ' ').trim())
    expect(items).toEqual([
      'Line 1, column 1: Variable "$notify" of required type "Boolean!" was not provided.',
      'Line 4, column 13: $input.role: Value "OWNER" does not exist in "Role" enum.',
      'Line 6, column 3 (warning): "notfy" is not a variable of operation "AddUser", so it is not sent (declare $notfy in the signature to use it).',
    ])
    // … and underlined where it is: the whole wrong value and the whole unknown name.
    await waitFor(() => expect(canvasElement.querySelectorAll('.cm-lintRange').length).toBe(3))
    const marked = [...canvasElement.querySelectorAll('.cm-lintRange')].map((m) => m.textContent)
    expect(marked).toEqual(['{', '"OWNER"', '"notfy"'])
    // The keys, in one short line, describe the editor.
    await expect(canvas.getByRole('textbox', { name: 'Variables' })).toHaveAccessibleDescription(
      expect.stringMatching(/^Tab indents, Ctrl\+Space suggests variables and values, Esc then Tab leaves\./),
    )

    // Completion: the value of "role" offers the enum's values, with the type.
    const content = canvasElement.querySelector<HTMLElement>('.cm-content')
    const view = content && EditorView.findFromDOM(content)
    if (!view) throw new Error('no editor')
    view.focus()
    view.dispatch({ selection: { anchor: text.indexOf('OWNER') } })
    await userEvent.keyboard('{Control>} {/Control}')
    const list = await canvas.findByRole('listbox')
    const options = within(list).getAllByRole('option').map((o) => o.textContent)
    expect(options).toEqual(['"ADMIN": Role', '"EDITOR": Role', '"VIEWER": Role', 'null: Role'])
    await userEvent.keyboard('{Escape}')
    // At the root, the declared variables.
    view.dispatch({ selection: { anchor: text.lastIndexOf('"notfy"') + 1 } })
    await userEvent.keyboard('{Control>} {/Control}')
    const keys = within(await canvas.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent)
    expect(keys).toEqual(['"input": NewUser!', '"notify": Boolean!'])
    await userEvent.keyboard('{ArrowDown}{Enter}')
    // Accepting fixes the name; its warning goes, the missing $notify is now provided.
    await waitFor(() => expect(canvas.getAllByRole('listitem').map((li) => li.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'Line 4, column 13: $input.role: Value "OWNER" does not exist in "Role" enum.',
    ]))
    // One fixed end state for the screenshot: the editor unfocused, no list open.
    view.contentDOM.blur()
    await waitFor(() => expect(canvas.queryByRole('listbox')).toBeNull())
  },
}
