import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import LiveAnnouncer from './LiveAnnouncer.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

// The app's one `role="status"` region. It is visually hidden, so the canvas looks empty: the
// stories check what a screen reader would read.
const meta = {
  title: 'Shared/LiveAnnouncer',
  component: LiveAnnouncer,
  parameters: componentDocs({
    purpose:
      'The visually hidden status region the whole app announces through, rendered once by the app shell and fed by `useAnnouncer`. Its canvas looks empty on purpose.',
    keyboard:
      'None: it holds no focusable content.',
    accessibility:
      '`role="status"`, `aria-live="polite"`, `aria-atomic="true"`: each message is read once, whole, without interrupting. Messages are one sentence, never ticking and never raw data; an empty string says nothing.',
  }),
  args: { message: '' },
} satisfies Meta<typeof LiveAnnouncer>

export default meta
type Story = StoryObj<typeof meta>

export const Silent: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('')
  },
}

export const Announcing: Story = {
  args: { message: 'Rate-limit header parser page' },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status')
    await expect(status).toHaveTextContent('Rate-limit header parser page')
    await expect(status).toHaveAttribute('aria-live', 'polite')
  },
}

export const LongMessage: Story = {
  args: {
    message:
      '200 OK, 143 ms, 12 kB, 2 errors. The response contained partial data; the errors are listed below the data in the response panel.',
  },
}
