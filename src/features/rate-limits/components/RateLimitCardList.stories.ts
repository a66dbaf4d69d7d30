import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import RateLimitCardList from './RateLimitCardList.vue'
import { NOW, exampleReport } from './fixtures'

const meta = {
  title: 'RateLimits/RateLimitCardList',
  component: RateLimitCardList,
  args: { quotas: exampleReport('openai').quotas, now: NOW },
  decorators: [() => ({ template: '<div style="max-width: 60rem; padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof RateLimitCardList>

export default meta
type Story = StoryObj<typeof meta>

/** Two quotas (OpenAI requests and tokens) side by side, one list item each. */
export const TwoQuotas: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2)
    await expect(canvas.getAllByRole('heading', { level: 3 })).toHaveLength(2)
  },
}

/** Inside the GraphQL response pane the cards sit under an h3, so their titles are h4. */
export const NestedHeadings: Story = {
  args: { quotas: exampleReport('github').quotas, headingLevel: 4 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 4 })).toHaveTextContent('GitHub core')
  },
}
