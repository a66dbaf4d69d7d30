import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { expect, userEvent, within } from 'storybook/test'
import NameValueRows from './NameValueRows.vue'
import type { NameValueProblem, NameValueRow } from './name-value-rows'
import { componentDocs } from '@/shared/storybook/component-docs'

let made = 0
const row = (name: string, value: string, secret = false, extra: Partial<NameValueRow> = {}): NameValueRow => ({ id: `r${++made}`, name, value, secret, ...extra })
const TOKEN = /token|key|secret/i

// The rows alone, as the headers and environment editors use them: controlled (v-model:rows), with a
// hint under secret rows and a notice under a credential-looking value that is not secret.
const meta = {
  title: 'GraphQL/NameValueRows',
  component: NameValueRows,
  parameters: componentDocs({
    purpose:
      'Rows of name and value with a "Secret" checkbox, shared by the request headers and an environment’s variables. A value that looks like a credential but is not secret gets a notice offering "Mark secret" or "Remember on this device".',
    keyboard:
      'No keys of its own: inputs, the "Secret" checkboxes and buttons in the Tab order. Focus follows Add (to the new row’s name) and Remove (to the next row’s name, else the previous one’s, else Add), never to `<body>`.',
    accessibility:
      'Each input is `aria-invalid` with an `aria-describedby` message when it has a problem; a secret value is a password input whose hint names the shell variable curl reads it from.',
  }),
  args: {
    rows: [row('API_TOKEN', 'tok-123', true), row('region', 'eu-west-1')],
    noun: 'entry',
    newRow: () => row('', ''),
    emptyText: 'No entries.',
    problems: {},
    layout: 'grid',
  },
  decorators: [() => ({ template: '<div style="max-width: 48rem; padding: 1rem; display: flex; flex-direction: column; gap: 0.5rem"><story /></div>' })],
  render: (args) => ({
    components: { NameValueRows },
    setup() {
      const rows = ref<NameValueRow[]>([...args.rows])
      const secretHint = (r: NameValueRow) => ({ lead: 'curl reads it from', variable: r.name.trim().toUpperCase() })
      const notice = (r: NameValueRow) => (!r.secret && TOKEN.test(r.name) && r.value ? `${r.name} looks like a credential.` : undefined)
      return { args, rows, secretHint, notice }
    },
    template: `<NameValueRows v-model:rows="rows" :noun="args.noun" :new-row="args.newRow" :empty-text="args.emptyText" :problems="args.problems"
      :layout="args.layout" :secret-hint="secretHint" :credential-notice="notice" />`,
  }),
} satisfies Meta<typeof NameValueRows>

export default meta
type Story = StoryObj<typeof meta>

/** A secret row (masked, its hint names the shell variable) and a plain one. */
export const SecretAndPlain: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText('Value of entry 1')).toHaveAttribute('type', 'password')
    await expect(canvas.getByLabelText('Value of entry 1')).toHaveAccessibleDescription('curl reads it from $API_TOKEN')
    await expect(canvas.getByLabelText('Value of entry 2')).toHaveAttribute('type', 'text')
  },
}

export const Empty: Story = { args: { rows: [] } }

/** Problems at the field they concern, described by it; the typed text stays. */
const bad = row('Bad Name', 'x')
const orphan = row('', 'orphan')
export const WithProblems: Story = {
  args: {
    rows: [bad, orphan],
    problems: {
      [bad.id]: { field: 'name', message: '"Bad Name" is not a valid name.' },
      [orphan.id]: { field: 'value', message: 'A value needs a name.' },
    } satisfies Record<string, NameValueProblem>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText('Name of entry 1')).toHaveValue('Bad Name')
    await expect(canvas.getByLabelText('Name of entry 1')).toHaveAttribute('aria-invalid', 'true')
    await expect(canvas.getByLabelText('Name of entry 1')).toHaveAccessibleDescription('"Bad Name" is not a valid name.')
    await expect(canvas.getByLabelText('Value of entry 1')).toHaveAttribute('aria-invalid', 'false')
    await expect(canvas.getByLabelText('Value of entry 2')).toHaveAttribute('aria-invalid', 'true')
    await expect(canvas.getByLabelText('Value of entry 2')).toHaveAccessibleDescription('A value needs a name.')
  },
}

/** A credential-looking value left plain: the notice offers Mark secret or Remember, whose warning shows. */
export const CredentialNotice: Story = {
  args: { rows: [row('DEPLOY_KEY', 'k-123'), row('plain', 'x', false)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByTestId('credential-notice')).toHaveTextContent('DEPLOY_KEY looks like a credential.')
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Remember on this device (entry 1)' }))
    await expect(canvas.getByText(/Warning: saved unencrypted in this browser/)).toBeVisible()
  },
}

/** Mark secret turns the row secret: the value is masked and the notice goes. */
export const MarkSecret: Story = {
  args: { rows: [row('DEPLOY_KEY', 'k-123')] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Mark secret (entry 1)' }))
    await expect(canvas.getByLabelText('Value of entry 1')).toHaveAttribute('type', 'password')
    await expect(canvas.queryByTestId('credential-notice')).toBeNull()
  },
}

/** Add focuses the new row's name; Remove moves focus to the next row, then the previous, then Add. */
export const AddAndRemoveKeepFocus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Add entry' }))
    await expect(canvas.getByLabelText('Name of entry 3')).toHaveFocus()
    await userEvent.click(canvas.getByRole('button', { name: 'Remove entry 1 API_TOKEN' }))
    await expect(canvas.getByLabelText('Name of entry 1')).toHaveFocus()
    await expect(canvas.getByLabelText('Name of entry 1')).toHaveValue('region')
    await userEvent.click(canvas.getByRole('button', { name: 'Remove entry 2' }))
    await expect(canvas.getByLabelText('Name of entry 1')).toHaveFocus()
    await userEvent.click(canvas.getByRole('button', { name: 'Remove entry 1 region' }))
    await expect(canvas.getByRole('button', { name: 'Add entry' })).toHaveFocus()
    await expect(canvas.getByText('No entries.')).toBeVisible()
  },
}

/** The wrapping layout of a narrow side panel: name, value and the actions share a line and wrap. */
export const WrapLayout: Story = {
  args: { layout: 'wrap' },
  decorators: [() => ({ template: '<div style="width: 22rem"><story /></div>' })],
}
