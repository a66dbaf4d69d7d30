import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import WebhookOverridesForm from './WebhookOverridesForm.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const paths = ['id', 'object', 'data', 'data.object', 'data.object.id', 'data.object.amount', 'data.object.metadata', 'data.object.metadata.order_id', 'type']

const meta = {
  title: 'Webhooks/WebhookOverridesForm',
  component: WebhookOverridesForm,
  parameters: componentDocs({
    purpose:
      '"Set field": custom data in the payload without hand-editing JSON (path → value, or remove the field), kept across Regenerate. The path field completes the event’s own field paths.',
    keyboard:
      '**Enter** in a field submits the form (Set field); the path completion is a native `<datalist>`, with the browser’s keys.',
    accessibility:
      'A `form` labelled by its heading; a malformed path is explained at the field (`aria-invalid`, `aria-describedby`) and the typed text kept. Each Remove is named "Remove override of <path>".',
  }),
  args: { paths, overrides: [], onAdd: fn(), onRemove: fn(), onClear: fn() },
  decorators: [() => ({ template: '<div style="padding: 1rem; max-width: 48rem"><story /></div>' })],
} satisfies Meta<typeof WebhookOverridesForm>

export default meta
type Story = StoryObj<typeof meta>

/** The path's placeholder is a path of this event's own payload: a GitHub push gets a GitHub path. */
export const GitHubPlaceholder: Story = {
  args: { paths: ['ref', 'before', 'after', 'repository', 'repository.id', 'repository.name', 'pusher', 'pusher.name'] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Field path')).toHaveAttribute('placeholder', 'repository.id')
  },
}

/** No overrides yet: typing a path and a value and pressing Enter sets the field. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const path = canvas.getByLabelText('Field path')
    await expect(path).toHaveAttribute('list')
    await expect(canvasElement.querySelectorAll('datalist option')).toHaveLength(paths.length)
    await userEvent.type(path, 'data.object.metadata.plan')
    await userEvent.type(canvas.getByLabelText('Value'), 'gold{Enter}')
    await expect(args.onAdd).toHaveBeenCalledWith({ path: 'data.object.metadata.plan', op: 'set', value: 'gold' })
    await userEvent.click(canvas.getByRole('button', { name: 'Remove field' }))
    await expect(args.onAdd).toHaveBeenLastCalledWith({ path: 'data.object.metadata.plan', op: 'remove', value: 'gold' })
  },
}

/** Active overrides, one of which this event cannot take. */
export const WithOverrides: Story = {
  args: {
    overrides: [
      { path: 'data.object.metadata.order_id', op: 'set', value: '"1001"' },
      { path: 'data.object.amount', op: 'set', value: '4200' },
      { path: 'data.object.customer', op: 'remove', value: '' },
      { path: 'data.object.lines[7].amount', op: 'set', value: '1' },
    ],
    problems: [{ index: 3, message: 'data.object.lines[7] does not exist in this payload.' }],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('list', { name: 'Overrides kept on Regenerate (4)' })).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Remove override of data.object.amount' }))
    await expect(args.onRemove).toHaveBeenCalledWith(1)
  },
}

/** A malformed path is explained at the field. */
export const PathError: Story = {
  args: { pathError: 'Unexpected "." at position 6: write names separated by dots and array items as [0].' },
  play: async ({ canvasElement }) => {
    const path = within(canvasElement).getByLabelText('Field path')
    await expect(path).toHaveAttribute('aria-invalid', 'true')
    await expect(path).toHaveAccessibleDescription(/position 6/)
  },
}
