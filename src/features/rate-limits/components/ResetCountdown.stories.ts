import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import ResetCountdown from './ResetCountdown.vue'
import { NOW } from './fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const at = (ms: number) => new Date(NOW.getTime() + ms)

// Frozen `now`: the page ticks it every second; the stories never move. The title keeps the
// component's former name, so story ids and visual baselines stay stable.
const meta = {
  title: 'Rate limits/Countdown',
  component: ResetCountdown,
  parameters: componentDocs({
    purpose:
      'Time until a quota’s reset (or the Retry-After time): the local date-time and a human countdown ("in 14 min 32 s"), in the phases future, imminent (the last minute by default) and passed.',
    keyboard:
      'None: text only.',
    accessibility:
      'The date-time is a `<time datetime>`. Deliberately not a live region, which would talk every second: the store announces only the thresholds (1 minute left, reset reached) through the app’s announcer.',
  }),
  args: { target: at(872_000), now: NOW },
} satisfies Meta<typeof ResetCountdown>

export default meta
type Story = StoryObj<typeof meta>

export const Future: Story = {
  play: async ({ canvasElement }) => {
    const time = canvasElement.querySelector('time')
    await expect(time).toHaveAttribute('datetime', '2025-01-14T10:29:32.000Z')
    await expect(within(canvasElement).getByText('in 14 min 32 s')).toBeVisible()
    // Not a live region: it would talk every second.
    await expect(canvasElement.querySelector('[aria-live], [role="timer"], [role="status"]')).toBeNull()
  },
}

export const Imminent: Story = {
  args: { target: at(42_000) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/in 42 s, less than a minute/)).toBeVisible()
  },
}

export const Passed: Story = {
  args: { target: at(-180_000) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/reset time has passed \(3 min ago\)/)).toBeVisible()
  },
}

export const FarFuture: Story = { args: { target: at(84_600_000) } }

export const InvalidTarget: Story = { args: { target: 'not a date' } }
