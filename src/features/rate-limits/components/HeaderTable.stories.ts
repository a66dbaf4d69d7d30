import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import HeaderTable from './HeaderTable.vue'
import { exampleReport, manyHeaders, reportOf } from './fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const github = exampleReport('github')
const gitlab = exampleReport('gitlab')
const many = reportOf(manyHeaders(5000))

const meta = {
  title: 'Rate limits/HeaderTable',
  component: HeaderTable,
  parameters: componentDocs({
    purpose:
      'Every pasted header in a table (line, name as pasted, value), the recognised ones marked by the quota field they fed ("GitHub core: remaining"). Long pastes scroll inside the table’s region and render only the rows in view.',
    keyboard:
      'The scroller is one Tab stop (`tabindex="0"`), so the table can be scrolled by keyboard.',
    accessibility:
      'A real `<table>` with column headers inside a `region` labelled by its caption; `aria-rowcount` and `aria-rowindex` keep each row’s place although most rows are not rendered. The check mark is `aria-hidden`; the use is in words.',
  }),
  args: { headers: github.headers, quotas: github.quotas },
} satisfies Meta<typeof HeaderTable>

export default meta
type Story = StoryObj<typeof meta>

/** Recognised headers are marked with the field they fed. */
export const GitHub: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = canvas.getByRole('table', { name: /Pasted headers: 11, 5 recognised/ })
    await expect(table).toBeVisible()
    const row = canvas.getByRole('row', { name: /x-ratelimit-remaining/ })
    await expect(row).toHaveTextContent('GitHub core: remaining')
    await expect(canvas.getByRole('row', { name: /server/ })).toHaveTextContent('not used')
  },
}

export const WithRetryAfter: Story = {
  args: { headers: gitlab.headers, quotas: gitlab.quotas, retryAfterHeader: gitlab.retryAfter?.header },
}

export const Empty: Story = {
  args: { headers: [], quotas: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No headers were found in the paste.')).toBeVisible()
  },
}

/**
 * A 5,000-line paste: the table scrolls in its region and renders only the rows in view (here, the first ones);
 * the rows keep their place through aria-rowcount and aria-rowindex.
 */
export const ManyHeaders: Story = {
  args: { headers: many.headers, quotas: many.quotas },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = canvas.getByRole('table', { name: /Pasted headers: 5,000, 4 recognised/ })
    await expect(table).toHaveAttribute('aria-rowcount', '5001')
    const rows = canvas.getAllByRole('row')
    await expect(rows.length).toBeLessThan(60)
    await expect(rows[1]).toHaveAttribute('aria-rowindex', '2')
    await expect(rows[1]).toHaveTextContent('x-ratelimit-limit')
  },
}

export const LongValues: Story = {
  args: {
    headers: reportOf(
      [
        'x-ratelimit-limit: 5000',
        `set-cookie: session=${'a1b2c3d4'.repeat(24)}; Path=/; Secure; HttpOnly`,
        `content-security-policy: default-src 'self'; script-src 'self' https://cdn.example.com https://analytics.example.com; object-src 'none'`,
        'x-a-really-long-custom-header-name-that-some-gateways-emit-for-tracing: yes',
      ].join('\n'),
    ).headers,
    quotas: [],
  },
}
