import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import RateLimitCard from './RateLimitCard.vue'
import { NOW, exampleQuota } from './fixtures'
import { virtual } from '@/shared/testing/virtual-screen-reader'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Rate limits/RateLimitCard',
  component: RateLimitCard,
  parameters: componentDocs({
    purpose:
      'One quota: family and label as a heading, the QuotaMeter, and each value (limit, remaining, used, reset, window, resource) with its percentage and the header it came from, or "computed" when the parser derived it.',
    keyboard:
      'None of its own (in a long RateLimitCardList the card itself is the list’s Tab stop).',
    accessibility:
      'An `article` labelled by its heading (level from `headingLevel`); the countdown is not a live region (ResetCountdown).',
  }),
  args: { quota: exampleQuota('github'), now: NOW },
  decorators: [() => ({ template: '<div style="max-width: 26rem; padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof RateLimitCard>

export default meta
type Story = StoryObj<typeof meta>

/** Every field: limit, remaining, used (read), reset and resource, each with its header. */
export const GitHubFull: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 3 })).toHaveTextContent('GitHub core')
    await expect(canvasElement.querySelector('[data-field="remaining"] .value')).toHaveTextContent('4,987 (99.7 %)')
    await expect(canvas.getByText('in 14 min 32 s')).toBeVisible()
    await expect(canvas.getByText('x-ratelimit-resource')).toBeVisible()
    await expect(canvas.getByRole('meter', { name: 'GitHub core remaining' })).toBeVisible()
  },
}

/** Read from top to bottom by a screen reader: the state and the share are said once, by the meter. */
export const ReadOnce: Story = {
  play: async ({ canvasElement }) => {
    await virtual.start({ container: canvasElement })
    try {
      for (let i = 0; i < 60; i++) await virtual.next()
      const spoken = (await virtual.spokenPhraseLog()).join(' | ')
      await expect(spoken.match(/healthy/g) ?? []).toHaveLength(1)
      await expect(spoken.match(/99\.7 %/g) ?? []).toHaveLength(1)
      await expect(spoken).toContain('4,987 of 5,000 requests remaining, 99.7 %, healthy')
    } finally {
      await virtual.stop()
    }
  },
}

/** Used computed from limit − remaining, marked as computed; a Go-duration reset that is imminent. */
export const DerivedUsed: Story = {
  args: { quota: exampleQuota('openai', 1) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('computed from the other values')).toBeVisible()
  },
}

/** Shopify sends no reset: "not sent". */
export const WithoutReset: Story = {
  args: { quota: exampleQuota('shopify') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('not sent')).toBeVisible()
  },
}

/** Only limit and remaining, no used, resource or reset. */
export const Minimal: Story = {
  args: {
    quota: { family: 'generic', label: 'requests', limit: 100, remaining: 63, remainingPercent: 63, sources: { limit: 'X-Limit', remaining: 'X-Remaining' } },
  },
}

export const Exhausted: Story = { args: { quota: exampleQuota('gitlab') } }

export const NearLimitWithWindow: Story = { args: { quota: exampleQuota('ietf-draft8') } }

export const ResetPassed: Story = { args: { quota: exampleQuota('github'), now: new Date(NOW.getTime() + 900_000) } }

/** No limit known: the meter shows "unknown" in words. */
export const UnknownLimit: Story = {
  args: { quota: { family: 'generic', label: 'requests', remaining: 12, sources: { remaining: 'X-Remaining' } } },
}

export const LongLabels: Story = {
  args: {
    quota: {
      ...exampleQuota('discord'),
      label: 'user scope with an unusually long label from a custom gateway',
      resource: '80c17d2f203122d936070c88c8d10f3380c17d2f203122d936070c88c8d10f33',
    },
  },
}
