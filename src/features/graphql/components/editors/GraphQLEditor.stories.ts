import { NButton } from 'naive-ui'
import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { autocompletion, completionStatus } from '@codemirror/autocomplete'
import { drawSelection, EditorView } from '@codemirror/view'
import GraphQLEditor from './GraphQLEditor.vue'
import { validateQuery } from '../../core/schema'
import { storySchema } from './schema-fixture'
import { componentDocs } from '@/shared/storybook/component-docs'

// GraphQLEditor: the shared CodeEditor with GraphQL highlighting and schema intelligence. Titled
// like CodeEditor's stories, so the story ids (and visual baselines) from before the editor was
// split stay `shared-codeeditor--…`. No autodocs page of its own: two under one title would merge
// into one page of whichever file Storybook indexes first; the page stays CodeEditor's.
const meta = {
  title: 'Shared/CodeEditor',
  component: GraphQLEditor,
  parameters: componentDocs({
    purpose:
      'The GraphQL query editor: the shared CodeEditor with cm6-graphql highlighting and, given a `schema`, completion, hover information and show-in-docs. Validation comes from the parent as `diagnostics`. Its stories share the title Shared/CodeEditor with CodeEditor’s.',
    keyboard:
      'CodeEditor’s keys (**Tab** indents, **Esc** then **Tab** leaves), plus **Ctrl+Space** for completion (or **⌥+I** on a Mac) and, when the parent listens to `showInDocs`, **F1** or Ctrl/Cmd+click to show the item at the cursor in the docs.',
    accessibility:
      'As CodeEditor: labelled, described by the hint (which mentions F1 only when it works) and the diagnostics list, `aria-invalid` on errors; every problem is listed as text under the editor.',
  }),
  tags: ['!autodocs'],
  args: { modelValue: '', label: 'Query', 'onUpdate:modelValue': fn() },
} satisfies Meta<typeof GraphQLEditor>

export default meta
type Story = StoryObj<typeof meta>

export const GraphQL: Story = {
  args: {
    label: 'Query',
    modelValue: `# Fetch one user by id\nquery User($id: ID!) {\n  user(id: $id) {\n    id\n    name\n    email\n    posts(first: 3) { title }\n  }\n}\n`,
  },
}

const schemaQuery = `query User($id: ID!) {\n  user(id: $id) {\n    id\n    \n  }\n}\n`

/** The editor's CodeMirror view, to place the cursor as a user would before a key press. */
function editorView(canvasElement: HTMLElement): EditorView {
  const content = canvasElement.querySelector<HTMLElement>('.cm-content')
  const view = content ? EditorView.findFromDOM(content) : null
  if (!view) throw new Error('no editor')
  return view
}

/**
 * Two allowances for automation, not for people: CodeMirror ignores Enter and arrows for 75 ms
 * after the list opens (a guard against accepting by accident while typing fast), and a play
 * function is faster than that; and a blinking cursor would make the screenshots of these focused
 * editors depend on timing, so it is steady here.
 */
const storyExtensions = [autocompletion({ interactionDelay: 0 }), drawSelection({ cursorBlinkRate: 0 })]

/**
 * Schema and CodeMirror extensions are class instances Storybook must not clone or serialise as
 * args, so schema stories pass them from here.
 */
const withSchema: Story['render'] = (args) => ({
  components: { GraphQLEditor },
  setup: () => ({ args, schema: storySchema, extensions: storyExtensions }),
  template: '<GraphQLEditor v-bind="args" :schema="schema" :extensions="extensions" />',
})

/**
 * Waits until the editor's monospace font is in and CodeMirror has drawn the focused editor's
 * cursor: a cursor measured with the fallback font sits a pixel off, which a screenshot notices.
 */
async function cursorDrawn(canvasElement: HTMLElement): Promise<void> {
  await document.fonts.ready
  const view = editorView(canvasElement)
  // Re-measure with the final font metrics, then wait for the layer to be drawn.
  view.requestMeasure()
  await waitFor(() => expect(canvasElement.querySelector('.cm-focused .cm-cursorLayer .cm-cursor')).not.toBeNull())
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
}

/** Cursor at the blank line inside `user { … }`. */
function cursorInSelection(view: EditorView): void {
  const at = view.state.doc.toString().indexOf('    \n') + 4
  view.dispatch({ selection: { anchor: at } })
}

/**
 * With a schema: Ctrl+Space lists the fields that fit at the cursor as a listbox the editor points
 * at (aria-activedescendant); Arrow keys move the choice, and the info pane with the type and
 * description is the selected option's description. axe runs with the list open.
 */
