import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { expect, userEvent, within } from 'storybook/test'
import DoctorTextArea from './DoctorTextArea.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Webhooks/DoctorTextArea',
  component: DoctorTextArea,
  parameters: componentDocs({
    purpose:
      'One of the signature doctor’s paste fields: a native `<textarea>` that holds very large texts instead of showing them. A paste of `largeFrom` characters or more is kept whole and summarised by its size, with "Show the text anyway" and "Clear".',
    keyboard:
      'No keys of its own: the native text area, or the held text’s two buttons, in the Tab order.',
    accessibility:
      'The text area takes `aria-describedby` and `aria-invalid` from its parent. Held, it is a `group` named by `name` and described by the size summary, so the field is not silently empty.',
  }),
  args: { id: 'doctor-body', name: 'Body as received', modelValue: '{"zen":"Design for failure."}', rows: 4 },
  render: (args) => ({
    components: { DoctorTextArea },
    setup() {
      const value = ref(args.modelValue)
      return { args, value }
    },
    template:
      '<div style="padding: 1rem; max-width: 40rem"><label :for="args.id">{{ args.name }}</label><DoctorTextArea v-bind="args" v-model="value" /><p data-testid="length">{{ value.length }}</p></div>',
  }),
} satisfies Meta<typeof DoctorTextArea>

export default meta
type Story = StoryObj<typeof meta>

/** A text of ordinary size: the text area, named by its label. */
export const Shown: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Body as received' })).toHaveValue('{"zen":"Design for failure."}')
  },
}

/** A text of `largeFrom` characters or more, held: its size and what to do, instead of the text laid out. */
export const HeldSummary: Story = {
  args: { modelValue: 'x'.repeat(2_000), largeFrom: 1_000 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('group', { name: 'Body as received' })).toHaveAccessibleDescription(/^2\.0 kB of text, kept in memory but not shown here/)
    await expect(canvas.queryByRole('textbox', { name: 'Body as received' })).toBeNull()
  },
}

/** A text of `largeFrom` characters or more held: Show the text anyway brings the text area back with the whole text. */
export const ShownAnyway: Story = {
  args: { modelValue: 'x'.repeat(2_000), largeFrom: 1_000 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const held = canvas.getByRole('group', { name: 'Body as received' })
    await expect(held).toHaveAccessibleDescription(/^2\.0 kB of text, kept in memory but not shown here/)
    await userEvent.click(canvas.getByRole('button', { name: 'Show the text anyway' }))
    await expect(canvas.getByRole('textbox', { name: 'Body as received' })).toHaveValue('x'.repeat(2_000))
  },
}

/** Clear empties a held text; the text area comes back for the next paste. */
export const HeldCleared: Story = {
  args: { modelValue: 'x'.repeat(2_000), largeFrom: 1_000 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Clear' }))
    await expect(canvas.getByRole('textbox', { name: 'Body as received' })).toHaveValue('')
    await expect(canvas.getByTestId('length')).toHaveTextContent('0')
  },
}
