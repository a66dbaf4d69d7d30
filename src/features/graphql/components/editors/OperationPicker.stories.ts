import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { expect, fn, userEvent, within } from 'storybook/test'
import OperationPicker from './OperationPicker.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'GraphQL/OperationPicker',
  component: OperationPicker,
  parameters: componentDocs({
    purpose:
      '"Operation to run" for a document with several named operations. Renders nothing for fewer than two operations.',
    keyboard:
      'A native `<select>`: the platform’s own keys.',
    accessibility:
      'A visible label names the select; a problem is shown at the field with `aria-invalid` and `aria-describedby`. Native rather than Naive’s NSelect, which screen readers cannot operate.',
  }),
  args: { operations: ['GetUser', 'ListProducts'], modelValue: '', 'onUpdate:modelValue': fn() },
  decorators: [() => ({ template: '<div style="max-width: 32rem; padding: 1rem"><story /></div>' })],
  render: (args) => ({
    components: { OperationPicker },
    setup() {
      const chosen = ref(args.modelValue)
      return { args, chosen }
    },
    template: '<OperationPicker v-bind="args" v-model="chosen" />',
  }),
} satisfies Meta<typeof OperationPicker>

export default meta
type Story = StoryObj<typeof meta>

/** Two operations: a labelled native select; choosing emits the name. */
export const TwoOperations: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const select = canvas.getByRole('combobox', { name: 'Operation to run' })
    await expect(select).toHaveAttribute('aria-invalid', 'false')
    await userEvent.selectOptions(select, 'ListProducts')
    await expect(args['onUpdate:modelValue']).toHaveBeenLastCalledWith('ListProducts')
    await expect(select).toHaveValue('ListProducts')
  },
}

export const Many: Story = {
  args: {
    operations: ['GetUser', 'ListProducts', 'CreateOrder', 'CancelOrder', 'Viewer', 'SearchEverything', 'Echo', 'Health'],
    modelValue: 'CreateOrder',
  },
}

/** A problem with the choice is shown at the field and describes the select. */
export const WithError: Story = {
  args: { error: 'The document has several operations: choose the one to run.' },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Operation to run' })
    await expect(select).toHaveAttribute('aria-invalid', 'true')
    await expect(select).toHaveAccessibleDescription('The document has several operations: choose the one to run.')
  },
}

export const LongNames: Story = {
  args: {
    operations: ['FetchTheCompleteRepositoryHistoryIncludingEveryPullRequestReviewAndComment', 'ShortOne'],
    modelValue: 'FetchTheCompleteRepositoryHistoryIncludingEveryPullRequestReviewAndComment',
  },
}

/** One operation: nothing to choose, nothing rendered. */
export const SingleOperation: Story = {
  args: { operations: ['GetUser'] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('combobox')).toBeNull()
  },
}
