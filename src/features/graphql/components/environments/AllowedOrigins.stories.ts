import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import AllowedOrigins from './AllowedOrigins.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'GraphQL/AllowedOrigins',
  component: AllowedOrigins,
  parameters: componentDocs({
    purpose:
      'The origins an environment’s secret values may be sent to: a list with Remove, and a field to add one. A send to any other origin asks first (SecretOriginDialog).',
    keyboard:
      'No keys of its own: the field and native buttons in the Tab order.',
    accessibility:
      'A `section` labelled by its heading; the add field is `aria-invalid` with an `aria-describedby` problem when the typed origin has one; the text is kept.',
  }),
  args: { origins: ['https://api.example.com', 'http://127.0.0.1:4400'], onAdd: fn(), onRemove: fn() },
  decorators: [() => ({ template: '<div style="max-width: 30rem; padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof AllowedOrigins>

export default meta
type Story = StoryObj<typeof meta>

/** Two allowed origins; Remove names its origin, Allow sends the typed text. */
export const WithOrigins: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Remove http://127.0.0.1:4400' }))
    await expect(args.onRemove).toHaveBeenCalledWith('http://127.0.0.1:4400')
    await userEvent.type(canvas.getByLabelText('Allow an origin'), 'https://staging.example.com{Enter}')
    await expect(args.onAdd).toHaveBeenCalledWith('https://staging.example.com')
  },
}

/** None yet: the first send of a secret asks. */
export const Empty: Story = { args: { origins: [] } }

/** A typed text that is not an origin: the message at the field. */
export const WithProblem: Story = {
  args: { origins: [], problem: '"api.example" is not an origin: write the scheme and host, e.g. https://api.example.com.' },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByLabelText('Allow an origin')
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(/is not an origin/)
  },
}
