import { describe, expect, it, vi } from 'vitest'
import { createServiceWorkerUpdate, UPDATE_AVAILABLE_TEXT, type RegisterCallbacks } from './service-worker-update'

function setup(register?: (callbacks: RegisterCallbacks) => Promise<(reloadPage?: boolean) => Promise<void>>) {
  let callbacks: RegisterCallbacks | undefined
  const activate = vi.fn(async () => {})
  const announce = vi.fn()
  const update = createServiceWorkerUpdate({
    register:
      register ??
      (async (given) => {
        callbacks = given
        return activate
      }),
    announce,
  })
  return { update, activate, announce, callbacks: () => callbacks }
}

describe('createServiceWorkerUpdate', () => {
  it('shows and announces the prompt when a new version waits', async () => {
    const { update, announce, callbacks } = setup()
    await update.start()
    expect(update.needRefresh.value).toBe(false)
    callbacks()?.onNeedRefresh()
    expect(update.needRefresh.value).toBe(true)
    expect(announce).toHaveBeenCalledExactlyOnceWith(UPDATE_AVAILABLE_TEXT)
  })

  it('Reload activates the waiting version with a page reload and hides the prompt', async () => {
    const { update, activate, callbacks } = setup()
    await update.start()
    callbacks()?.onNeedRefresh()
    await update.reload()
    expect(activate).toHaveBeenCalledExactlyOnceWith(true)
    expect(update.needRefresh.value).toBe(false)
  })

  it('Dismiss hides the prompt without activating anything', async () => {
    const { update, activate, callbacks } = setup()
    await update.start()
    callbacks()?.onNeedRefresh()
    update.dismiss()
    expect(update.needRefresh.value).toBe(false)
    expect(activate).not.toHaveBeenCalled()
  })

  it('offline readiness is recorded but not announced (it is not news to act on)', async () => {
    const { update, announce, callbacks } = setup()
    await update.start()
    callbacks()?.onOfflineReady()
    expect(update.offlineReady.value).toBe(true)
    expect(announce).not.toHaveBeenCalled()
  })

  it('registers once however often start is called', async () => {
    const register = vi.fn(async () => async () => {})
    const { update } = setup(register)
    await Promise.all([update.start(), update.start()])
    await update.start()
    expect(register).toHaveBeenCalledOnce()
  })

  it('a failing registration leaves the app working: no prompt, Reload does nothing', async () => {
    const { update } = setup(async () => {
      throw new Error('SecurityError')
    })
    await expect(update.start()).resolves.toBeUndefined()
    await expect(update.reload()).resolves.toBeUndefined()
    expect(update.needRefresh.value).toBe(false)
  })
})
