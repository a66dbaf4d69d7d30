import { useEventListener } from '@vueuse/core'
import type { Ref } from 'vue'
import { nextRegion } from '@/shared/core/shortcuts'

/** Whether a key press lands in a text field or a code editor, where `?` is just a character. */
export const isTextField = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || /^(?:INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || !!target.closest('.cm-editor'))

/**
 * F6 / Shift+F6: focus the next or previous `[data-region]` in `root` that is shown now, at its
 * entry (`[data-region-entry]`, else its first focusable control, else the region itself). A region
 * whose entry is special is handed to `focusRegion` first (it returns whether it took it).
 */
export function cycleRegion(root: HTMLElement | undefined, backwards: boolean, focusRegion?: (name: string) => boolean): void {
  const list = [...(root?.querySelectorAll<HTMLElement>('[data-region]') ?? [])].filter(
    (region) => region.checkVisibility?.() ?? region.offsetParent !== null,
  )
  const active = document.activeElement
  const current = list.findIndex((region) => region === active || region.contains(active))
  const target = list[nextRegion(current, list.length, backwards)]
  if (!target) return
  if (focusRegion?.(target.dataset.region ?? '')) return
  const entry =
    target.querySelector<HTMLElement>('[data-region-entry] input') ??
    target.querySelector<HTMLElement>('[data-region-entry]') ??
    target.querySelector<HTMLElement>('button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"], a[href], .cm-content')
  if (entry) entry.focus()
  else {
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1
    target.focus()
  }
}

/** Options of {@link useRegionKeys}. */
export interface RegionKeysOptions {
  /** Where the regions are. */
  root: Readonly<Ref<HTMLElement | undefined>>
  /** The shortcuts dialog: `?` opens it; while it is open F6 does nothing. */
  shortcutsOpen: Ref<boolean>
  /** Whether the keys apply (a page that handles them itself says no). @default always */
  enabled?: () => boolean
}

/**
 * The keys every tool's frame has, on the window in the capture phase: F6 and Shift+F6 move
 * between regions, as browsers and VS Code do; `?` (outside text fields and editors) opens the
 * shortcuts list.
 */
export function useRegionKeys(options: RegionKeysOptions): void {
  useEventListener(
    window,
    'keydown',
    (event: KeyboardEvent) => {
      if (options.enabled && !options.enabled()) return
      if (options.shortcutsOpen.value || event.ctrlKey || event.metaKey || event.altKey) return
      if (event.key === 'F6') {
        event.preventDefault()
        cycleRegion(options.root.value, event.shiftKey)
      } else if (event.key === '?' && !isTextField(event.target)) {
        event.preventDefault()
        options.shortcutsOpen.value = true
      }
    },
    { capture: true },
  )
}
