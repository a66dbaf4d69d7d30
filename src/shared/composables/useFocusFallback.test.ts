import { afterEach, describe, expect, it, vi } from 'vitest'
import { effectScope, ref, shallowRef } from 'vue'
import { useFocusFallback, type FocusTarget } from './useFocusFallback'

/** A stand-in element: node has no DOM; `focus()` makes it `document.activeElement`. */
function element(): HTMLElement {
  const el = { focus: vi.fn(() => vi.stubGlobal('document', { activeElement: el })) }
  return el as unknown as HTMLElement
}

/** Lets the watcher run and its own wait for the DOM update end. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  vi.unstubAllGlobals()
})

function setUp(fromTarget: (el: HTMLElement) => FocusTarget = (el) => el) {
  const cancel = element()
  const send = element()
  const sending = ref(true)
  // shallowRef: a template ref holds the element itself (Vue never wraps elements or components in proxies)
  const from = shallowRef<FocusTarget>(fromTarget(cancel))
  const to = shallowRef<FocusTarget>({ $el: send })
  const scope = effectScope()
  scope.run(() => useFocusFallback(() => sending.value, from, to))
  return { cancel, send, sending, scope }
}

describe('useFocusFallback', () => {
  it('gives focus to the other control when the focused one goes away', async () => {
    const { cancel, send, sending } = setUp()
    cancel.focus()
    sending.value = false
    await settle()
    expect(send.focus).toHaveBeenCalledTimes(1)
  })

  it('accepts component instances (their root element) on both sides', async () => {
    const { cancel, send, sending } = setUp((el) => ({ $el: el }))
    cancel.focus()
    sending.value = false
    await settle()
    expect(send.focus).toHaveBeenCalledTimes(1)
  })

  it('leaves focus alone when it was elsewhere, when the control appears, and after the component is gone', async () => {
    const { cancel, send, sending, scope } = setUp()
    const elsewhere = element()
    elsewhere.focus()
    sending.value = false
    await settle()
    sending.value = true
    await settle()
    expect(send.focus).not.toHaveBeenCalled()
    cancel.focus()
    scope.stop()
    sending.value = false
    await settle()
    expect(send.focus).not.toHaveBeenCalled()
  })
})
