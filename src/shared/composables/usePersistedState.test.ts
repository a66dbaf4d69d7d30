import { afterEach, describe, expect, it } from 'vitest'
import { effectScope, nextTick } from 'vue'
import { FailingStorage, MemoryStorage, quotaExceeded, storageForbidden } from '@/shared/testing/memory-storage'
import { useAnnouncer } from './useAnnouncer'
import { usePersistedState, type PersistedStateOptions } from './usePersistedState'

const scopes: ReturnType<typeof effectScope>[] = []
afterEach(() => scopes.splice(0).forEach((scope) => scope.stop()))

/** Runs the composable in a scope of its own, as a store's setup would. */
function persisted<T>(key: string, defaults: T, options: PersistedStateOptions<T>) {
  const scope = effectScope()
  scopes.push(scope)
  return scope.run(() => usePersistedState(key, defaults, options))!
}

/** The announcer's text once its clear-then-set has run. */
async function announced(): Promise<string> {
  await nextTick()
  await nextTick()
  return useAnnouncer().message.value
}

describe('usePersistedState', () => {
  it('reads the stored value, writes every change at once, and stores nothing until a change', () => {
    const storage = new MemoryStorage()
    const a = persisted('k', 'default', { what: 'x', storage })
    expect(a.state.value).toBe('default')
    expect(storage.getItem('k')).toBeNull()
    a.state.value = 'typed'
    expect(storage.getItem('k')).toBe('typed')
    expect(persisted('k', 'default', { what: 'x', storage }).state.value).toBe('typed')
  })

  it('stores objects as JSON, deep changes included, and falls back to the default on damaged data', () => {
    const storage = new MemoryStorage()
    const a = persisted<{ list: number[] }>('k', { list: [] }, { what: 'x', storage })
    a.state.value.list.push(1)
    expect(JSON.parse(storage.getItem('k')!)).toEqual({ list: [1] })
    storage.setItem('k', '{not json')
    expect(persisted('k', { list: [9] }, { what: 'x', storage }).state.value).toEqual({ list: [9] })
  })

  it('uses a custom serializer, and its failing read gives the default', () => {
    const storage = new MemoryStorage()
    storage.setItem('k', 'bad')
    const serializer = {
      read: (raw: string) => {
        if (raw === 'bad') throw new Error('bad')
        return Number(raw)
      },
      write: (n: number) => String(n),
    }
    expect(persisted('k', 7, { what: 'x', storage, serializer }).state.value).toBe(7)
    storage.setItem('k', '3')
    expect(persisted('k', 7, { what: 'x', storage, serializer }).state.value).toBe(3)
  })

  it('keeps the value in memory when the storage is full, says why once, and clears the message once a save works', async () => {
    const storage = new FailingStorage(quotaExceeded())
    const { state, saveError } = persisted('k', '', { what: 'your request', storage })
    state.value = 'typed text'
    expect(state.value).toBe('typed text')
    expect(saveError.value).toEqual({ reason: 'full', message: 'Could not save your request in this browser (storage is full); it will be lost on reload.' })
    expect(await announced()).toBe(saveError.value?.message)

    useAnnouncer().announce('something else')
    state.value = 'typed text, more'
    expect(await announced()).toBe('something else') // said once, not on every keystroke
    expect(state.value).toBe('typed text, more')

    storage.failure = undefined
    state.value = 'typed text, saved'
    expect(saveError.value).toBeUndefined()
    expect(storage.getItem('k')).toBe('typed text, saved')
  })

  it('reports a storage the browser forbids at the first change, not before', async () => {
    Object.defineProperty(globalThis, 'sessionStorage', {
      get() {
        throw storageForbidden() // as window.sessionStorage does when the browser forbids storage
      },
      configurable: true,
    })
    try {
      const { state, saveError } = persisted('k', 'a', { what: 'the pasted headers', storage: 'session' })
      expect(saveError.value).toBeUndefined()
      state.value = 'b'
      expect(state.value).toBe('b')
      expect(saveError.value?.reason).toBe('disabled')
      expect(await announced()).toBe('Could not save the pasted headers in this browser (storage is turned off); it will be lost on reload.')
    } finally {
      Reflect.deleteProperty(globalThis, 'sessionStorage')
    }
  })

  it('also reports a SecurityError thrown by setItem', () => {
    const { state, saveError } = persisted('k', '', { what: 'x', storage: new FailingStorage(storageForbidden()) })
    state.value = 'y'
    expect(saveError.value?.reason).toBe('disabled')
  })

  it('works without any storage (node), keeping the value in memory', () => {
    const { state, saveError } = persisted('k', 'd', { what: 'x', storage: 'session' })
    state.value = 'e'
    expect(state.value).toBe('e')
    expect(saveError.value).toBeUndefined()
  })
})
