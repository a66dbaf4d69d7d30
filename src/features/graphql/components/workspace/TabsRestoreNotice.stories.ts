import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import TabsRestoreNotice from './TabsRestoreNotice.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const damagedText = JSON.stringify({ activeId: 't1', tabs: [{ id: 't1', name: 'Kept', request: { query: '{ a }' } }, 'damaged', { id: 't1' }] })
const manyTabs = JSON.stringify({
  activeId: 't1',
  tabs: Array.from({ length: 400 }, (_, i) => ({ id: `t${i + 1}`, name: '', request: { endpoint: 'https://api.example.com/graphql', query: `query Q${i} { a }` } })),
})
const tail = 'Your tabs are not saved until you choose to, so the saved text stays as it was; it is below to copy.'

const meta = {
  title: 'GraphQL/TabsRestoreNotice',
  component: TabsRestoreNotice,
  parameters: componentDocs({
    purpose:
      'Says which saved tabs a reload could not open, shows the start of the saved text with a button that copies all of it, and lets the user choose when the tabs are saved again.',
    keyboard:
      'No keys of its own: native buttons in the Tab order.',
    accessibility:
      'A `section` named "Saved tabs not restored". Not a live region: the store has already announced the message. Only the start of the text is shown, since saved tabs can be megabytes.',
  }),
  args: {
    message: `2 saved tabs could not be restored (not a tab, or a repeated id) and were left out. ${tail}`,
    text: damagedText,
    onSave: fn(),
  },
  decorators: [() => ({ template: '<div style="max-width: 56rem; padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof TabsRestoreNotice>

export default meta
type Story = StoryObj<typeof meta>

/** Some saved tabs could not be read: said, the saved text shown whole, saving waits for the user. */
export const DamagedTabs: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/2 saved tabs could not be restored/)).toBeVisible()
    await expect(canvas.getByRole('region', { name: 'Saved tabs as stored' })).toHaveTextContent(damagedText)
    await expect(canvas.queryByText(/characters are shown/)).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Copy the saved tabs' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Save my tabs from now on' }))
    await expect(args.onSave).toHaveBeenCalledTimes(1)
  },
}

/** More tabs were saved than a reload opens: the start of the text is shown, Copy copies all of it. */
export const TooManyTabs: Story = {
  args: {
    message: `Only the first 100 tabs of 400 saved tabs were opened. ${tail}`,
    text: manyTabs,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/Only the first 100 tabs of 400 saved tabs/)).toBeVisible()
    await expect(canvas.getByText(`The first 2,000 of ${manyTabs.length.toLocaleString('en-US')} characters are shown; Copy copies all of them.`)).toBeVisible()
  },
}

/** Nothing could be read: the saved text is not JSON. */
export const NotJson: Story = {
  args: {
    message: `Your saved tabs could not be restored (they are not valid JSON), so the tester started with one tab. ${tail}`,
    text: '{"activeId":"t1","tabs":[{"id":"t1","na',
  },
}
