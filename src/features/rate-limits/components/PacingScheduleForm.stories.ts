import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import PacingScheduleForm from './PacingScheduleForm.vue'
import { DEFAULT_SCHEDULE_FIELDS, readScheduleFields } from '../core/pacing'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Rate limits/PacingScheduleForm',
  component: PacingScheduleForm,
  parameters: componentDocs({
    purpose:
      'The request schedule to pace and simulate: a backlog sent first as a burst, then at a steady rate, each request with a cost on tokens or points quotas.',
    keyboard:
      'No keys of its own: four native number inputs in the Tab order.',
    accessibility:
      'Each field keeps what was typed; a wrong value gets its message under the field (`aria-invalid`, `aria-describedby`). Native inputs styled as NInput.',
  }),
  args: { modelValue: { ...DEFAULT_SCHEDULE_FIELDS }, errors: {}, 'onUpdate:modelValue': fn() },
} satisfies Meta<typeof PacingScheduleForm>

export default meta
type Story = StoryObj<typeof meta>

/** The defaults: every field labelled, typing reports the whole set with the new text. */
export const Valid: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const field = canvas.getByRole('textbox', { name: 'Cost per request (tokens or points)' })
    await expect(field).toHaveAttribute('aria-invalid', 'false')
    await userEvent.type(field, '5')
    await expect(args['onUpdate:modelValue']).toHaveBeenCalledWith({ ...DEFAULT_SCHEDULE_FIELDS, cost: '15' })
  },
}

const wrong = { perMinute: 'fast', burst: '20', backlog: '10', cost: '0' }

/** Wrong values: each message at its field (described by it), the typed text kept. */
export const Errors: Story = {
  args: { modelValue: wrong, errors: readScheduleFields(wrong).errors },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const rate = canvas.getByRole('textbox', { name: 'Then, steady requests per minute' })
    await expect(rate).toHaveValue('fast')
    await expect(rate).toHaveAttribute('aria-invalid', 'true')
    await expect(rate).toHaveAccessibleDescription(/Enter a number of requests per minute above 0/)
    await expect(canvas.getByRole('textbox', { name: 'Sent at once at the start (burst)' })).toHaveAccessibleDescription(/cannot be larger than the backlog \(10\)/)
  },
}
