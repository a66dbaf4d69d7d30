import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import PacingSimulationView from './PacingSimulationView.vue'
import { simulatePacing } from '../core/pacing-simulation'
import { openAiPolicies } from '../core/policy/presets'
import { componentDocs } from '@/shared/storybook/component-docs'

const openai = openAiPolicies({ requestsPerMinute: 500, tokensPerMinute: 200_000 })

const meta = {
  title: 'Rate limits/PacingSimulationView',
  component: PacingSimulationView,
  parameters: componentDocs({
    purpose:
      'The simulation of a schedule against the policies: a summary (allowed, denied, next request allowed at, the fastest schedule that never gets a 429), a bar chart of allowed and denied requests per interval, and the same numbers as a table.',
    keyboard:
      'The table’s scroller is one Tab stop (`tabindex="0"`); the chart takes no focus.',
    accessibility:
      'The chart is `role="img"` named by its caption and summed up in words; its legend is `aria-hidden`. The table, a `region` labelled by its caption, is what a screen reader or keyboard user reads.',
  }),
  args: { simulation: simulatePacing(openai, { perMinute: 60, burst: 10, backlog: 100, cost: 1000 }) },
} satisfies Meta<typeof PacingSimulationView>

export default meta
type Story = StoryObj<typeof meta>

/** A pace the quotas allow: nothing denied. */
export const NothingDenied: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('img', { name: /No request is denied/ })).toBeVisible()
    await expect(canvas.getByRole('table', { name: /Allowed and denied per interval/ })).toBeVisible()
  },
}

/** Too fast for the tokens quota: 429s from the moment it runs out, the binding quota named per interval. */
export const TokensRunOut: Story = {
  args: { simulation: simulatePacing(openai, { perMinute: 600, burst: 0, backlog: 250, cost: 2000 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('img', { name: /The first 429 comes at .* when tokens runs out/ })).toBeVisible()
    await expect(canvas.getAllByRole('cell', { name: 'tokens' }).length).toBeGreaterThan(0)
  },
}

/** A request costing more than a quota holds: it never passes. */
export const NeverPasses: Story = {
  args: { simulation: simulatePacing([{ kind: 'fixed-window', name: 'minute', limit: 10, windowMs: 60_000, unit: 'points' }], { perMinute: 60, burst: 0, backlog: 3, cost: 20 }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/only 0 can ever pass/)).toBeVisible()
  },
}
