import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { computed, ref } from 'vue'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import EnvironmentEditor from './EnvironmentEditor.vue'
import { environmentNameProblem, parseEnvironmentImport, variableProblems, type Environment, type EnvironmentVariable } from '../../core/environments'
import { componentDocs } from '@/shared/storybook/component-docs'

const variable = (id: string, name: string, value: string, secret = false): EnvironmentVariable => ({ id, name, value, secret })
const staging: Environment = {
  id: 'staging',
  name: 'Staging',
  variables: [variable('a', 'baseUrl', 'https://staging.example.com'), variable('b', 'token', 'sk-demo-123', true)],
}
const local: Environment = { id: 'local', name: 'Local', variables: [variable('c', 'baseUrl', 'http://127.0.0.1:4400')] }

interface Args {
  environments: Environment[]
  activeId?: string
  importText?: string
}

// A stateful stand-in for the environments store (the editor is controlled): the same core checks,
// ids from a counter so every run renders the same.
const meta = {
  title: 'GraphQL/EnvironmentEditor',
  parameters: componentDocs({
    purpose:
      'The environments editor: pick the environment to edit, create, rename or delete it, edit its variables (name, value, "Secret"), export it as JSON and import one.',
    keyboard:
      'No keys of its own: fields and buttons in the Tab order. Focus follows each action (a new row’s name, the neighbour of a removed row, the import text at the place of a JSON error), never dropping to `<body>`.',
    accessibility:
      'Problems show at the input they concern (`aria-invalid`, `aria-describedby`), the typed text kept. The variables `fieldset` is described by the note that secret values stay in this tab’s memory; Export is described by its hint.',
  }),
  // No `component`: the args are the stand-in store's (its environments), not the editor's props.
  args: { environments: [staging, local], activeId: 'staging' },
  decorators: [() => ({ template: '<div style="max-width: 30rem; padding: 1rem"><story /></div>' })],
  render: (args: Args) => ({
    components: { EnvironmentEditor },
    setup() {
      const environments = ref<Environment[]>(JSON.parse(JSON.stringify(args.environments)) as Environment[])
      const editingId = ref(environments.value[0]?.id ?? '')
      const importText = ref(args.importText ?? '')
      const importProblem = ref<{ message: string; line?: number; column?: number }>()
      let n = 0
      const newVariable = () => variable(`new${(n += 1)}`, '', '')
      const editing = computed(() => environments.value.find((env) => env.id === editingId.value))
      const nameProblem = computed(() => editing.value && environmentNameProblem(editing.value.name, environments.value.filter((env) => env !== editing.value)))
      const problems = computed(() => Object.fromEntries(editing.value ? variableProblems(editing.value.variables) : []))
      const create = () => {
        const env = { id: `env${(n += 1)}`, name: 'New environment', variables: [newVariable()] }
        environments.value.push(env)
        editingId.value = env.id
      }
      const remove = () => {
        environments.value = environments.value.filter((env) => env.id !== editingId.value)
        editingId.value = environments.value[0]?.id ?? ''
      }
      const importJson = (text: string) => {
        const parsed = parseEnvironmentImport(text)
        if (!parsed.ok) {
          const { ok: _, ...problem } = parsed
          importProblem.value = problem
          return
        }
        importProblem.value = undefined
        create()
        if (editing.value) Object.assign(editing.value, { name: parsed.name, variables: parsed.variables.map((v) => ({ ...newVariable(), ...v })) })
      }
      return { environments, editingId, editing, importText, importProblem, nameProblem, problems, newVariable, create, remove, importJson, activeId: args.activeId ?? '' }
    },
    template: `<EnvironmentEditor
      v-model:editing-id="editingId"
      v-model:import-text="importText"
      :environments="environments"
      :environment="editing"
      :active-id="activeId"
      :name-problem="nameProblem"
      :problems="problems"
      :import-problem="importProblem"
      :new-variable="newVariable"
      @create="create"
      @rename="editing.name = $event"
      @update:variables="editing.variables = $event"
      @remove="remove"
      @import="importJson"
    />`,
  }),
} satisfies Meta<Args>

export default meta
type Story = StoryObj<typeof meta>

/**
 * The picked environment in the editor: a secret value is a password input with the `$TOKEN` curl
 * reads; Add variable puts focus on the new row's name, where the story types one.
 */