export const GraphQLWithSchema: Story = {
  name: 'GraphQL with schema',
  args: { label: 'Query', modelValue: schemaQuery, docsKey: true, onShowInDocs: fn() },
  render: withSchema,
  play: async ({ canvasElement }) => {
    // Positions measured before the editor font loads would be off by a pixel.
    await document.fonts.ready
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/^Tab indents,/)).toHaveTextContent('Tab indents, Ctrl+Space suggests, F1 shows docs, Esc then Tab leaves.')
    const editor = canvas.getByRole('textbox', { name: 'Query' })
    await userEvent.click(editor)
    cursorInSelection(editorView(canvasElement))
    await userEvent.keyboard('{Control>} {/Control}')
    const list = await waitFor(() => canvas.getByRole('listbox', { name: 'Completions' }))
    await expect(editor).toHaveAttribute('aria-autocomplete', 'list')
    // Names read "field: type" (a hidden separator between the two spans).
    await expect(within(list).getByRole('option', { name: /^contactEmail ?: String$/ })).toBeInTheDocument()
    await expect(within(list).getByRole('option', { name: /^posts ?: \[Post!\]!$/ })).toBeInTheDocument()
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    const selected = within(list).getByRole('option', { selected: true })
    await expect(selected).toHaveAccessibleName(/^name ?: String$/)
    await expect(editor).toHaveAttribute('aria-activedescendant', selected.id)
    // The info pane (the field's description) is the selected option's description.
    await waitFor(() => expect(selected).toHaveAccessibleDescription('The name shown on the profile.'))
    await cursorDrawn(canvasElement)
  },
}

/** Enter accepts the chosen completion: the field name is written at the cursor. */
export const CompletionAccept: Story = {
  args: { label: 'Query', modelValue: schemaQuery },
  render: withSchema,
  play: async ({ canvasElement, args }) => {
    // Positions measured before the editor font loads would be off by a pixel.
    await document.fonts.ready
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/^Tab indents,/)).toHaveTextContent('Tab indents, Ctrl+Space suggests, Esc then Tab leaves.')
    await userEvent.click(canvas.getByRole('textbox', { name: 'Query' }))
    cursorInSelection(editorView(canvasElement))
    // Typing a name's first letters opens the list by itself.
    await userEvent.keyboard('pos')
    const list = await waitFor(() => canvas.getByRole('listbox', { name: 'Completions' }))
    await expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringMatching(/^posts/)])
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(args['onUpdate:modelValue']).toHaveBeenLastCalledWith(expect.stringContaining('    posts\n')))
    await cursorDrawn(canvasElement)
  },
}

/**
 * The list's query starts with the keystroke, not on a timer: after a typed letter the completions are there
 * once the keystroke's own microtasks have run, before any timer or frame (patches/@codemirror+autocomplete*: a
 * 0 ms timer ran after the frame that paints the keystroke, so the list showed a frame later). Ends with the
 * list open on `posts`.
 */
export const CompletionWithTheKeystroke: Story = {
  args: { label: 'Query', modelValue: schemaQuery },
  render: withSchema,
  play: async ({ canvasElement }) => {
    await document.fonts.ready
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('textbox', { name: 'Query' }))
    const view = editorView(canvasElement)
    cursorInSelection(view)
    const at = view.state.selection.main.head
    view.dispatch({ changes: { from: at, insert: 'p' }, selection: { anchor: at + 1 }, userEvent: 'input.type' })
    // Microtasks only: nothing here lets a timer or a frame run.
    for (let hop = 0; hop < 20 && completionStatus(view.state) !== 'active'; hop++) await Promise.resolve()
    await expect(completionStatus(view.state)).toBe('active')
    await waitFor(() => expect(within(canvas.getByRole('listbox', { name: 'Completions' })).getAllByRole('option')[0]).toHaveTextContent(/^posts/))
    await cursorDrawn(canvasElement)
  },
}

const lintQuery = `query User($id: ID!) {\n  user(id: $id) {\n    nme\n    email\n  }\n}\n`

/**
 * Schema problems from core `validateQuery`, passed as diagnostics: each name is underlined and
 * every message is listed under the editor in words, warnings marked as such.
 */
export const SchemaLintDiagnostics: Story = {
  args: {
    label: 'Query',
    modelValue: lintQuery,
    diagnostics: validateQuery(storySchema, lintQuery).map((p) => ({ ...p })),
  },
  render: withSchema,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/Cannot query field "nme" on type "User". Did you mean "name"\?/)).toBeVisible()
    await expect(canvas.getByText('Line 4, column 5 (warning):')).toBeVisible()
    await expect(canvas.getByText(/The field User.email is deprecated. Use contactEmail./)).toBeVisible()
    await expect(canvas.getByRole('textbox', { name: 'Query' })).toHaveAttribute('aria-invalid', 'true')
    // The underline covers the whole offending name, not one character.
    const marks = [...canvasElement.querySelectorAll('.cm-lintRange')].map((m) => m.textContent)
    await expect(marks).toEqual(['nme', 'email'])
  },
}

/**
 * F1 (and Ctrl/Cmd+click) on a field emits `showInDocs` with the field, its named type and its
 * parent type; hovering shows the field's type and description as a tooltip.
 */
