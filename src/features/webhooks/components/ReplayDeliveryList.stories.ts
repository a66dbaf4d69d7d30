import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import ReplayDeliveryList from './ReplayDeliveryList.vue'
import type { DeliveryResult, ReplayDelivery } from '../core/delivery-types'
import { componentDocs } from '@/shared/storybook/component-docs'

const sentAt = new Date('2026-03-01T12:00:00Z')
const answer = (signatureValid: boolean, duplicate = false): DeliveryResult => ({
  status: 200,
  statusText: 'OK',
  durationMs: 9,
  sentAt,
  headers: [],
  body: JSON.stringify({ received: true, signatureValid, duplicate, checks: { problems: [] } }),
})
const ids = ['evt_1Qa2Bc3De4Fg5Hi6Jk7Lm8No', 'evt_9Pq8Rs7Tu6Vw5Xy4Za3Bc2De', 'evt_4Fg5Hi6Jk7Lm8No9Pq0Rs1Tu']
const rollover = (valid: [boolean, boolean, boolean]): ReplayDelivery[] => [
  { position: 1, label: 'Previous secret only', signedWith: 'the previous secret', deliveryId: ids[0]!, result: answer(valid[0]) },
  { position: 2, label: 'Both secrets', signedWith: 'both secrets', deliveryId: ids[1]!, result: answer(valid[1]) },
  { position: 3, label: 'New secret only', signedWith: 'the secret', deliveryId: ids[2]!, result: answer(valid[2]) },
]

const meta = {
  title: 'Webhooks/ReplayDeliveryList',
  component: ReplayDeliveryList,
  parameters: componentDocs({
    purpose:
      'The replay lab’s results: one line per delivery sent (a replay, a duplicate, a rollover step), which secrets signed it, its delivery id, and the handler’s answer with what a checking receiver reported. For a rollover, the first step the handler rejected is named above the list.',
    keyboard:
      'None: text only.',
    accessibility:
      'An ordered list labelled by its heading, which counts "(2 of 5 done)"; the outcome is in words. Response text is shown as text, never HTML.',
  }),
  args: { deliveries: [] },
  decorators: [() => ({ template: '<div style="padding: 1rem; max-width: 48rem"><story /></div>' })],
} satisfies Meta<typeof ReplayDeliveryList>

export default meta
type Story = StoryObj<typeof meta>

/** A replay and its duplicate: the handler saw the second as a duplicate. */
export const ReplayAndDuplicate: Story = {
  args: {
    deliveries: [
      { position: 1, label: 'Replay', signedWith: 'the secret', deliveryId: ids[0]!, result: answer(true) },
      { position: 2, label: 'Duplicate of #1 (the identical request)', signedWith: 'the secret', deliveryId: ids[0]!, result: answer(true, true) },
    ],
  },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Deliveries (2 of 2 done)' })
    await expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('handler saw a duplicate')
  },
}

/** A rollover the handler takes at every step. */
export const RolloverAccepted: Story = {
  args: { deliveries: rollover([true, true, true]), rollover: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Your handler accepted every step of the rollover.')).toBeVisible()
  },
}

/** A handler that only knows the new secret: the first step is named above the list. */
export const RolloverRejected: Story = {
  args: { deliveries: rollover([false, true, true]), rollover: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/Your handler rejected the step "Previous secret only"/)).toBeVisible()
    await expect(canvas.getAllByRole('listitem')[0]).toHaveTextContent('signature rejected')
  },
}

/** Sending: the first answered, the rest waiting. */
export const InProgress: Story = {
  args: {
    deliveries: [
      { position: 1, label: 'Replay 1 of 3', signedWith: 'both secrets', deliveryId: ids[0]!, result: answer(true) },
      { position: 2, label: 'Replay 2 of 3', signedWith: 'both secrets', deliveryId: '' },
      { position: 3, label: 'Replay 3 of 3', signedWith: 'both secrets', deliveryId: '' },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('list', { name: 'Deliveries (1 of 3 done)' })).toHaveTextContent('Waiting…')
  },
}

/** The handler is not running: named for what it is, and the rest not sent. */
export const HandlerDown: Story = {
  args: {
    deliveries: [
      { position: 1, label: 'Replay 1 of 2', signedWith: 'the secret', deliveryId: ids[0]!, error: 'No response: Connection refused. Start your handler, or check the port.' },
      { position: 2, label: 'Replay 2 of 2', signedWith: 'the secret', deliveryId: '', error: 'Not sent: an earlier delivery failed.' },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('listitem')[0]).toHaveTextContent('Connection refused')
  },
}
