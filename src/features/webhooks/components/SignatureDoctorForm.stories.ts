import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import SignatureDoctorForm from './SignatureDoctorForm.vue'
import { formatRawRequest } from '../core'
import { githubPush, providerChoices } from './fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'


const meta = {
  title: 'Webhooks/SignatureDoctorForm',
  component: SignatureDoctorForm,
  parameters: componentDocs({
    purpose:
      'The signature doctor’s input: the request as the handler received it (raw HTTP or a log’s `{headers, body}` JSON in one field, or headers and body in two), the provider (detected or chosen) and the secret.',
    keyboard:
      'No keys of its own: native text areas, select, password field and buttons in the Tab order.',
    accessibility:
      'Native `<textarea>`s, so a pasted body shows its line ends as they are (Naive’s forces `pre-wrap`). The secret is a WebhookSecretInput, kept in memory only by the parent.',
  }),
  args: {
    mode: 'one',
    requestText: '',
    secret: '',
    providers: providerChoices,
    'onUpdate:mode': fn(),
    'onUpdate:requestText': fn(),
    'onUpdate:secret': fn(),
    'onUpdate:providerChoice': fn(),
  },
  decorators: [() => ({ template: '<div style="padding: 1rem; max-width: 48rem"><story /></div>' })],
} satisfies Meta<typeof SignatureDoctorForm>

export default meta
type Story = StoryObj<typeof meta>

/** Nothing pasted: typing reaches the parent; the secret is a password field described as memory-only. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Request as received'), 'X')
    await expect(args['onUpdate:requestText']).toHaveBeenCalledWith('X')
    const secret = canvas.getByLabelText('Secret your handler verifies with')
    await expect(secret).toHaveAttribute('type', 'password')
    await expect(secret).toHaveAccessibleDescription(/never saved/)
    await expect(canvas.getByRole('combobox', { name: 'Signature scheme' })).toHaveDisplayValue('Detect from the headers (none found yet)')
  },
}

/** A pasted GitHub request, the provider detected, the local demo secret offered. */
export const Filled: Story = {
  args: {
    requestText: formatRawRequest({ path: '/webhook', headers: { ...githubPush.headers, 'X-Hub-Signature-256': `sha256=${'0a'.repeat(32)}` }, body: githubPush.body }),
    secret: 'sample-github-secret',
    detectedProvider: 'github',
    demoSecret: 'awb-demo-github-secret',
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('combobox', { name: 'Signature scheme' })).toHaveDisplayValue('Detect from the headers (GitHub)')
    await userEvent.click(canvas.getByRole('button', { name: 'Check with the demo secret' }))
    await expect(args['onUpdate:secret']).toHaveBeenCalledWith('awb-demo-github-secret')
  },
}

/** Headers and body in two fields; a header line that cannot be read is named at the field. */
export const TwoFieldsWithProblem: Story = {
  args: {
    mode: 'two',
    headersText: 'Stripe-Signature t=1,v1=ab',
    bodyText: '{"id":"evt_1"}',
    providerChoice: 'stripe',
    inputProblem: 'Line 1 is not a header ("Name: value"): "Stripe-Signature t=1,v1=ab".',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const headers = canvas.getByLabelText('Headers as received')
    await expect(headers).toHaveAttribute('aria-invalid', 'true')
    await expect(headers).toHaveAccessibleDescription(/Line 1 is not a header/)
    await expect(canvas.getByLabelText('Body as received')).toHaveValue('{"id":"evt_1"}')
    await expect(canvas.getByRole('combobox', { name: 'Signature scheme' })).toHaveDisplayValue('Stripe')
  },
}

/** Another secret the user has (a Shopify store's notification secret): its kind chosen, its value hidden. */
export const WithOtherSecret: Story = {
  args: { otherSecret: 'store-notification-secret', otherSecretKind: 'shopify-store', 'onUpdate:otherSecretKind': fn(), 'onUpdate:otherSecret': fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText('Other secret')).toHaveAttribute('type', 'password')
    await expect(canvas.getByRole('combobox', { name: 'It is' })).toHaveDisplayValue("Shopify: the store's notification secret")
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'It is' }), 'stripe-thin')
    await expect(args['onUpdate:otherSecretKind']).toHaveBeenCalledWith('stripe-thin')
  },
}
