import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import PacingPolicyList from './PacingPolicyList.vue'
import { ONE_RESPONSE_NOTE, pacedPoliciesFromPreset, pacedPoliciesFromQuotas, pacedPoliciesFromTimeline } from '../core/pacing'
import { buildRateLimitTimeline } from '../core/timeline'
import { POLICY_PRESETS } from '../core/policy/presets'
import { exampleReport, reportOf } from './fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Rate limits/PacingPolicyList',
  component: PacingPolicyList,
  parameters: componentDocs({
    purpose:
      'The policies a throttle plan paces: per quota, the policy in words, where its numbers come from (the header read, or the preset) with the provider’s page, and what is modelled rather than read; then the quotas that gave no policy, with why.',
    keyboard:
      'No keys of its own: its links in the Tab order.',
    accessibility:
      'A list named "Policies paced"; everything is said in words.',
  }),
  args: { paced: pacedPoliciesFromQuotas(exampleReport('openai').quotas) },
} satisfies Meta<typeof PacingPolicyList>

export default meta
type Story = StoryObj<typeof meta>

/** OpenAI's pasted headers: requests and tokens per minute, each from its header, with OpenAI's page. */
export const FromOpenAiHeaders: Story = {
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Policies paced' })
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    await expect(within(list).getByText('x-ratelimit-limit-tokens')).toBeVisible()
    await expect(within(list).getAllByRole('link', { name: 'https://platform.openai.com/docs/guides/rate-limits' })).toHaveLength(2)
  },
}

/** A preset: GitHub's primary and secondary limits, with what is modelled rather than documented. */
export const FromPreset: Story = {
  args: { paced: pacedPoliciesFromPreset(POLICY_PRESETS.find((p) => p.id === 'github-rest-primary-secondary') ?? POLICY_PRESETS[0]!) },
}

/** A quota with a limit but no window: not paced, and why. */
export const SomeSkipped: Story = {
  args: { paced: pacedPoliciesFromQuotas(reportOf('X-RateLimit-Limit: 100\nX-RateLimit-Remaining: 5\nRateLimit-Policy: "burst";q=10;w=1').quotas) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/window is not stated/)).toBeVisible()
  },
}

/** `curl -i` responses, one a second apart, from a quota of 60 (the IETF fields). */
function curlResponses(remaining: readonly number[]): string {
  return remaining
    .map((r, i) => [`HTTP/1.1 200`, `Date: Thu, 01 Jan 2026 12:00:0${i} GMT`, 'RateLimit-Policy: "api";q=60;w=60', `RateLimit: "api";r=${r};t=${60 - i}`].join('\n'))
    .join('\n\n')
}

function pacedFromCurl(remaining: readonly number[]) {
  const text = curlResponses(remaining)
  return pacedPoliciesFromTimeline(reportOf(text).quotas, buildRateLimitTimeline(text, { timeZone: 'UTC' }))
}

/** Several responses whose remaining rose before the reset: a refilling bucket, its rate and the evidence. */
export const InferredWithEvidence: Story = {
  args: { paced: pacedFromCurl([40, 41, 42, 43]) },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Policies paced' })
    await expect(list).toHaveTextContent(/Inferred: Remaining rose from 40 to 41 between 12:00:00\.000 UTC and 12:00:01\.000 UTC without a reset .*→ a refilling bucket, ~2\/s/)
  },
}

/** Several responses whose remaining only fell: cannot tell, why, and the assumed policy kept. */
export const CannotTell: Story = {
  args: { paced: pacedFromCurl([44, 43, 42]) },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Policies paced' })
    await expect(list).toHaveTextContent(/Cannot tell from the responses: Remaining only fell/)
    await expect(list).toHaveTextContent(/A fixed window of the stated length/)
  },
}

/** One response: what it can and cannot tell, above the documented policies. */
export const SingleResponse: Story = {
  args: { note: ONE_RESPONSE_NOTE },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^One response shows each quota’s limit and what is left, not how it comes back/)).toBeVisible()
  },
}

/** Nothing to pace. */
export const Empty: Story = {
  args: { paced: { policies: [], skipped: [] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/No quota with a known policy/)).toBeVisible()
  },
}
