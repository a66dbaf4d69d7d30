import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import ThrottlePlanView from './ThrottlePlanView.vue'
import { POLICY_PRESETS } from '../core/policy/presets'
import { THROTTLE_PLANS } from '../core/policy/plans'
import { componentDocs } from '@/shared/storybook/component-docs'

const policies = POLICY_PRESETS.find((p) => p.provider === 'OpenAI')?.policies ?? []
const plans = THROTTLE_PLANS.map((p) => ({ id: p.id, label: p.label, dependency: p.dependency, reads: p.reads, code: p.generate(policies) }))

const meta = {
  title: 'Rate limits/ThrottlePlanView',
  component: ThrottlePlanView,
  parameters: componentDocs({
    purpose:
      'The throttle plan as code, one tab per client (Bottleneck, p-limit, plain fetch, Octokit, Python): the module to save with a Copy button, the package to install, and the response headers it reads at run time.',
    keyboard:
      'A TabStrip (**←/→**, **Home/End**, **Tab** into the panel); in a panel, Copy, then the code block, a Tab stop for scrolling.',
    accessibility:
      'The tablist is named "Throttle plan for"; each panel’s code is a named region read as plain text.',
  }),
  args: { plans, modelValue: 'bottleneck', 'onUpdate:modelValue': fn() },
} satisfies Meta<typeof ThrottlePlanView>

export default meta
type Story = StoryObj<typeof meta>

/** Bottleneck's plan for OpenAI's two quotas, its Copy button and the headers it reads; arrow keys ask for the next client. */
export const Bottleneck: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('tab', { name: 'Bottleneck' })).toHaveAttribute('aria-selected', 'true')
    await expect(canvas.getByRole('region', { name: 'Bottleneck throttle plan' })).toHaveTextContent("import Bottleneck from 'bottleneck'")
    await expect(canvas.getByRole('button', { name: 'Copy Bottleneck config' })).toBeVisible()
    await expect(canvas.getByText('x-ratelimit-remaining-<quota> / x-ratelimit-reset-<quota>')).toBeVisible()
    canvas.getByRole('tab', { name: 'Bottleneck' }).focus()
    await userEvent.keyboard('{ArrowRight}')
    await expect(args['onUpdate:modelValue']).toHaveBeenCalledWith('p-limit')
  },
}

/** The plain fetch scheduler: no dependency to install. */
export const PlainFetch: Story = {
  args: { modelValue: 'fetch' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('region', { name: 'Plain fetch throttle plan' })).not.toHaveTextContent("from 'p-limit'")
  },
}

/** Octokit's plan for GitHub's primary and secondary limits: what to install, how to call it, the headers it reads. */
export const Octokit: Story = {
  args: {
    modelValue: 'octokit',
    plans: THROTTLE_PLANS.map((p) => ({ id: p.id, label: p.label, dependency: p.dependency, install: p.install, reads: p.reads, code: p.generate(POLICY_PRESETS.find((preset) => preset.id === 'github-rest-primary-secondary')?.policies ?? []) })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const plan = canvas.getByRole('region', { name: 'Octokit throttle plan' })
    await expect(plan).toHaveTextContent("import { throttling } from '@octokit/plugin-throttling'")
    await expect(plan).toHaveTextContent('secondary: 900 points per 60000 ms')
    await expect(canvas.getByText('npm install @octokit/core @octokit/plugin-throttling')).toBeVisible()
    await expect(canvas.getByText('x-ratelimit-remaining / x-ratelimit-reset')).toBeVisible()
  },
}
