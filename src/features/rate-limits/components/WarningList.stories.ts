import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, userEvent, within } from 'storybook/test'
import WarningList from './WarningList.vue'
import { manyQuotasReport, reportOf } from './fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const bad = reportOf(
  [
    'HTTP/1.1 200 OK',
    'Date: yesterday-ish',
    'x-ratelimit-limit: lots',
    'x-ratelimit-remaining: -3',
    'x-ratelimit-reset: 1736849000',
    'x-ratelimit-requests-reset: 1736850300000',
    'RateLimit: limit=="',
    'retry-after: soon',
    'x-ratelimit-something-else: 4',
    'this line has no colon',
  ].join('\n'),
)

const meta = {
  title: 'Rate limits/WarningList',
  component: WarningList,
  parameters: componentDocs({
    purpose:
      'The parser’s warnings about the paste (unreadable values, guessed reset forms, clock skew…), each tied to its line and header where known. Shows the first `pageSize`; "Show more" adds as many again.',
    keyboard:
      'No keys of its own: "Show more" is a native button.',
    accessibility:
      'A list of plain sentences, each naming the line and header it concerns, so the user can find and fix the input.',
  }),
  args: { warnings: bad.warnings },
} satisfies Meta<typeof WarningList>

export default meta
type Story = StoryObj<typeof meta>

export const Long: Story = {
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem')
    await expect(items.length).toBeGreaterThan(4)
    await expect(within(canvasElement).getAllByText(/^Line \d+/).length).toBeGreaterThan(0)
    // The header is named once, before the sentence (the core's messages start with it too).
    for (const item of items) {
      const header = item.querySelector('code')?.textContent
      if (header) await expect(item.textContent?.split(`${header}:`).length).toBe(2)
    }
  },
}

export const Empty: Story = {
  args: { warnings: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/No warnings/)).toBeVisible()
  },
}

export const GeneralOnly: Story = { args: { warnings: reportOf('').warnings } }

/** A warning per quota of a 300-quota dump: the first 50 show; "Show 50 more" adds as many again. */
export const ManyWarnings: Story = {
  args: { warnings: manyQuotasReport(300).warnings },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('listitem')).toHaveLength(50)
    await expect(canvas.getByText(/^250 more not shown\./)).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Show 50 more' }))
    await expect(canvas.getAllByRole('listitem')).toHaveLength(100)
  },
}
