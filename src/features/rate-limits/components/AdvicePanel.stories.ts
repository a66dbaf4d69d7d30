import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, userEvent, within } from 'storybook/test'
import AdvicePanel from './AdvicePanel.vue'
import { exampleReport, manyQuotasReport, reportOf } from './fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Rate limits/AdvicePanel',
  component: AdvicePanel,
  parameters: componentDocs({
    purpose:
      'Client-practice advice for the parsed state: situation items first (429, exhausted or nearly exhausted quotas, with the retry time in local time and a backoff schedule), then the always-true good practice, folded. Shows the first `pageSize` items; "Show more" adds as many again.',
    keyboard:
      'The good practice is a native `<details>` (**Enter**/**Space** on its summary); "Show more" is a native button.',
    accessibility:
      'Each item’s level is a word ("Exhausted:"), its symbol `aria-hidden`, so it is never told by colour alone.',
  }),
  args: { advice: exampleReport('discord').advice },
} satisfies Meta<typeof AdvicePanel>

export default meta
type Story = StoryObj<typeof meta>

/** A 429 with Retry-After: when to retry, then a concrete exponential backoff schedule. */
export const RateLimitedWithBackoff: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/Retry after 2025-01-14T10:15:03.000Z/)).toBeVisible()
    await expect(canvas.getByRole('table', { name: /Backoff schedule/ })).toBeVisible()
    await expect(canvas.getAllByRole('row')).toHaveLength(6)
    // Good practice is collapsed (the e2e test opens it with the real keyboard).
    await expect(canvas.getByText(/token bucket/)).not.toBeVisible()
    await userEvent.click(canvas.getByText('Good practice (4)'))
    await expect(canvas.getByText(/token bucket/)).toBeVisible()
  },
}

/** GitHub's primary limit hit (403, remaining 0) without Retry-After: wait for the reset, then back off. */
export const ExhaustedWaitForReset: Story = {
  args: {
    advice: reportOf(
      ['HTTP/2 403', 'x-ratelimit-limit: 5000', 'x-ratelimit-remaining: 0', 'x-ratelimit-reset: 1736850572', 'x-ratelimit-used: 5000', 'x-ratelimit-resource: core'].join('\n'),
    ).advice,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Do not retry before 2025-01-14T10:29:32.000Z/)).toBeVisible()
  },
}

/** A 429 that names no retry time at all. */
export const RateLimitedNoRetryTime: Story = {
  args: { advice: reportOf('HTTP/1.1 429 Too Many Requests\nx-ratelimit-limit: 60\nx-ratelimit-remaining: 0').advice },
}

export const NearLimit: Story = { args: { advice: exampleReport('x').advice } }

/** Healthy quotas: only the collapsed good practice. */
export const Calm: Story = {
  args: { advice: exampleReport('github').advice },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Nothing needs attention/)).toBeVisible()
  },
}

export const Empty: Story = { args: { advice: [] } }

/** A near-limit item per quota of a 300-quota dump: the first 50 situation items show, then "Show 50 more". */
export const ManyQuotasNearLimit: Story = {
  args: { advice: manyQuotasReport(300).advice },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvasElement.querySelectorAll('.items > li')).toHaveLength(50)
    await expect(canvas.getByRole('button', { name: 'Show 50 more' })).toBeVisible()
  },
}