export const Editing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText('Environment to edit')).toHaveDisplayValue('Staging (in use)')
    await expect(canvas.getByLabelText('Value of variable 2')).toHaveAttribute('type', 'password')
    await expect(canvas.getByLabelText('Value of variable 1')).toHaveValue('https://staging.example.com')
    await expect(canvas.getByText('$TOKEN')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Add variable' }))
    const name = canvas.getByLabelText('Name of variable 3')
    await waitFor(() => expect(name).toHaveFocus())
    await userEvent.type(name, 'tenant')
    await expect(name).toHaveValue('tenant')
  },
}

/** No environments yet: the way to create or import one. */
export const Empty: Story = {
  args: { environments: [], activeId: '' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('No environments yet. Create one, or import one exported before.')).toBeVisible()
    await expect(canvas.queryByLabelText('Environment to edit')).toBeNull()
  },
}

/**
 * Every problem at its field, what was typed kept: a taken name, an invalid and a repeated variable
 * name, and an import refused with the place of its JSON error (the cursor is put there).
 */
export const WithProblems: Story = {
  args: {
    environments: [
      { id: 'x', name: 'local', variables: [variable('a', '2x', 'v'), variable('b', 'token', 'one'), variable('c', 'token', 'two')] },
      local,
    ],
    activeId: '',
    importText: '{\n  "name": "Shared",\n  "variables": [,]\n}',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByText('Import an environment'))
    await userEvent.click(canvas.getByRole('button', { name: 'Import' }))
    await expect(canvas.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true')
    await expect(canvas.getByText('There is already an environment called "local".')).toBeVisible()
    await expect(canvas.getByLabelText('Name of variable 1')).toHaveValue('2x')
    await expect(canvas.getByText(/"2x" is not a variable name/)).toBeVisible()
    await expect(canvas.getByText('"token" is already defined above; keep one.')).toBeVisible()
    const importField = canvas.getByLabelText('Exported environment (JSON)')
    await expect(importField).toHaveAttribute('aria-invalid', 'true')
    await expect(canvas.getByText(/^Line 3, column 17: Not valid JSON/)).toBeVisible()
    await waitFor(() => expect(importField).toHaveFocus())
  },
}

/** Long names and values and many variables wrap inside a narrow side panel without sideways scrolling. */
export const LongContent: Story = {
  args: {
    environments: [
      {
        id: 'long',
        name: 'Production (eu-west-1, read replica, long environment name)',
        variables: [
          variable('a', 'baseUrl', 'https://api.production.eu-west-1.example.com/graphql/v2/with/a/very/long/path?and=query&string=values'),
          variable('b', 'a_very_long_variable_name_for_the_tenant_identifier', 'tenant-0000-1111-2222-3333'),
          variable('c', 'token', 'sk-live-000000000000000000000000000000000000', true),
          variable('d', 'first', '100'),
          variable('e', 'region', 'eu-west-1'),
        ],
      },
    ],
    activeId: 'long',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5)
    const root = canvasElement.querySelector('.environment-editor')
    await expect(root && root.scrollWidth <= root.clientWidth).toBe(true)
  },
}

/** A GitHub token typed into a variable left unticked: the same notice as under a credential header row; "Mark secret" ticks it. */
export const CredentialLeftUnticked: Story = {
  args: {
    environments: [{ id: 'dev', name: 'Dev', variables: [variable('g', 'gh', `ghp_${'a1B2c3D4e5'.repeat(3)}123456`), variable('k', 'api_key', 'plain-looking')] }],
    activeId: 'dev',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const notices = canvas.getAllByTestId('credential-notice')
    await expect(notices).toHaveLength(2)
    await expect(notices[0]).toHaveTextContent('This value looks like a GitHub token.')
    await expect(notices[1]).toHaveTextContent('"api_key" usually holds a credential.')
    await userEvent.click(within(notices[0] as HTMLElement).getByRole('button', { name: 'Mark secret (variable 1)' }))
    await waitFor(() => expect(canvas.getByRole('checkbox', { name: 'Secret (variable 1)' })).toBeChecked())
    await expect(canvas.getAllByTestId('credential-notice')).toHaveLength(1)
  },
}
