import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import ReplayImportForm from './ReplayImportForm.vue'
import { importDelivery } from '../core/import/import-delivery'
import type { ImportedDelivery } from '../core/import/types'
import { providerChoices } from './fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'


/** Reads a capture as the store does (the stories show what importDelivery really makes of it). */
function read(text: string): ImportedDelivery {
  const result = importDelivery(text)
  if (!result.ok) throw new Error(result.message)
  const { ok: _ok, ...delivery } = result
  return delivery
}

const RAW_GITHUB = `POST /hooks/github HTTP/1.1
X-GitHub-Delivery: 72d3162e-cc78-11e3-81ab-4c9367dc0958
X-GitHub-Event: issues
X-Hub-Signature-256: sha256=d57c68ca6f92289e6987922ff26938930f6e66a2d161ef06abdf1859230aa23c
Content-Type: application/json

{"action":"opened","issue":{"number":1347}}`

const SMEE = JSON.stringify({
  'x-github-event': 'ping',
  'x-github-delivery': '9f1b2c3d-0000-4000-8000-000000000001',
  'x-hub-signature-256': 'sha256=0000000000000000000000000000000000000000000000000000000000000000',
  'content-type': 'application/json',
  body: { zen: 'Keep it logically awesome.', hook_id: 1 },
  query: {},
  timestamp: 1716400000000,
})

const meta = {
  title: 'Webhooks/ReplayImportForm',
  component: ReplayImportForm,
  parameters: componentDocs({
    purpose:
      'The replay lab’s first step: paste a captured delivery (raw HTTP, curl, HAR, webhook.site, smee.io, `stripe listen --print-json`, the demo receiver’s `/last`) and import it; then what was read and every note on what could not be carried.',
    keyboard:
      'No keys of its own: the text area (DoctorTextArea), the provider select and buttons in the Tab order.',
    accessibility:
      'The field is labelled "Captured delivery"; a message that the paste could not be read stays at the field and the text stays as typed. What was read is a `group` labelled by its heading.',
  }),
  args: {
    source: '',
    providers: providerChoices,
    'onUpdate:source': fn(),
    'onUpdate:providerChoice': fn(),
    onImport: fn(),
    'onLoad-last': fn(),
  },
  decorators: [() => ({ template: '<div style="padding: 1rem; max-width: 48rem"><story /></div>' })],
} satisfies Meta<typeof ReplayImportForm>

export default meta
type Story = StoryObj<typeof meta>

/** Nothing pasted yet; on this machine the demo receiver's last delivery is one click away. */
export const Empty: Story = {
  args: { canLoadLast: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Captured delivery'), 'P')
    await expect(args['onUpdate:source']).toHaveBeenCalledWith('P')
    await userEvent.click(canvas.getByRole('button', { name: "Load the demo receiver's last delivery" }))
    await expect(args['onLoad-last']).toHaveBeenCalled()
  },
}

/** A paste that is no delivery: the message at the field, which is marked invalid; the text stays. */
export const CannotRead: Story = {
  args: { source: '{"log": {"entries": []}}', problem: 'This HAR has 0 requests and none sends a body: export the entry of the delivery (a POST).' },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByLabelText('Captured delivery')
    await expect(field).toHaveAccessibleDescription(/HAR has 0 requests/)
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveValue('{"log": {"entries": []}}')
  },
}

/** A raw request read byte for byte: GitHub by its headers. */
export const ImportedExact: Story = {
  args: { source: RAW_GITHUB, delivery: read(RAW_GITHUB) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('group', { name: /Read as a raw HTTP request/ })).toHaveTextContent('GitHub by its headers; body byte for byte as received.')
    await expect(canvas.getByRole('combobox', { name: 'Provider' })).toHaveDisplayValue('As detected (GitHub)')
  },
}

/** A smee.io event: the relay parsed the body, so its bytes are lost, and the note says so. */
export const ImportedFromRelay: Story = {
  args: { source: SMEE, delivery: read(SMEE) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('group', { name: /Read as a smee\.io event/ })).toHaveTextContent('written out again')
    await expect(canvas.getByRole('listitem')).toHaveTextContent(/smee\.io parsed the JSON body/)
  },
}

/** Headers that name no provider: the user chooses one. */
export const NoProviderDetected: Story = {
  args: { source: 'POST /hook HTTP/1.1\nContent-Type: application/json\n\n{"a":1}', delivery: read('POST /hook HTTP/1.1\nContent-Type: application/json\n\n{"a":1}') },
  play: async ({ canvasElement, args }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Provider' })
    await expect(select).toHaveDisplayValue('None detected: choose one')
    await userEvent.selectOptions(select, 'shopify')
    await expect(args['onUpdate:providerChoice']).toHaveBeenCalledWith('shopify')
  },
}
