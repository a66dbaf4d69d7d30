import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { correctRateLimitHeaders, lintRateLimitHeaders } from '../core'
import { examples } from '../core/examples'
import LintReport from './LintReport.vue'
import { NOW } from './fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

/** Linter output for a paste, frozen at {@link NOW}. */
function lintArgs(input: string) {
  return { input, findings: lintRateLimitHeaders(input, { now: NOW }), corrected: correctRateLimitHeaders(input, { now: NOW }) }
}

const THROTTLED = [
  'HTTP/1.1 429 Too Many Requests',
  'Date: Tue, 14 Jan 2025 10:15:00 GMT',
  'Access-Control-Allow-Origin: https://app.example',
  'X-RateLimit-Limit: 60',
  'X-RateLimit-Remaining: 0',
  'X-RateLimit-Used: 59.5',
  'X-RateLimit-Reset: 60',
].join('\n')

/** One server's worst day: eleven findings of ten codes (long content). */
const EVERYTHING = [
  'HTTP/1.1 429 Too Many Requests',
  'Date: Tue, 14 Jan 2025 10:15:00 GMT',
  'Access-Control-Allow-Origin: https://app.example',
  'Access-Control-Allow-Credentials: true',
  'Access-Control-Expose-Headers: *',
  'Retry-After: soon',
  'X-RateLimit-Limit: 60',
  'X-RateLimit-Remaining: 61',
  'X-RateLimit-Reset: 1736849760000',
  'X-Rate-Limit-Limit: 100',
  'X-Rate-Limit-Remaining: 4',
  'X-Rate-Limit-Remaining: 5',
  'x-ratelimit-limit-requests: -1',
  'RateLimit-Limit: 100',
  'RateLimit-Remaining: 40',
  'RateLimit-Reset: 30',
  'RateLimit-Policy: "burst";w=60',
  'RateLimit: "burst";r=50;t=30, "daily";r=4000;t=1736900000',
  'X-Sentry-Rate-Limit-Limit: 40',
  'X-Sentry-Rate-Limit-Remaining: 38',
  'X-Sentry-Rate-Limit-Reset: 1736849000',
].join('\n')

const meta = {
  title: 'Rate limits/LintReport',
  component: LintReport,
  parameters: componentDocs({
    purpose:
      'The header linter’s findings for an API author, grouped by severity: each with the line of the paste it points at, its fix (a copyable block) and the spec it rests on; then the corrected headers when a fix was applied.',
    keyboard:
      'No keys of its own: "Show line" (selects that line in the input), code blocks and copy buttons in the Tab order.',
    accessibility:
      'Each severity group is a `section` labelled by its heading, which says the severity in words, never by colour alone. "Show line" is named "Show line N in the input".',
  }),
  args: { ...lintArgs(THROTTLED), 'onShow-line': fn() },
} satisfies Meta<typeof LintReport>

export default meta
type Story = StoryObj<typeof meta>

/** A 429 without Retry-After (error), a fractional count and a delay under a Unix-time name (warnings). */
export const Throttled429: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Errors (1)' })).toBeVisible()
    await expect(canvas.getByRole('heading', { name: /^Warnings/ })).toBeVisible()
    const missing = canvasElement.querySelector('[data-code="retry-after-missing"]') as HTMLElement
    await expect(within(missing).getByText('Retry-After: 60')).toBeVisible()
    await expect(within(missing).getByText('HTTP/1.1 429 Too Many Requests')).toBeVisible()
    await userEvent.click(within(missing).getByRole('button', { name: 'Show line 1 in the input' }))
    await expect(args['onShow-line']).toHaveBeenCalledWith(1)
    await expect(canvas.getByRole('region', { name: 'Corrected headers' })).toHaveTextContent('Retry-After: 60')
  },
}

/** Clean headers: one sentence, no groups, no corrected block. */
export const Clean: Story = {
  args: lintArgs(examples.find((e) => e.id === 'github')?.text ?? ''),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/No problems found/)).toBeVisible()
    await expect(within(canvasElement).queryByRole('heading')).toBeNull()
  },
}

/** A finding without a concrete fix: no corrected block repeating the paste, a sentence instead. */
export const NothingToCorrect: Story = {
  args: lintArgs(['Date: Tue, 14 Jan 2025 10:15:00 GMT', 'RateLimit: "default";r=50;t=30'].join('\n')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/Nothing could be corrected for you/)).toBeVisible()
    await expect(canvas.queryByRole('region', { name: 'Corrected headers' })).toBeNull()
  },
}

/** Long content: errors, warnings and info at once. */
export const ManyFindings: Story = {
  args: lintArgs(EVERYTHING),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: /^Info/ })).toBeVisible()
    await expect(canvasElement.querySelectorAll('[data-code]').length).toBe(11)
  },
}
