import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import WebhookSequencePanel from './WebhookSequencePanel.vue'
import { sequences } from '../core'
import type { SequenceDelivery } from '../core/delivery-types'
import { componentDocs } from '@/shared/storybook/component-docs'

const stripe = sequences.filter((s) => s.provider === 'stripe')
const sentAt = new Date('2026-03-01T12:00:00Z')
const answer = (duplicate: boolean, status = 200): SequenceDelivery['result'] => ({
  status,
  statusText: status === 200 ? 'OK' : 'Internal Server Error',
  durationMs: 12,
  sentAt,
  headers: [],
  body: JSON.stringify({ received: true, signatureValid: true, duplicate }),
})
const ids = ['evt_1Qa2Bc3De4Fg5Hi6Jk7Lm8No', 'evt_9Pq8Rs7Tu6Vw5Xy4Za3Bc2De', 'evt_4Fg5Hi6Jk7Lm8No9Pq0Rs1Tu']
const deliveries: SequenceDelivery[] = [
  { position: 1, event: 'payment_intent.succeeded', step: 4, deliveryId: ids[0]!, duplicateOf: null, result: answer(false) },
  { position: 2, event: 'customer.created', step: 1, deliveryId: ids[1]!, duplicateOf: null, result: answer(false) },
  { position: 3, event: 'payment_intent.succeeded', step: 4, deliveryId: ids[0]!, duplicateOf: 1, result: answer(true) },
  { position: 4, event: 'invoice.paid', step: 6, deliveryId: ids[2]!, duplicateOf: null, result: answer(false, 500) },
  { position: 5, event: 'charge.succeeded', step: 3, deliveryId: 'evt_7Lm8No9Pq0Rs1Tu2Vw3Xy4Za', duplicateOf: null, error: 'No response: Failed to fetch' },
  { position: 6, event: 'checkout.session.completed', step: 5, deliveryId: 'evt_2Vw3Xy4Za5Bc6De7Fg8Hi9Jk', duplicateOf: null, error: 'Not sent: an earlier delivery failed.' },
]

const meta = {
  title: 'Webhooks/WebhookSequencePanel',
  component: WebhookSequencePanel,
  parameters: componentDocs({
    purpose:
      'Delivery sequences: pick a named flow, in order or shuffled, with or without duplicates, send it, and read one line per delivery (event, delivery id, status, what the receiver reported).',
    keyboard:
      'No keys of its own: a native select, checkboxes and the Send button in the Tab order.',
    accessibility:
      'The select is described by the flow’s steps; the options are a `group` labelled "Delivery"; Send is described by its hint or by why it is blocked. Results are an ordered list labelled by its heading, which counts the deliveries done.',
  }),
  args: {
    sequences: stripe,
    selected: 'stripe-checkout',
    shuffle: false,
    duplicates: false,
    onSend: fn(),
    'onUpdate:selected': fn(),
    'onUpdate:shuffle': fn(),
    'onUpdate:duplicates': fn(),
  },
  decorators: [() => ({ template: '<div style="padding: 1rem; max-width: 48rem"><story /></div>' })],
} satisfies Meta<typeof WebhookSequencePanel>

export default meta
type Story = StoryObj<typeof meta>

/** Ready to send, unsigned. (Choosing another sequence is covered by the e2e journeys: here the select is controlled by args.) */
export const Ready: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('combobox', { name: 'Sequence' })).toHaveAccessibleDescription(/customer\.created → payment_intent\.created/)
    await userEvent.click(canvas.getByText('Shuffled (out-of-order delivery)'))
    await expect(args['onUpdate:shuffle']).toHaveBeenCalledWith(true)
    await userEvent.click(canvas.getByRole('button', { name: 'Send sequence' }))
    await expect(args.onSend).toHaveBeenCalled()
  },
}

/** Shuffled with duplicates, signed: each delivery's outcome — success, the handler's duplicate report, a 500, a network failure and the rest not sent. */
export const Results: Story = {
  args: { shuffle: true, duplicates: true, signing: true, deliveries },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('list', { name: 'Deliveries (6 of 6 done)' })).toBeInTheDocument()
    await expect(canvas.getByText('200 OK · signature valid · handler saw a duplicate')).toBeInTheDocument()
    await expect(canvas.getByText(/duplicate of #1/)).toBeInTheDocument()
  },
}

/** A checking receiver's verdicts (the demo one): one delivery passed its checks, one broke the sequence's story. */
export const CheckedByTheReceiver: Story = {
  args: {
    signing: true,
    deliveries: [
      { position: 1, event: 'pull_request.opened', step: 1, deliveryId: '72d3162e-cc78-11e3-81ab-4c9367dc0958', duplicateOf: null, result: { ...answer(false)!, body: JSON.stringify({ signatureValid: true, duplicate: false, checks: { problems: [] }, sequence: { problems: [] } }) } },
      {
        position: 2,
        event: 'push',
        step: 5,
        deliveryId: '0b989ba4-242f-11e5-81e1-c7b6966d2516',
        duplicateOf: null,
        result: { ...answer(false)!, body: JSON.stringify({ signatureValid: true, duplicate: false, checks: { problems: [] }, sequence: { problems: ['Pull request 1: the push to refs/heads/main after the merge brings another commit, not the merge commit.'] } }) },
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('200 OK · signature valid · first time seen · checks passed')).toBeInTheDocument()
    await expect(canvas.getByText(/^200 OK · signature valid · first time seen · 1 problem: Pull request 1: the push/)).toBeInTheDocument()
  },
}

/** Checkout in subscription mode, checked by the demo receiver: the session names a second invoice, which the story of its customer contradicts. */
export const SubscriptionCheckoutChecked: Story = {
  args: {
    selected: 'stripe-checkout-subscription',
    signing: true,
    deliveries: [
      { position: 1, event: 'invoice.paid', step: 5, deliveryId: ids[2]!, duplicateOf: null, result: { ...answer(false)!, body: JSON.stringify({ signatureValid: true, duplicate: false, checks: { problems: [] }, sequence: { problems: [] } }) } },
      {
        position: 2,
        event: 'checkout.session.completed',
        step: 6,
        deliveryId: ids[1]!,
        duplicateOf: null,
        result: {
          ...answer(false)!,
          body: JSON.stringify({
            signatureValid: true,
            duplicate: false,
            checks: { problems: [] },
            sequence: { problems: ['cus_Qa2Bc3De4Fg5Hi\u2019s deliveries name 2 invoices (in_1Qa2Bc3De4Fg5Hi6Jk7Lm8No, in_9Pq8Rs7Tu6Vw5Xy4Za3Bc2De), where one Checkout or subscription has one.'] },
          }),
        },
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('combobox', { name: 'Sequence' })).toHaveAccessibleDescription(/subscribes on a Checkout page.*customer\.subscription\.created → invoice\.created → invoice\.finalized → invoice\.paid → checkout\.session\.completed/)
    await expect(canvas.getByText('200 OK · signature valid · first time seen · checks passed')).toBeInTheDocument()
    await expect(canvas.getByText(/^200 OK · signature valid · first time seen · 1 problem: cus_\w+’s deliveries name 2 invoices/)).toBeInTheDocument()
  },
}

export const Blocked: Story = { args: { blockedReason: 'Enter a valid handler URL first.' } }

export const NoSequences: Story = { args: { sequences: [], selected: '' } }
