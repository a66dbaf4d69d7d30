import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { defineComponent, h } from 'vue'
import { expect, within } from 'storybook/test'
import WebhooksPage from '@/features/webhooks/WebhooksPage.vue'
import WebhooksPageHeading from '@/features/webhooks/WebhooksPageHeading.vue'
import { useWebhookStore } from '@/features/webhooks/stores/webhooks'
import { useWebhookDoctorStore } from '@/features/webhooks/stores/webhooks-doctor'
import { useWebhookSequencesStore } from '@/features/webhooks/stores/webhooks-sequences'
import { receiverResult, serverError } from '@/features/webhooks/components/fixtures'
import PageFrame from './PageFrame.vue'

/**
 * The webhook payload generator in its key states, as the app shows it, with no network: the
 * sample is the page's seeded one (`?seed=1`, honoured on this machine, with the visual tests'
 * fixed clock), signed with a sample secret in memory; the doctor checks a request in its worker;
 * a sequence's results are the ones a run against a handler would have listed.
 */
const meta = {
  title: 'Pages/Webhooks',
  parameters: { route: '/webhooks?seed=1', layout: 'fullscreen' },
  tags: ['!autodocs'],
} satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

/** A sample test secret (GitHub's accepts any string). */
const SECRET = 'sample-github-secret'

/** Signing on with the sample secret, and a handler URL that is the same in every screenshot. */
function signWithSampleSecret(): void {
  const store = useWebhookStore()
  store.handlerUrl = 'http://localhost:4000/webhook'
  store.sign = true
  store.secret = SECRET
}

/** The page after `seed` has run on the mounted page's stores. */
function pageWith(seed: () => Promise<void> | void = () => undefined) {
  const Seeded = defineComponent({
    setup() {
      return () => h(WebhooksPage, { onVnodeMounted: () => void seed() })
    },
  })
  return () => ({
    components: { PageFrame, WebhooksPageHeading, Seeded },
    template: '<PageFrame><WebhooksPageHeading /><Seeded /></PageFrame>',
  })
}

/** The event catalogue and the sections below the fold load on demand: waits for the last. */
async function loaded(canvasElement: HTMLElement): Promise<void> {
  const canvas = within(canvasElement)
  await expect(await canvas.findByText('261 events', { exact: true }, { timeout: 10_000 })).toBeVisible()
  await expect(await canvas.findByRole('heading', { name: 'Signature doctor' }, { timeout: 10_000 })).toBeInTheDocument()
}

/** Brings a section of the Delivery pane into view for the screenshot. */
function scrollTo(canvasElement: HTMLElement, heading: string | RegExp): void {
  within(canvasElement).getByRole('heading', { name: heading }).scrollIntoView({ block: 'start' })
}

/** The first view with signing on: GitHub's push event, its signed headers marked, the secret entered. */
export const Signed: Story = {
  render: pageWith(signWithSampleSecret),
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    await expect((await within(canvasElement).findAllByText('computed when you send (signing is on)')).length).toBeGreaterThan(0)
  },
}

/** The doctor on the generator's request with a newline added to its body: the cause named first. */
export const DoctorFailing: Story = {
  render: pageWith(async () => {
    signWithSampleSecret()
    const doctor = useWebhookDoctorStore()
    await doctor.openFromGenerator()
    doctor.requestText = `${doctor.requestText}\n`
    await doctor.check()
  }),
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    await expect(await within(canvasElement).findByRole('heading', { name: 'Signature invalid' }, { timeout: 10_000 })).toBeInTheDocument()
    scrollTo(canvasElement, 'Signature invalid')
  },
}

/** GitHub's pull-request sequence after a shuffled run with a duplicate: each delivery's outcome. */
export const SequenceResults: Story = {
  render: pageWith(() => {
    signWithSampleSecret()
    const sequences = useWebhookSequencesStore()
    sequences.shuffle = true
    sequences.duplicates = true
    sequences.deliveries = [
      { position: 1, event: 'pull_request', step: 2, deliveryId: '6f1c2a4e-3b5d-11f0-8e2a-1b9c7d5e4f30', duplicateOf: null, result: receiverResult(false) },
      { position: 2, event: 'pull_request', step: 1, deliveryId: '6f1c2a4e-3b5d-11f0-8e2a-1b9c7d5e4f31', duplicateOf: null, result: receiverResult(false) },
      { position: 3, event: 'pull_request', step: 2, deliveryId: '6f1c2a4e-3b5d-11f0-8e2a-1b9c7d5e4f30', duplicateOf: 1, result: receiverResult(true) },
      { position: 4, event: 'pull_request_review', step: 3, deliveryId: '6f1c2a4e-3b5d-11f0-8e2a-1b9c7d5e4f32', duplicateOf: null, result: serverError },
    ]
  }),
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    await expect(await within(canvasElement).findByText(/500 Internal Server Error/, {}, { timeout: 10_000 })).toBeInTheDocument()
    scrollTo(canvasElement, /^Deliveries/)
  },
}
