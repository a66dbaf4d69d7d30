import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import PacingPolicyList from './PacingPolicyList.vue'
import { pacedPoliciesFromPreset, pacedPoliciesFromQuotas } from '../core/pacing'
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

/** Nothing to pace. */
export const Empty: Story = {
  args: { paced: { policies: [], skipped: [] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/No quota with a known policy/)).toBeVisible()
  },
}
