import { ref, watch } from 'vue'

/**
 * A native modal `<dialog>` driven by an `open` prop (the shortcuts list, "Import curl"):
 * `showModal()` when it turns true (the page goes inert, Esc closes), `close()` when false, and on
 * close focus goes back to the element that was focused when it opened — never to `<body>` — unless
 * it has already moved elsewhere.
 *
 * @param open - reads the prop.
 * @param onClosed - called when the dialog closed (Esc, a Close button, or `open` turning false).
 * @returns `dialog`, to bind with `ref="dialog"`, and `closed`, the `@close` handler.
 */
export function useModalDialog(open: () => boolean, onClosed: () => void) {
  const dialog = ref<HTMLDialogElement>()
  let opener: HTMLElement | undefined

  watch(
    [open, dialog],
    ([isOpen, element]) => {
      if (!element) return
      if (isOpen && !element.open) {
        opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined
        element.showModal()
      } else if (!isOpen && element.open) element.close()
    },
    // After the render: a dialog that renders its content on opening (ShortcutsDialog) has it by the
    // time `showModal()` focuses the first control in it.
    { immediate: true, flush: 'post' },
  )

  function closed(): void {
    onClosed()
    // `close` fires a task after the dialog closed, and the browser has already put focus back by
    // then; the user may have moved on (clicked an editor). Only focus that was lost — on <body> or
    // still in the closed dialog — goes back to the opener.
    const active = document.activeElement
    const lost = !active || active === document.body || !!dialog.value?.contains(active)
    if (lost && opener?.isConnected) opener.focus()
  }

  return { dialog, closed }
}
