import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import QuotaMeter from './QuotaMeter.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

// Thresholds (the core's `QUOTA_THRESHOLDS`): more than 50 % remaining is healthy; 20–50 % is near limit;
// below 20 %, or fewer than 5 left, is almost exhausted (0 left: exhausted). The state is always in words.
const meta = {
  title: 'Rate limits/QuotaMeter',
  component: QuotaMeter,
  parameters: componentDocs({
    purpose:
      'How much of a quota is left: a bar with its state in words (healthy, near limit, almost exhausted, exhausted, unknown) by the core’s `QUOTA_THRESHOLDS`. Without a limit or remaining count the state is unknown and no meter is drawn.',
    keyboard:
      'None: not focusable.',
    accessibility:
      '`role="meter"` (a level, not a task’s progress) with `aria-valuemin/max/now` and an `aria-valuetext` in words; the visible text beside it is `aria-hidden` so it is not read twice. Colour and words always agree.',
  }),
  args: { label: 'GitHub core remaining', quota: { limit: 5000, remaining: 4997, remainingPercent: 99.94 } },
} satisfies Meta<typeof QuotaMeter>

export default meta
type Story = StoryObj<typeof meta>

export const Healthy: Story = {
  play: async ({ canvasElement }) => {
    const meter = within(canvasElement).getByRole('meter', { name: 'GitHub core remaining' })
    await expect(meter).toHaveAttribute('aria-valuemin', '0')
    await expect(meter).toHaveAttribute('aria-valuemax', '5000')
    await expect(meter).toHaveAttribute('aria-valuenow', '4997')
    await expect(meter).toHaveAttribute('aria-valuetext', '4,997 of 5,000 requests remaining, 99.9 %, healthy')
    await expect(within(canvasElement).getByText('healthy')).toBeVisible()
  },
}

export const NearLimit: Story = {
  args: { label: 'X endpoint remaining', quota: { limit: 200, remaining: 60, remainingPercent: 30 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('near limit')).toBeVisible()
  },
}

export const AlmostExhausted: Story = {
  args: { label: 'X user 24-hour remaining', quota: { limit: 100, remaining: 4, remainingPercent: 4 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('almost exhausted')).toBeVisible()
  },
}

export const Exhausted: Story = {
  args: { label: 'Discord user scope remaining', quota: { limit: 5, remaining: 0, remainingPercent: 0 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('meter')).toHaveAttribute('aria-valuetext', '0 of 5 requests remaining, 0 %, exhausted')
  },
}

export const Tokens: Story = {
  args: { label: 'OpenAI tokens remaining', quota: { limit: 200000, remaining: 198342, remainingPercent: 99.171, unit: 'tokens' } },
}

/** No limit known: no meter can be drawn, the words say so. */
export const Unknown: Story = {
  args: { label: 'Generic requests remaining', quota: { remaining: 12 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('meter')).toBeNull()
    await expect(within(canvasElement).getByText('12 requests remaining, limit unknown')).toBeVisible()
  },
}

export const LongLabel: Story = {
  args: {
    label: 'GitLab throttle_authenticated_api_with_a_very_long_policy_name_for_the_web_ui remaining',
    quota: { limit: 600, remaining: 280, remainingPercent: 46.67 },
  },
}
