import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { expect, waitFor, within } from 'storybook/test'
import { tabRequestFromCurl } from '@/features/graphql/core/curl-import'
import CurlImportDialog from './CurlImportDialog.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

/** A Chrome "Copy as cURL (bash)" command: long lines, $'…' quoting, credentials. */
const CHROME_COMMAND = String.raw`curl 'https://api.example.com/graphql' \
  -H 'accept: */*' \
  -H 'accept-language: en-GB,en;q=0.9,de;q=0.8,fr;q=0.7' \
  -H 'authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c' \
  -H 'content-type: application/json' \
  -b 'session=4f9a1c2e7b; theme=dark; consent=analytics%3Dno%26ads%3Dno' \
  -H 'origin: https://app.example.com' \
  -H 'sec-ch-ua: "Chromium";v="131", "Not_A Brand";v="24"' \
  -H 'user-agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' \
  --data-raw $'{"query":"query Orders($first: Int!) {\\n  orders(first: $first) {\\n    id\\n    total\\n  }\\n}","variables":{"first":20},"operationName":"Orders"}'`

const REFUSED_COMMAND = `curl https://api.example.com/graphql \\\n  -H "Authorization: Bearer $(cat ~/.token)" \\\n  -d @query.json`
const refused = tabRequestFromCurl(REFUSED_COMMAND)
const imported = tabRequestFromCurl(`curl https://api.example.com/graphql --compressed -H "Authorization: $AUTHORIZATION" --json '{"query":"query Me { me { id } }"}'`)

const meta = {
  title: 'GraphQL/CurlImportDialog',
  component: CurlImportDialog,
  parameters: componentDocs({
    purpose:
      'The "Import curl" dialog: a text area for a pasted curl command, the reason at the field when it cannot be imported (the text stays), and after an import with notes, what was ignored or is left to fill in.',
    keyboard:
      'A native modal `<dialog>`: **Escape** closes it and focus returns to the opener. **Ctrl+Enter** (**Cmd+Enter**) in the text area imports.',
    accessibility:
      'Labelled by its title; the text area is `aria-invalid` with the problem and hint as its description and has `aria-keyshortcuts`. The page behind is inert. Native text area: Naive’s forces `pre-wrap`, which breaks long command lines.',
  }),
  args: { open: true, text: '' },
  render: (args) => ({
    components: { CurlImportDialog },
    setup() {
      const text = ref(args.text)
      return { args, text }
    },
    template: `<CurlImportDialog v-bind="args" v-model:text="text" />`,
  }),
} satisfies Meta<typeof CurlImportDialog>

export default meta
type Story = StoryObj<typeof meta>

/** Just opened: a named modal dialog, the labelled text area focused, Import and Cancel. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Import curl' })
    await waitFor(() => expect(dialog).toBeVisible())
    const field = within(dialog).getByRole('textbox', { name: 'curl command' })
    await expect(field).toHaveFocus()
    await expect(field).toHaveAccessibleDescription(/From DevTools/)
    await expect(within(dialog).getByRole('button', { name: 'Import' })).toBeVisible()
  },
}

/** Refused: the text is kept, the reason (located) is at the field and describes it. */
export const Refused: Story = {
  args: { text: REFUSED_COMMAND, problem: refused.ok ? undefined : refused },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Import curl' })
    const field = within(dialog).getByRole('textbox', { name: 'curl command' })
    await expect(field).toHaveValue(REFUSED_COMMAND)
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(/^Line 2, column 29: Command substitution/)
  },
}

/** A long DevTools command: the text area scrolls sideways (no wrapping mid-option), the dialog does not grow past the screen. */
export const LongCommand: Story = {
  args: { text: CHROME_COMMAND },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Import curl' })
    const field = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'curl command' })
    await expect(field.scrollWidth).toBeGreaterThan(field.clientWidth)
    field.setSelectionRange(0, 0)
    field.scrollLeft = 0
    field.scrollTop = 0
  },
}

/** After an import with notes: what was ignored and which secret to fill in; Close is focused. */
export const ImportedWithNotes: Story = {
  args: { importedTitle: 'Me', notes: imported.ok ? imported.notes : [] },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Import curl' })
    const list = within(dialog).getByRole('list', { name: 'Notes' })
    await expect(list).toHaveTextContent('--compressed: ignored')
    await expect(list).toHaveTextContent('imported as a secret header with an empty value')
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus())
  },
}