export const HoverAndShowInDocs: Story = {
  name: 'Hover and show in docs',
  // No docsKey: listening to showInDocs is enough.
  args: { label: 'Query', modelValue: `query {\n  user(id: "1") {\n    name\n    posts {\n      title\n    }\n  }\n}\n`, onShowInDocs: fn() },
  render: withSchema,
  play: async ({ canvasElement, args }) => {
    // Positions measured before the editor font loads would be off by a pixel.
    await document.fonts.ready
    const canvas = within(canvasElement)
    const view = editorView(canvasElement)
    await userEvent.click(canvas.getByRole('textbox', { name: 'Query' }))
    view.dispatch({ selection: { anchor: view.state.doc.toString().indexOf('name') + 2 } })
    await userEvent.keyboard('{F1}')
    await expect(args.onShowInDocs).toHaveBeenLastCalledWith({ field: 'name', type: 'String', parentType: 'User' })
    view.dispatch({ selection: { anchor: view.state.doc.toString().indexOf('posts') + 1 } })
    await userEvent.keyboard('{F1}')
    await expect(args.onShowInDocs).toHaveBeenLastCalledWith({ field: 'posts', type: 'Post', parentType: 'User' })
    // Claimed keys are kept from the browser (the same check NoDocsListener makes in reverse).
    const f1 = new KeyboardEvent('keydown', { key: 'F1', code: 'F1', keyCode: 112, bubbles: true, cancelable: true })
    view.contentDOM.dispatchEvent(f1)
    await expect(f1.defaultPrevented).toBe(true)
    // Pointer hover over "user": its signature and description, as text.
    const at = view.coordsAtPos(view.state.doc.toString().indexOf('user') + 1)
    if (!at) throw new Error('no coordinates')
    view.contentDOM.dispatchEvent(new MouseEvent('mousemove', { clientX: at.left + 2, clientY: (at.top + at.bottom) / 2, bubbles: true }))
    const tip = await waitFor(() => canvas.getByText('Query.user: User'))
    await expect(tip.closest('.cm-tooltip-hover')).toHaveTextContent('Find one user by id.')
    await cursorDrawn(canvasElement)
  },
}

/** Nobody listens to `showInDocs`: F1 stays the browser's (not prevented) and the hint does not mention it. */
export const NoDocsListener: Story = {
  args: { label: 'Query', modelValue: schemaQuery },
  render: withSchema,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/^Tab indents,/)).toHaveTextContent('Tab indents, Ctrl+Space suggests, Esc then Tab leaves.')
    // A synthetic key, so the real browser's F1 (help) does not run during the test.
    const view = editorView(canvasElement)
    view.dispatch({ selection: { anchor: view.state.doc.toString().indexOf('id\n') } })
    const f1 = new KeyboardEvent('keydown', { key: 'F1', code: 'F1', keyCode: 112, bubbles: true, cancelable: true })
    view.contentDOM.dispatchEvent(f1)
    await expect(f1.defaultPrevented).toBe(false)
  },
}

/** `docsKey: false` turns it off even with a listener. */
export const DocsKeyOff: Story = {
  args: { label: 'Query', modelValue: schemaQuery, docsKey: false, onShowInDocs: fn() },
  render: withSchema,
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByText(/^Tab indents,/)).toHaveTextContent('Tab indents, Ctrl+Space suggests, Esc then Tab leaves.')
    const view = editorView(canvasElement)
    view.dispatch({ selection: { anchor: view.state.doc.toString().indexOf('id\n') } })
    const f1 = new KeyboardEvent('keydown', { key: 'F1', code: 'F1', keyCode: 112, bubbles: true, cancelable: true })
    view.contentDOM.dispatchEvent(f1)
    await expect(f1.defaultPrevented).toBe(false)
    await expect(args.onShowInDocs).not.toHaveBeenCalled()
  },
}

/**
 * `insertAtCursor` (what the docs explorer calls): the text replaces the selection, later lines
 * take the current line's indentation, and the cursor lands on the blank line of a selection set.
 */
export const InsertAtCursor: Story = {
  args: { label: 'Query', modelValue: `query {\n  \n}\n` },
  render: (args) => ({
    components: { GraphQLEditor, NButton },
    setup() {
      const editor = ref<InstanceType<typeof GraphQLEditor>>()
      const insert = () => editor.value?.insertAtCursor('user(id: $id) {\n  \n}')
      return { args, editor, insert, schema: storySchema, extensions: storyExtensions }
    },
    template: `<div><NButton @click="insert">Insert user</NButton><GraphQLEditor ref="editor" v-bind="args" :schema="schema" :extensions="extensions" /></div>`,
  }),
  play: async ({ canvasElement, args }) => {
    // Positions measured before the editor font loads would be off by a pixel.
    await document.fonts.ready
    const canvas = within(canvasElement)
    const view = editorView(canvasElement)
    view.dispatch({ selection: { anchor: view.state.doc.toString().indexOf('  \n') + 2 } })
    await userEvent.click(canvas.getByRole('button', { name: 'Insert user' }))
    await expect(args['onUpdate:modelValue']).toHaveBeenLastCalledWith('query {\n  user(id: $id) {\n    \n  }\n}\n')
    await expect(canvas.getByRole('textbox', { name: 'Query' })).toHaveFocus()
    await expect(view.state.selection.main.head).toBe('query {\n  user(id: $id) {\n    '.length)
    await cursorDrawn(canvasElement)
  },
}
