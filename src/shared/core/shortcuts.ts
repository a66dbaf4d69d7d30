/**
 * Keyboard shortcuts as every tool lists them (the `?` dialog) and the F6 region cycle they share.
 */

/** One keyboard shortcut, as the shortcuts dialog lists it. */
export interface Shortcut {
  /** The keys, e.g. ['Ctrl', 'Enter']. */
  keys: string[]
  /** What it does. */
  action: string
}

/** Shortcuts under one heading of the dialog, e.g. "Anywhere in the tool". */
export interface ShortcutGroup {
  /** The heading. */
  group: string
  /** Its shortcuts, in order. */
  shortcuts: Shortcut[]
}

/** The index of the region F6 (or Shift+F6, `backwards`) moves to from `current` (-1: none), wrapping. */
export function nextRegion(current: number, count: number, backwards: boolean): number {
  if (count <= 0) return -1
  if (current < 0) return backwards ? count - 1 : 0
  return (current + (backwards ? count - 1 : 1)) % count
}

/** The shortcuts every tool's frame has: regions and this list. */
export const FRAME_SHORTCUTS: readonly Shortcut[] = [
  { keys: ['F6'], action: 'Next region: toolbar, then each pane' },
  { keys: ['Shift', 'F6'], action: 'Previous region' },
  { keys: ['?'], action: 'This list (outside text fields and editors)' },
]

/** The keys of the splitter between a frame's two panes (APG window splitter; it does not collapse). */
export const SPLITTER_SHORTCUTS: ShortcutGroup = {
  group: 'On the splitter between the panes',
  shortcuts: [
    { keys: ['← / →'], action: 'Move by 5 %' },
    { keys: ['Home / End'], action: 'Smallest or largest size' },
  ],
}
