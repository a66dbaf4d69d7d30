import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import RateLimitCardList from './RateLimitCardList.vue'
import { NOW, exampleReport, manyQuotasReport } from './fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Rate limits/RateLimitCardList',
  component: RateLimitCardList,
  parameters: componentDocs({
    purpose:
      'The quotas of one response as cards in columns of at least 20rem (one on a phone), on the rate-limit page and in the GraphQL response pane. Past `virtualFrom` quotas, cards are grouped by family and only those in and near view are rendered.',
    keyboard:
      'Few quotas: no keys of its own. Many: one Tab stop (roving tabindex); **←/→** and **↑/↓**, **Page Up/Down**, **Home/End** and type-ahead move between the cards, as the hint above the list says.',
    accessibility:
      'Many quotas: `role="list"` named "Quotas, N, grouped by family", described by the families line and the key hint; each card is a focusable `listitem` named by its quota with `aria-posinset`/`aria-setsize`. Group labels are `aria-hidden` (said once above the list).',
  }),
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

const many = manyQuotasReport(2000).quotas
const github = exampleReport('github').quotas
const openai = exampleReport('openai').quotas

/**
 * 2,000 quotas: grouped by family with counts, only the cards in view rendered, one Tab stop; End goes to
 * the last card (rendered on demand), which says its place in the list.
 */
export const ManyQuotas: Story = {
  args: { quotas: many },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const list = canvas.getByRole('list', { name: 'Quotas, 2,000, grouped by family' })
    await expect(canvas.getByTestId('quota-families')).toHaveTextContent('By family: OpenAI: 2,000 quotas.')
    const items = await within(list).findAllByRole('listitem')
    await expect(items.length).toBeLessThan(100)
    await expect(items[0]).toHaveAttribute('aria-setsize', '2000')
    await userEvent.tab()
    await expect(items[0]).toHaveFocus()
    await userEvent.keyboard('{End}')
    await waitFor(() => expect(canvas.getByRole('listitem', { name: 'OpenAI q1999' })).toHaveFocus())
    await expect(canvas.getByRole('listitem', { name: 'OpenAI q1999' })).toHaveAttribute('aria-posinset', '2000')
  },
}

/** Several families among many quotas: a labelled group each, in the order they first appear. */
export const GroupedByFamily: Story = {
  args: { quotas: [...github, ...many.slice(0, 40), ...openai] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByTestId('quota-families')).toHaveTextContent(`By family: GitHub: 1 quota; OpenAI: ${40 + openai.length} quotas.`)
  },
}
