/**
 * The GraphQL workspace's layout model and its keyboard shortcuts: what is saved (pane sizes, the
 * side panel), how a saved value is read back safely, and the one list of shortcuts that the
 * shortcuts dialog shows and the page handles.
 */
import type { ShortcutGroup } from '@/shared/core/shortcuts'
import { isJsonObject } from '@/shared/core/json/json-object'

export type { Shortcut } from '@/shared/core/shortcuts'
export { nextRegion } from '@/shared/core/shortcuts'

/** The side panel's views. */
export type SidePanelView = 'docs' | 'history' | 'collections' | 'schema' | 'environments'

/** The side panel's views in order, with their labels and shortcut letters. */
export const SIDE_PANEL_VIEWS: readonly { id: SidePanelView; label: string; key: string }[] = [
  { id: 'docs', label: 'Docs', key: 'D' },
  { id: 'history', label: 'History', key: 'H' },
  { id: 'collections', label: 'Collections', key: 'C' },
  { id: 'schema', label: 'Schema', key: 'S' },
  { id: 'environments', label: 'Environments', key: 'E' },
]

/** The workspace layout as saved. */
export interface WorkspaceLayout {
  /** Request pane size in percent, beside the response. @default 50 */
  requestSize: number
  /** Request pane collapsed. @default false */
  requestCollapsed: boolean
  /** Query editor size in percent, above Variables/Headers/Settings. @default 60 */
  editorSize: number
  /** Query editor collapsed. @default false */
  editorCollapsed: boolean
  /** Side panel size in percent. @default 28 */
  sideSize: number
  /** The open side panel view; undefined when closed. @default undefined */
  sidePanel: SidePanelView | undefined
  /** The pane a narrow window shows. @default 'request' */
  narrowPane: 'request' | 'response'
}

/** The layout of a first visit. */
export const WORKSPACE_LAYOUT_DEFAULTS: WorkspaceLayout = {
  requestSize: 50,
  requestCollapsed: false,
  editorSize: 50,
  editorCollapsed: false,
  sideSize: 28,
  sidePanel: undefined,
  narrowPane: 'request',
}

/**
 * A saved layout read back: every field checked on its own (a size must be a number from 0 to
 * 100), anything missing or malformed replaced by its default, so a damaged value never breaks
 * the page.
 */
export function readWorkspaceLayout(raw: string | null): WorkspaceLayout {
  let value: unknown
  try {
    value = raw === null ? {} : JSON.parse(raw)
  } catch {
    value = {}
  }
  const v = isJsonObject(value) ? value : {}
  const d = WORKSPACE_LAYOUT_DEFAULTS
  const size = (x: unknown, fallback: number) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= 100 ? x : fallback)
  const bool = (x: unknown, fallback: boolean) => (typeof x === 'boolean' ? x : fallback)
  const views = SIDE_PANEL_VIEWS.map((view) => view.id as string)
  return {
    requestSize: size(v.requestSize, d.requestSize),
    requestCollapsed: bool(v.requestCollapsed, d.requestCollapsed),
    editorSize: size(v.editorSize, d.editorSize),
    editorCollapsed: bool(v.editorCollapsed, d.editorCollapsed),
    sideSize: size(v.sideSize, d.sideSize),
    sidePanel: typeof v.sidePanel === 'string' && views.includes(v.sidePanel) ? (v.sidePanel as SidePanelView) : undefined,
    narrowPane: v.narrowPane === 'response' ? 'response' : 'request',
  }
}

/** Every shortcut of the workspace, grouped as the dialog shows them. */
export function workspaceShortcuts(isMac: boolean): ShortcutGroup[] {
  const mod = isMac ? '⌘' : 'Ctrl'
  return [
    {
      group: 'Anywhere in the tool',
      shortcuts: [
        { keys: [mod, 'Enter'], action: 'Send the request' },
        { keys: ['F6'], action: 'Next region: toolbar, request, response, side panel' },
        { keys: ['Shift', 'F6'], action: 'Previous region' },
        ...SIDE_PANEL_VIEWS.map((view) => ({ keys: ['Alt', 'Shift', view.key], action: `Open or close ${view.label} in the side panel` })),
        { keys: ['?'], action: 'This list (outside text fields and editors)' },
        { keys: [mod, 'V'], action: 'In the endpoint: paste a curl command to import it into a new tab (or use Import curl)' },
      ],
    },
    {
      group: 'In a code editor',
      shortcuts: [
        { keys: ['Esc', 'Tab'], action: 'Leave the editor (Tab alone indents)' },
        // CodeMirror's completion key is Ctrl+Space on every platform (⌘+Space is the Mac's Spotlight).
        { keys: ['Ctrl', 'Space'], action: 'Suggest (with a schema): fields in the query; variables and values, with their types, in the variables' },
        ...(isMac ? [{ keys: ['⌥', 'I'], action: 'Suggest, as Ctrl+Space' }] : []),
        { keys: ['F1'], action: 'Show the field at the cursor in the docs' },
      ],
    },
    {
      group: 'On a splitter',
      shortcuts: [
        { keys: ['← / →'], action: 'Move by 5 % (↑ / ↓ on a horizontal splitter)' },
        { keys: ['Home / End'], action: 'Smallest or largest size' },
        { keys: ['Enter'], action: 'Collapse or restore the pane' },
      ],
    },
    {
      group: 'In a tab list',
      shortcuts: [
        { keys: ['← / →'], action: 'Previous or next tab' },
        { keys: ['Home / End'], action: 'First or last tab' },
      ],
    },
    {
      group: 'On a request tab',
      shortcuts: [
        { keys: ['Delete'], action: 'Close the tab' },
        { keys: ['F2'], action: 'Rename the tab' },
        { keys: ['Shift', '← / →'], action: 'Move the tab left or right' },
      ],
    },
  ]
}

/**
 * The side panel view a key press toggles (Alt+Shift+D, H, C, S or E), or undefined. Uses `code` so the
 * letter is found whatever the keyboard layout makes Alt+Shift type.
 */
export function sidePanelShortcut(event: { code: string; altKey: boolean; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): SidePanelView | undefined {
  if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) return undefined
  return SIDE_PANEL_VIEWS.find((view) => event.code === `Key${view.key}`)?.id
}
