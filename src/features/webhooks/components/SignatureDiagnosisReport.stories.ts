import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import SignatureDiagnosisReport from './SignatureDiagnosisReport.vue'
import { doctorCases } from './doctor-fixtures'
import type { SignatureDiagnosis } from '../core'
import { componentDocs } from '@/shared/storybook/component-docs'

const NAMES: Record<string, string> = { github: 'GitHub', stripe: 'Stripe', slack: 'Slack', shopify: 'Shopify', 'standard-webhooks': 'Standard Webhooks', gitlab: 'GitLab' }

const meta = {
  title: 'Webhooks/SignatureDiagnosisReport',
  component: SignatureDiagnosisReport,
  parameters: componentDocs({
    purpose:
      'What the signature doctor found: the verdict first, then each cause with its one-line fix and the line of the provider’s verification snippet that does it right, expected vs received with the differing part marked, and the signed content for schemes that sign more than the body.',
    keyboard:
      'No keys of its own: the signed content’s copy button and code block (a Tab stop for scrolling) are in the Tab order; the rest is text.',
    accessibility:
      'The verdict is words with an `aria-hidden` symbol and a colour, never colour alone; causes are a list named "Causes, most likely first"; the differing position is said in words, not only marked. Text only, never HTML.',
  }),
  args: { diagnosis: null },
  render: (args, { loaded }) => ({
    components: { SignatureDiagnosisReport },
    setup() {
      const diagnosis = (loaded as { diagnosis?: SignatureDiagnosis }).diagnosis ?? args.diagnosis
      return { args, diagnosis, name: diagnosis?.provider ? NAMES[diagnosis.provider] : '' }
    },
    template: '<div style="padding: 1rem; max-width: 48rem"><SignatureDiagnosisReport v-bind="args" :diagnosis="diagnosis" :provider-name="name" /></div>',
  }),
} satisfies Meta<typeof SignatureDiagnosisReport>

export default meta
type Story = StoryObj<typeof meta>

const loadCase = (name: keyof typeof doctorCases) => [async () => ({ diagnosis: await doctorCases[name]() })]

/** Expects the verdict heading and, when given, the first cause's title. */
function expectVerdict(verdict: string, cause?: string): Story['play'] {
  return async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: verdict })).toBeVisible()
    if (cause) await expect(canvas.getAllByRole('listitem')[0]).toHaveTextContent(cause)
  }
}

/** Nothing pasted yet. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/the verdict appears here/)).toBeVisible()
  },
}

/** A GitHub push signed with the secret: valid, expected and received identical. */
export const Valid: Story = {
  loaders: loadCase('valid'),
  play: async (context) => {
    await expectVerdict('Signature valid')!(context)
    await expect(within(context.canvasElement).getByText('Identical.')).toBeVisible()
  },
}

export const UnknownProvider: Story = { loaders: loadCase('unknownProvider'), play: expectVerdict('Signature cannot be checked', 'Unknown provider') }
export const NoSignatureHeader: Story = { loaders: loadCase('noSignatureHeader'), play: expectVerdict('Signature cannot be checked', 'No signature header') }
export const MalformedHeader: Story = { loaders: loadCase('malformed'), play: expectVerdict('Signature invalid', 'Malformed signature header') }

/** Stripe's indented body verified after re-serialising it compactly: the signed content is shown. */
export const BodyReserialized: Story = {
  loaders: loadCase('bodyReserialized'),
  play: async (context) => {
    await expectVerdict('Signature invalid', 'Body re-serialized')!(context)
    const canvas = within(context.canvasElement)
    await expect(canvas.getByRole('region', { name: 'Signed content' })).toBeVisible()
    // t=<10 digits>,v1= is shared: the marks start in the hex.
    await expect(canvas.getByText(/They differ from character (1[7-9]|[2-9]\d) on/)).toBeVisible()
    await expect(context.canvasElement.querySelectorAll('mark')).toHaveLength(2)
  },
}

export const BodyLineEndings: Story = { loaders: loadCase('bodyLineEndings'), play: expectVerdict('Signature invalid', 'Line endings changed') }
export const SecretWhitespace: Story = { loaders: loadCase('secretWhitespace'), play: expectVerdict('Signature invalid', 'Whitespace around the secret') }
export const SecretEncoding: Story = { loaders: loadCase('secretEncoding'), play: expectVerdict('Signature invalid', 'Secret read the wrong way') }
export const TimestampOutsideTolerance: Story = { loaders: loadCase('timestampOutsideTolerance'), play: expectVerdict('Signature invalid', 'Timestamp outside the tolerance') }
export const TimestampMissing: Story = { loaders: loadCase('timestampMissing'), play: expectVerdict('Signature invalid', 'Timestamp missing') }
export const PreviousSecret: Story = { loaders: loadCase('previousSecret'), play: expectVerdict('Signature invalid', 'Signed with the previous secret') }
export const BodyCompressed: Story = { loaders: loadCase('bodyCompressed'), play: expectVerdict('Signature invalid', 'Body compressed on the way') }
export const WrongSecret: Story = { loaders: loadCase('wrongSecret'), play: expectVerdict('Signature invalid', 'Wrong secret or changed body') }

/** Three causes over a long Stripe body; the signed content scrolls in its own region. */
export const LongWithSeveralCauses: Story = {
  loaders: loadCase('long'),
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem')
    await expect(items.map((i) => i.querySelector('h4')?.textContent)).toEqual(['Whitespace around the secret', 'Body re-serialized', 'Timestamp outside the tolerance'])
  },
}

/** A body too large for every candidate: the search that was skipped is said, and a long signed content is shown by its start. */
export const LargeBodySkipped: Story = {
  args: {
    diagnosis: {
      provider: 'stripe',
      verdict: 'invalid',
      signatureHeader: 'Stripe-Signature',
      received: 't=1763900000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
      expected: 't=1763900000,v1=0f0e0d0c0b0a09080706050403020100f0e0d0c0b0a09080706050403020100f',
      causes: [{ code: 'wrong-secret-or-body', message: 'Stripe-Signature does not match this body and secret, and none of whitespace around the secret and the secret encoded another way explains it.' }],
      skipped: "The body is 10 MB, so re-serialised JSON and changed line endings were not tried (they are for bodies up to 1.0 MB); the secret's other readings were.",
      signedContent: `1763900000.{"padding":"${'x'.repeat(20_000)}"}`,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByTestId('doctor-skipped')).toHaveTextContent(/^The body is 10 MB, so re-serialised JSON/)
    await expect(canvas.getByText('The first 4,000 of 20,025 characters are shown; Copy copies all of them.')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Copy signed content' })).toBeVisible()
    await expect(canvas.getByRole('region', { name: 'Signed content' }).textContent?.length).toBe(4001)
  },
}
