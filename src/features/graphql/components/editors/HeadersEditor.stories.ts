import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { expect, userEvent, within } from 'storybook/test'
import HeadersEditor from './HeadersEditor.vue'
import { headerRowProblems, type HeaderRow } from '../../core/tester'
import { componentDocs } from '@/shared/storybook/component-docs'

const row = (id: string, name: string, value: string, secret: boolean): HeaderRow => ({ id, name, value, secret })

const meta = {
  title: 'GraphQL/HeadersEditor',
  component: HeadersEditor,
  parameters: componentDocs({
    purpose:
      'Request headers as rows of name and value, each with a "Secret" checkbox (on by default for Authorization and other credential headers): a secret value is masked, kept only in memory and written in curl as a `"$VARIABLE"` reference.',
    keyboard:
      'No keys of its own: native inputs and buttons in the Tab order (rows from NameValueRows).',
    accessibility:
      'A `fieldset` described by its note and, when there is one, its error. Problems show at the input they concern; what the user typed is never changed.',
  }),
  args: { rows: [row('a', 'Authorization', 'Bearer demo-token', true), row('b', 'X-Request-Id', 'req-42', false)] },
  decorators: [() => ({ template: '<div style="max-width: 48rem; padding: 1rem"><story /></div>' })],
  // Stateful wrapper: the editor is controlled (v-model:rows), as on the page.
  render: (args) => ({
    components: { HeadersEditor },
    setup() {
      const rows = ref<HeaderRow[]>(args.rows)
      const problems = () => Object.fromEntries(headerRowProblems(rows.value))
      return { rows, problems, error: args.error }
    },
    template: '<HeadersEditor v-model:rows="rows" :problems="problems()" :error="error" />',
  }),
} satisfies Meta<typeof HeadersEditor>

export default meta
type Story = StoryObj<typeof meta>

/** Authorization is secret: a password input, and curl reads $AUTHORIZATION. */
export const SecretAndPlain: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText('Value of header 1')).toHaveAttribute('type', 'password')
    await expect(canvas.getByLabelText('Value of header 2')).toHaveAttribute('type', 'text')
    await expect(canvas.getByText('$AUTHORIZATION')).toBeVisible()
  },
}

/**
 * Add a row, type a credential header name: it turns secret; the toggle turns it back, and then a
 * notice offers "Mark secret" or "Remember on this device", whose warning ends the story.
 */
export const AddAndToggle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Add header' }))
    const name = canvas.getByLabelText('Name of header 3')
    await expect(name).toHaveFocus()
    await userEvent.type(name, 'X-Api-Key')
    const secret = canvas.getByRole('checkbox', { name: 'Secret (header 3)' })
    await expect(secret).toBeChecked()
    await userEvent.click(secret)
    await expect(canvas.getByLabelText('Value of header 3')).toHaveAttribute('type', 'text')
    await userEvent.type(canvas.getByLabelText('Value of header 3'), 'k-123')
    await expect(canvas.getByTestId('credential-notice')).toHaveTextContent('X-Api-Key usually carries a credential.')
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Remember on this device (header 3)' }))
    await expect(canvas.getByText(/Warning: saved unencrypted in this browser/)).toBeVisible()
  },
}

/** Problems at the input they concern; the typed text stays. */
export const WithProblems: Story = {
  args: {
    rows: [row('a', 'Bad Name', 'x', false), row('b', 'X-Trace', 'a\nb', false), row('c', 'x-trace', '1', false), row('d', '', 'orphan', false)],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText('Name of header 1')).toHaveValue('Bad Name')
    await expect(canvas.getByLabelText('Name of header 1')).toHaveAttribute('aria-invalid', 'true')
    await expect(canvas.getByText(/is not a valid header name/)).toBeVisible()
  },
}

export const Empty: Story = { args: { rows: [] } }

/** Remove moves focus to the next row instead of dropping it on the page. */
export const RemoveKeepsFocus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Remove header 1 Authorization' }))
    await expect(canvas.getByLabelText('Name of header 1')).toHaveFocus()
    await expect(canvas.getByLabelText('Name of header 1')).toHaveValue('X-Request-Id')
  },
}

export const WithOverallError: Story = { args: { error: 'Fix the headers: "Bad Name" is not a valid header name.' } }
