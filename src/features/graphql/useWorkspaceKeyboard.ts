import { useEventListener } from '@vueuse/core'
import type { Ref } from 'vue'
import { sidePanelShortcut, type SidePanelView } from '@/features/graphql/core/workspace'
import { cycleRegion, isTextField } from '@/shared/composables/useRegionKeys'

/** Options of {@link useWorkspaceKeyboard}. */
export interface WorkspaceKeyboardOptions {
  /** The page's root: F6 cycles through the `[data-region]` elements in it that are shown now. */
  root: Readonly<Ref<HTMLElement | undefined>>
  /** Whether the shortcuts dialog is open: then only Ctrl/Cmd+Enter applies. */
  shortcutsOpen: Ref<boolean>
  /** Ctrl/Cmd+Enter, from anywhere on the page. */
  send: () => void
  /**
   * Focuses a region whose entry is not its `[data-region-entry]` control (the request's query
   * editor, the side panel's selected tab); returns whether it did.
   */
  focusRegion: (name: string) => boolean
  /** A side-panel key: Alt+Shift and a view's letter (`sidePanelShortcut`). */
  toggleSidePanel: (view: SidePanelView) => void
}

/**
 * The GraphQL workspace's keys, on the window in the capture phase: Ctrl/Cmd+Enter sends; F6 and
 * Shift+F6 move between regions, as browsers and VS Code do; the side-panel keys toggle its views;
 * `?` (outside text fields) opens the shortcuts.
 */
export function useWorkspaceKeyboard(options: WorkspaceKeyboardOptions): void {
  useEventListener(
    window,
    'keydown',
    (event: KeyboardEvent) => {
      // Captured before CodeMirror, whose default keymap would insert a blank line for Mod-Enter.
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        // Behind a modal dialog the page is inert: the dialog's own Ctrl+Enter applies (Import curl).
        if (event.target instanceof Element && event.target.closest('dialog[open]')) return
        event.preventDefault()
        event.stopPropagation()
        options.send()
        return
      }
      if (options.shortcutsOpen.value) return
      if (event.key === 'F6' && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault()
        cycleRegion(options.root.value, event.shiftKey, options.focusRegion)
        return
      }
      const view = sidePanelShortcut(event)
      if (view) {
        event.preventDefault()
        options.toggleSidePanel(view)
        return
      }
      if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTextField(event.target)) {
        event.preventDefault()
        options.shortcutsOpen.value = true
      }
    },
    { capture: true },
  )
}
