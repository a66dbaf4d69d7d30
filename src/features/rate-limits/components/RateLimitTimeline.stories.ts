import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, userEvent, within } from 'storybook/test'
import { buildRateLimitTimeline, type RateLimitTimeline as Timeline, type TimelinePoint } from '../core'
import { sampleHar } from '../core/timeline/sample-har'
import RateLimitTimeline from './RateLimitTimeline.vue'
import { NOW } from './fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const T = Date.parse('2025-01-14T12:00:00Z')
/** A timeline built at the frozen {@link NOW}, times in UTC: the stories never move. */
const timelineOf = (text: string) => buildRateLimitTimeline(text, { now: NOW, timeZone: 'UTC' })

const meta = {
  title: 'Rate limits/Timeline',
  component: RateLimitTimeline,
  parameters: componentDocs({
    purpose:
      'The timeline view: what was read (how many responses, notices such as "sorted by time"), a refusal when no response has a time, and a TimelineChart per quota for the `maxCharts` closest to running out, the rest in a table. Loaded only when the timeline mode is chosen.',
    keyboard:
      'Each chart has its own slider keys (TimelineChart); the table of the other quotas is one Tab stop for scrolling.',
    accessibility:
      'Each charted quota is a `section` labelled by its heading; the rest is a table in a `region` named "Table of the other quotas", with `aria-rowcount`/`aria-rowindex` since only the rows in view are rendered.',
  }),
  args: { timeline: timelineOf(sampleHar({ startMs: T, count: 80, intervalMs: 500 })), timeZone: 'UTC' },
} satisfies Meta<typeof RateLimitTimeline>

export default meta
type Story = StoryObj<typeof meta>

/** 80 requests in 40 s: the pace runs the quota out 11 s before the reset. Keyboard walk, then the table. */
export const ManyPoints: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByTestId('projection')).toHaveTextContent('At 120 requests/min you run out at 12:00:49 UTC, 10 s before the reset at 12:01:00 UTC.')
    const slider = canvas.getByRole('slider', { name: 'Points of github core' })
    await expect(slider).toHaveAttribute('aria-valuetext', 'Point 80 of 80, 12:00:39 UTC: 20 of 100 requests remaining')
    slider.focus()
    await userEvent.keyboard('{Home}{ArrowRight}')
    await expect(slider).toHaveAttribute('aria-valuetext', 'Point 2 of 80, 12:00:00 UTC: 98 of 100 requests remaining')
    await userEvent.click(canvas.getByRole('button', { name: 'Show as table' }))
    const table = canvas.getByRole('table')
    await expect(within(table).getAllByRole('row')).toHaveLength(81)
  },
}

/** Three windows with refills, and 429s once each window's 50 requests are spent. */
export const ResetsAnd429s: Story = {
  args: { timeline: timelineOf(sampleHar({ startMs: T, count: 200, intervalMs: 1000, limit: 50 })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/200 responses read from a HAR file, 1 quota, 30 HTTP 429 responses/)).toBeVisible()
    await expect(canvas.getAllByText('reset')).toHaveLength(5) // 3 refills, the coming reset, and the legend
  },
}

/** 40 quotas: the 8 closest to running out are charted, least left first; the other 32 are in a table. */
export const ManyQuotas: Story = {
  args: {
    timeline: ((): Timeline => {
      const base = timelineOf(sampleHar({ startMs: T, count: 20, intervalMs: 500 }))
      const [quota] = base.quotas
      if (!quota) throw new Error('the sample HAR has a quota')
      const quotas = Array.from({ length: 40 }, (_, i) => {
        const left = (i * 7) % 40
        return { ...quota, key: `github|r${i}|`, label: `resource ${i}`, points: quota.points.map((p) => ({ ...p, remaining: left + p.remaining - quota.points.at(-1)!.remaining })) }
      })
      return { ...base, quotas }
    })(),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByTestId('charted')).toHaveTextContent('Charted: the 8 quotas closest to running out. The other 32 are in the table below.')
    await expect(canvas.getAllByRole('figure')).toHaveLength(8)
    await expect(canvas.getAllByRole('figure')[0]).toHaveAccessibleName(/github resource 0 /)
    const table = canvas.getByRole('table', { name: 'Quotas not charted, least left first' })
    const rows = within(table).getAllByRole('row')
    await expect(rows).toHaveLength(33)
    await expect(rows[1]).toHaveTextContent(/^github · resource \d+/)
    await expect(canvas.getByRole('region', { name: 'Table of the other quotas' })).toHaveAttribute('tabindex', '0')
  },
}

