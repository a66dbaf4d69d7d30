import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import CollectionFileActions from './CollectionFileActions.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const collections = [
  { id: 'shop', name: 'Shop API' },
  { id: 'github', name: 'GitHub' },
]

const meta = {
  title: 'GraphQL/CollectionFileActions',
  component: CollectionFileActions,
  parameters: componentDocs({
    purpose:
      'The Collections view’s files: "Import…" any Postman v2.1, Insomnia v4/v5, OpenCollection (Bruno) YAML or zip, HAR or curl file (the format is read from the content) with what could not be carried listed; a collection kept in a folder of the user’s (File System Access API; "Reconnect folder" after a reload, where the browser asks again), or a zip where the browser has no folder access; "Export as…" a format, listing what it cannot carry before and after.',
    keyboard:
      'Buttons and native selects in the Tab order: **Enter**/**Space** on "Import…" opens the file chooser (the file input itself is out of the Tab order); arrows choose in a select.',
    accessibility:
      'A section named "Files". Refusals and folder failures are `role="alert"`; the work in progress is a `status` and the section is `aria-busy`; the loss list is read before the Export button describes it (`aria-describedby`). Names from files are shown as plain text.',
  }),
  args: {
    collections,
    folderAccess: true,
    onImport: fn(),
    onOpenFolder: fn(),
    onSaveToFolder: fn(),
    onReconnect: fn(),
    onDisconnect: fn(),
    onExport: fn(),
    onPreview: fn(),
  },
  decorators: [() => ({ template: '<div style="max-width: 26rem; padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof CollectionFileActions>

export default meta
type Story = StoryObj<typeof meta>

/** Nothing imported yet, no collection: Import and Open folder only. */
export const Empty: Story = {
  args: { collections: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('region', { name: 'Files' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Open folder…' }))
    await expect(args.onOpenFolder).toHaveBeenCalledOnce()
    await expect(canvas.queryByRole('button', { name: 'Export' })).toBeNull()
  },
}

/** Collections in the browser: Save to folder, and Export with the chosen format's losses listed first. */
export const ExportWithLosses: Story = {
  args: { exportPreview: { id: 'shop', format: 'har', losses: [{ at: '', what: 'The collection’s notes (HAR has no place for them)' }, { at: 'Orders', what: 'The folder (HAR lists requests flat)' }] } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(args.onPreview).toHaveBeenCalledWith('shop', 'opencollection-zip')
    await userEvent.selectOptions(canvas.getByLabelText('Export as'), 'HAR 1.2')
    await expect(args.onPreview).toHaveBeenLastCalledWith('shop', 'har')
    await expect(canvas.getByText('HAR 1.2 cannot carry (2):')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Export' }))
    await expect(args.onExport).toHaveBeenCalledWith('shop', 'har')
    await userEvent.click(canvas.getByRole('button', { name: 'Save to folder…' }))
    await expect(args.onSaveToFolder).toHaveBeenCalledWith('shop')
  },
}

/** An import that carried almost everything: the losses listed, then the export done. */
export const Imported: Story = {
  args: {
    lastImport: { ok: true, fileName: 'spacelift.json', format: 'Insomnia', collectionName: 'Spacelift', losses: [{ at: 'Stacks', what: 'Pre-request script' }, { at: '', what: 'The environment "Base" (baseUrl): add its variables to an environment here' }] },
    lastExport: { fileName: 'Shop API.postman_collection.json', format: 'postman', losses: [] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Imported “Spacelift” from spacelift.json (Insomnia).')).toBeVisible()
    await expect(canvas.getByRole('list', { name: 'Not carried (2):' })).toBeVisible()
    await expect(canvas.getByText('Exported Shop API.postman_collection.json.')).toBeVisible()
  },
}

/** A file no format reads: refused, with why, as an alert. */
export const Refused: Story = {
  args: { lastImport: { ok: false, fileName: 'notes.json', message: 'notes.json is JSON, but neither a Postman v2.1 collection (info, item), an Insomnia export (_type: export) nor a HAR (log.entries).' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(/^Not imported: notes\.json is JSON/)
  },
}

/** Kept in a folder, connected. */
export const InFolder: Story = {
  args: { folders: { shop: { status: 'connected', folderName: 'api-requests' } } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Kept in the folder api-requests.')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Stop keeping in folder' }))
    await expect(args.onDisconnect).toHaveBeenCalledWith('shop')
  },
}

/** After a reload the browser asks again: Reconnect folder (a click is the gesture it needs). */
export const Reconnect: Story = {
  args: { folders: { shop: { status: 'reconnect', folderName: 'api-requests' } } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Reconnect folder' }))
    await expect(args.onReconnect).toHaveBeenCalledWith('shop')
  },
}

/** The folder failed (permission refused, the folder removed): an alert, and Reconnect. */
export const FolderFailed: Story = {
  args: { folders: { shop: { status: 'error', folderName: 'api-requests', message: 'permission was not given' } }, problem: 'Not saved: the folder other already holds a collection. Open it with "Open folder…", or pick an empty folder.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('alert')).toHaveLength(2)
    await expect(canvas.getByRole('button', { name: 'Reconnect folder' })).toBeVisible()
  },
}

/** Firefox/Safari: no folder access; the zip does the same. */
export const NoFolderAccess: Story = {
  args: { folderAccess: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('button', { name: 'Open folder…' })).toBeNull()
    await expect(canvas.getByText(/cannot keep a collection in a folder: export it as an OpenCollection zip/)).toBeVisible()
  },
}

/** Working: the buttons wait, the status says what runs. */
export const Busy: Story = {
  args: { busy: 'Importing spacelift.json…' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('status')).toHaveTextContent('Importing spacelift.json…')
    await expect(canvas.getByRole('button', { name: 'Import…' })).toBeDisabled()
  },
}
