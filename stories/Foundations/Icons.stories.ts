import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import * as icons from '@/shared/ui/icons'
import Icons from './Icons.vue'

const meta = {
  title: 'Foundations/Icons',
  component: Icons,
  decorators: [() => ({ template: '<div style="padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof Icons>

export default meta
type Story = StoryObj<typeof meta>

/** Every icon of the vocabulary with its action; all decorative beside their words. */
export const Vocabulary: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'The vocabulary' })
    await expect(within(table).getAllByRole('row')).toHaveLength(Object.keys(icons).length + 1)
    await expect(within(table).getByRole('cell', { name: 'Send twice' })).toBeVisible()
    for (const svg of table.querySelectorAll('svg')) await expect(svg).toHaveAttribute('aria-hidden', 'true')
  },
}
