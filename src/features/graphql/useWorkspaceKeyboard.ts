import { useEventListener } from '@vueuse/core'
import type { Ref } from 'vue'
import { nextRegion, sidePanelShortcut, type SidePanelView } from '@/features/graphql/core/workspace'

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

const isTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(?:INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || !!target.closest('.cm-editor'))

/**
 * The GraphQL workspace's keys, on the window in the capture phase: Ctrl/Cmd+Enter sends; F6 and
 * Shift+F6 move between regions, as browsers and VS Code do; the side-panel keys toggle its views;
 * `?` (outside text fields) opens the shortcuts.
 */
export function useWorkspaceKeyboard(options: WorkspaceKeyboardOptions): void {
  /** The regions F6 cycles through, in order, that are shown now. */
  function regions(): HTMLElement[] {
    return [...(options.root.value?.querySelectorAll<HTMLElement>('[data-region]') ?? [])].filter(
      (region) => region.checkVisibility?.() ?? region.offsetParent !== null,
    )
  }

  /** F6 / Shift+F6: focus the next or previous region's entry (its main control). */
  function cycleRegion(backwards: boolean): void {
    const list = regions()
    const active = document.activeElement
    const current = list.findIndex((region) => region === active || region.contains(active))
    const target = list[nextRegion(current, list.length, backwards)]
    if (!target) return
    if (options.focusRegion(target.dataset.region ?? '')) return
    const entry = target.querySelector<HTMLElement>('[data-region-entry] input') ?? target.querySelector<HTMLElement>('[data-region-entry]')
    ;(entry ?? target).focus()
  }

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
        cycleRegion(event.shiftKey)
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
