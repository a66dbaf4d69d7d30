import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { buildRateLimitTimeline } from '../core'
import { sampleHar } from '../core/timeline/sample-har'
import TimelineChart from './TimelineChart.vue'
import { NOW } from './fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const T = Date.parse('2025-01-14T12:00:00Z')
const quota = buildRateLimitTimeline(sampleHar({ startMs: T, count: 80, intervalMs: 500 }), { now: NOW, timeZone: 'UTC' }).quotas[0]
if (!quota) throw new Error('the sample HAR has a quota')

// One quota's chart on its own (RateLimitTimeline shows one per quota, with the summary and notices
// around them). These are the chart's own options: where the slider starts and when dots give way
// to the line alone.
const meta = {
  title: 'Rate limits/TimelineChart',
  component: TimelineChart,
  parameters: componentDocs({
    purpose:
      'Remaining over time for one quota: the readings as a line, refills as dashed "reset" marks, 429 responses as marks above the line, and the projected pace as a dashed line. Loaded only with the timeline view.',
    keyboard:
      'One Tab stop, a slider over the points: **←/↓** previous, **→/↑** next, **Page Up/Down** by ten, **Home/End** first and last. "Show as table" is a native button; the table is a Tab stop for scrolling.',
    accessibility:
      'A `figure`; the SVG is `role="img"` named by the caption and described by the projection sentence. The slider is named "Points of <quota>" and reads each point as time, remaining and limit (`aria-valuetext`). "Show as table" has `aria-expanded`/`aria-controls`.',
  }),
  args: { quota, timeZone: 'UTC' },
  decorators: [() => ({ template: '<div style="max-width: 48rem; padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof TimelineChart>

export default meta
type Story = StoryObj<typeof meta>

/** More points than `maxDots`: the line alone, the slider starting at the first point, still walking every one. */
export const LineOnlyFromFirstPoint: Story = {
  args: { initialPoint: 0, maxDots: 20 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const slider = canvas.getByRole('slider', { name: 'Points of github core' })
    await expect(slider).toHaveAttribute('aria-valuetext', 'Point 1 of 80, 12:00:00 UTC: 99 of 100 requests remaining')
    slider.focus()
    await userEvent.keyboard('{PageUp}')
    await expect(slider).toHaveAttribute('aria-valuetext', 'Point 11 of 80, 12:00:05 UTC: 89 of 100 requests remaining')
    await userEvent.keyboard('{End}')
    await expect(slider).toHaveAttribute('aria-valuenow', '80')
  },
}

/** On a 320 px phone: the drawing narrows instead of shrinking, so its labels stay 12 px and fewer times are labelled. */
export const Narrow: Story = {
  decorators: [() => ({ template: '<div style="width: 320px; box-sizing: border-box; padding: 1rem"><story /></div>' })],
  play: async ({ canvasElement }) => {
    const svg = canvasElement.querySelector('svg')
    if (!svg) throw new Error('no chart')
    // Drawn at its own size (once the plot's size is observed, before the first paint): one viewBox unit per CSS pixel.
    await waitFor(() => expect(Number(svg.getAttribute('viewBox')?.split(' ')[2])).toBeCloseTo(svg.getBoundingClientRect().width, 0))
    const labels = [...svg.querySelectorAll('.axis text')]
    for (const label of labels) await expect(label.getBoundingClientRect().height).toBeGreaterThanOrEqual(12)
    // Time labels never overlap.
    const times = labels.filter((l) => l.getAttribute('text-anchor') === 'middle').map((l) => l.getBoundingClientRect())
    for (let i = 1; i < times.length; i++) await expect(times[i]!.left).toBeGreaterThan(times[i - 1]!.right)
  },
}

/**
 * A refill at every one of 5,000 readings (a new two-second window each time): the reset marks are thinned to
 * one per 4 px column, and their labels to ones that do not overlap, so the drawing stays a few hundred elements.
 */
export const ManyResets: Story = {
  args: { quota: buildRateLimitTimeline(sampleHar({ startMs: T, count: 5000, intervalMs: 2000, windowSeconds: 2 }), { now: NOW, timeZone: 'UTC' }).quotas[0]! },
  play: async ({ canvasElement, args }) => {
    await expect(args.quota.resets.length).toBeGreaterThan(4000)
    const marks = canvasElement.querySelectorAll('.resets line')
    await expect(marks.length).toBeGreaterThan(50)
    await expect(marks.length).toBeLessThanOrEqual(200)
    await expect(canvasElement.querySelectorAll('.resets text').length).toBeLessThanOrEqual(16)
    await expect(within(canvasElement).getByRole('slider', { name: 'Points of github core' })).toHaveAttribute('aria-valuemax', '5000')
  },
}
