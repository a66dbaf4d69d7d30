import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import SaveToCollectionForm from './SaveToCollectionForm.vue'
import { githubCollection, shopCollection } from './collections-fixtures'
import { foldersOf } from '@/features/graphql/core/collections/tree'
import { componentDocs } from '@/shared/storybook/component-docs'

const targets = [
  { id: 'shop', name: shopCollection.name, folders: foldersOf(shopCollection) },
  { id: 'github', name: githubCollection.name, folders: foldersOf(githubCollection) },
]

const meta = {
  title: 'GraphQL/SaveToCollectionForm',
  component: SaveToCollectionForm,
  parameters: componentDocs({
    purpose:
      '"Save tab…" in the Collections view: the name (the operation’s by default), the collection (or a new one) and the folder to save the shown tab’s request into, and — before saving — which header values are not stored and the `{{NAME}}` reference each becomes.',
    keyboard: 'Native fields in the Tab order; the name is selected when the form opens. **Enter** saves, **Escape** anywhere in the form cancels.',
    accessibility:
      'A form named by its heading; each field has a visible label. A missing name marks the field invalid and describes it with the message. The secret note is plain text read in order, before the buttons.',
  }),
  args: { targets, defaultName: 'ListOrders', references: [], onSave: fn(), onCancel: fn() },
  decorators: [() => ({ template: '<div style="max-width: 24rem; padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof SaveToCollectionForm>

export default meta
type Story = StoryObj<typeof meta>

/** Into a folder of an existing collection; the name starts as the operation's, selected. */
export const IntoAFolder: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const name = canvas.getByLabelText('Name')
    await expect(name).toHaveFocus()
    await expect(name).toHaveValue('ListOrders')
    await userEvent.selectOptions(canvas.getByLabelText('Folder'), 'Shop API / Orders / Refunds')
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }))
    await expect(args.onSave).toHaveBeenCalledWith({ collectionId: 'shop', newCollectionName: 'My collection', folderPath: [0, 2], name: 'ListOrders' })
  },
}

/** Headers holding secrets: the form says what is not stored and which reference each becomes. */
export const WithSecrets: Story = {
  args: { references: [{ header: 'Authorization', variable: 'AUTHORIZATION' }, { header: 'X-Api-Key', variable: 'X_API_KEY' }] },
  play: async ({ canvasElement }) => {
    const note = within(canvasElement).getByTestId('secret-references')
    await expect(note).toHaveTextContent('Not stored: the value of Authorization becomes {{AUTHORIZATION}}; the value of X-Api-Key becomes {{X_API_KEY}} — set them in an environment.')
  },
}

/** No collection yet: a new one is made, with its name asked for. */
export const NewCollection: Story = {
  args: { targets: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText('Collection')).toHaveValue('')
    const newName = canvas.getByLabelText('New collection’s name')
    await userEvent.clear(newName)
    await userEvent.type(newName, 'Mine{Enter}')
    await expect(args.onSave).toHaveBeenCalledWith({ collectionId: undefined, newCollectionName: 'Mine', folderPath: [], name: 'ListOrders' })
  },
}

/** An empty name is refused with a message; Escape cancels. */
export const MissingName: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.clear(canvas.getByLabelText('Name'))
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }))
    await expect(args.onSave).not.toHaveBeenCalled()
    await expect(canvas.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true')
    await expect(canvas.getByLabelText('Name')).toHaveAccessibleDescription('Give the request a name.')
    await userEvent.keyboard('{Escape}')
    await expect(args.onCancel).toHaveBeenCalled()
  },
}
