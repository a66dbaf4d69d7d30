import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import RateLimitsPage from '@/features/rate-limits/RateLimitsPage.vue'
import RateLimitsPageHeading from '@/features/rate-limits/RateLimitsPageHeading.vue'
import { useRateLimitStore } from '@/features/rate-limits/stores/rate-limits'
import { sampleHar } from '@/features/rate-limits/core/timeline/sample-har'
import PageFrame from './PageFrame.vue'

/**
 * The rate-limit page in its key states, as the app shows it (heading, toolbar, paste pane,
 * result pane), from a seeded store: the headers are pasted into the store before the page mounts
 * and read by the page's own worker. Resets are relative to now (durations, seconds), so the
 * countdowns are the same on every run under the visual tests' fixed clock.
 */
const meta = {
  title: 'Pages/Rate limits',
  parameters: { route: '/rate-limits', layout: 'fullscreen' },
  tags: ['!autodocs'],
} satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

/** Renders the page with `headers` pasted, as if the user had pasted them before it mounted. */
function pageWith(headers: string) {
  return () => ({
    components: { PageFrame, RateLimitsPage, RateLimitsPageHeading },
    setup() {
      const store = useRateLimitStore()
      store.input = headers
      store.parseNow(headers)
    },
    template: '<PageFrame><RateLimitsPageHeading /><RateLimitsPage /></PageFrame>',
  })
}

const HEALTHY = [
  'HTTP/2 200',
  'x-ratelimit-limit-requests: 500',
  'x-ratelimit-remaining-requests: 488',
  'x-ratelimit-reset-requests: 1.44s',
  'x-ratelimit-limit-tokens: 30000',
  'x-ratelimit-remaining-tokens: 27150',
  'x-ratelimit-reset-tokens: 5.7s',
].join('\n')

const NEAR_LIMIT = [
  'HTTP/2 200',
  'x-ratelimit-limit-requests: 500',
  'x-ratelimit-remaining-requests: 9',
  'x-ratelimit-reset-requests: 58.2s',
  'x-ratelimit-limit-tokens: 30000',
  'x-ratelimit-remaining-tokens: 1200',
  'x-ratelimit-reset-tokens: 57.6s',
].join('\n')

const EXHAUSTED = [
  'HTTP/1.1 429 Too Many Requests',
  'Retry-After: 30',
  'RateLimit-Policy: "default";q=100;w=60',
  'RateLimit: "default";r=0;t=30',
].join('\n')

/** A 429 without Retry-After and a reset in seconds where an epoch is expected: the linter's findings. */
const LINT_FINDINGS = ['HTTP/1.1 429 Too Many Requests', 'X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 0', 'X-RateLimit-Reset: 60'].join('\n')

/** The result pane's sections mount one per task (MountInTurn); the header table is the last. */
async function lastSectionShown(canvasElement: HTMLElement): Promise<void> {
  await expect(await within(canvasElement).findByRole('heading', { name: 'Headers' })).toBeVisible()
}

/** Nothing pasted: the page's first view. */
export const Empty: Story = {
  render: pageWith(''),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Paste headers or load an example to see the quotas.')).toBeVisible()
  },
}

/** OpenAI's request and token quotas, both with most of their budget left. */
export const Healthy: Story = {
  render: pageWith(HEALTHY),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText(/2 quotas found/)).toBeVisible()
    await lastSectionShown(canvasElement)
  },
}

/** The same quotas nearly used up: the meters and the advice warn. */
export const NearLimit: Story = {
  render: pageWith(NEAR_LIMIT),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText(/2 quotas found/)).toBeVisible()
    await lastSectionShown(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Advice' })).toBeVisible()
  },
}

/** A 429 with Retry-After and the IETF draft's headers: nothing left, a retry countdown. */
export const Exhausted: Story = {
  render: pageWith(EXHAUSTED),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('HTTP 429')).toBeVisible()
    await expect(canvas.getByText('Retry after')).toBeVisible()
    await lastSectionShown(canvasElement)
  },
}

/** A 429 whose body is the RateLimit draft's Quota Exceeded problem (RFC 9457): its details beside the Retry-After. */
export const ProblemDetails: Story = {
  render: pageWith(
    [
      'HTTP/1.1 429 Too Many Requests',
      'Content-Type: application/problem+json',
      'Retry-After: 30',
      'RateLimit-Policy: "default";q=100;w=60',
      'RateLimit: "default";r=0;t=30',
      '',
      '{"type":"https://iana.org/assignments/http-problem-types#quota-exceeded","title":"Request quota exceeded","status":429,"violated-policies":["default"]}',
    ].join('\n'),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('region', { name: /Problem details/ })).toHaveTextContent('Request quota exceeded')
    await lastSectionShown(canvasElement)
  },
}

/** The header check for API authors, with an error and a warning on a 429. */
export const LinterFindings: Story = {
  parameters: { route: '/rate-limits?mode=lint' },
  render: pageWith(LINT_FINDINGS),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('heading', { name: 'Errors (1)' })).toBeVisible()
  },
}

/** Eighty responses from a HAR file: remaining over time and when it would run out. */
export const Timeline: Story = {
  parameters: { route: '/rate-limits?mode=timeline' },
  render: pageWith(sampleHar({ startMs: Date.UTC(2025, 0, 14, 12), count: 80, intervalMs: 500 })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('80 responses read from a HAR file, 1 quota.', {}, { timeout: 5000 })).toBeVisible()
  },
}