/** One response: no pace yet, and the sentence says what to paste. */
export const OnePoint: Story = {
  args: { timeline: timelineOf(sampleHar({ startMs: T, count: 1 })) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('projection')).toHaveTextContent(/One response is not enough/)
  },
}

/** Responses without a time are refused, with what to paste instead. */
export const Refused: Story = {
  args: { timeline: timelineOf('HTTP/2 200\nx-ratelimit-limit: 60\nx-ratelimit-remaining: 5\n\nHTTP/2 200\nx-ratelimit-limit: 60\nx-ratelimit-remaining: 4') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('timeline-refused')).toHaveTextContent(/None of the 2 responses has a time/)
  },
}

/** Nothing readable pasted. */
export const Empty: Story = {
  args: { timeline: timelineOf('   ') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/No responses were found/)).toBeVisible()
  },
}

/** While a large paste is read in the worker: the status says what is being read. */
export const Reading: Story = {
  args: { timeline: undefined, status: 'Reading 10,000 entries…' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('reading')).toHaveTextContent('Reading 10,000 entries…')
  },
}

/**
 * 5,000 readings one second apart, built directly (a HAR this long takes a second to read): the line is drawn
 * through at most four points per pixel column, and the table renders only the rows in view. The slider walks
 * every point and the table follows it; the story ends with the table scrolled back to its first row.
 */
const LONG = 5000
const longTimeline = (): Timeline => {
  const points: TimelinePoint[] = Array.from({ length: LONG }, (_, i) => ({
    at: new Date(T + i * 1000),
    remaining: LONG - 1 - i - (i % 7 === 0 ? 3 : 0),
    limit: LONG,
    resetAt: new Date(T + 7200_000),
    status: 200,
    response: i + 1,
  }))
  const last = points.at(-1) as TimelinePoint
  return {
    source: 'header-blocks',
    responses: points.map((p) => ({ at: p.at, status: p.status, response: p.response })),
    notices: [],
    quotas: [
      {
        key: 'github|core|core',
        family: 'github',
        label: 'core',
        resource: 'core',
        points,
        resets: [],
        throttled: [],
        rate: { perMinute: 60, from: new Date(T + (LONG - 300) * 1000), to: last.at },
        projection: { kind: 'within', perMinute: 60, resetAt: new Date(T + 7200_000), sentence: 'At 60 requests/min you stay within the limit.' },
      },
    ],
  }
}

export const LongTimeline: Story = {
  args: { timeline: longTimeline() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const slider = canvas.getByRole('slider', { name: 'Points of github core' })
    await expect(slider).toHaveAttribute('aria-valuetext', 'Point 5,000 of 5,000, 13:23:19 UTC: 0 of 5,000 requests remaining')
    await userEvent.click(canvas.getByRole('button', { name: 'Show as table' }))
    const table = canvas.getByRole('table')
    await expect(table).toHaveAttribute('aria-rowcount', '5001')
    await expect(within(table).getAllByRole('row').length).toBeLessThan(60)
    slider.focus()
    await userEvent.keyboard('{PageDown}')
    await expect(slider).toHaveAttribute('aria-valuenow', '4990')
    await expect(await within(table).findByRole('row', { name: /^4990\b/ })).toHaveAttribute('aria-rowindex', '4991')
    await userEvent.keyboard('{Home}')
    await expect(await within(table).findByRole('row', { name: /^1 12:00:00 UTC/ })).toHaveAttribute('aria-rowindex', '2')
  },
}
