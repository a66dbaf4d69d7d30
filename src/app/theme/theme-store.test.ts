/** The theme store's persistence: the bare word public/theme-init.js reads, and a message when it cannot be saved. */
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import { THEME_STORAGE_KEY } from '@/app/theme/preference'
import { useThemeStore } from '@/app/theme/theme-store'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { FailingStorage, installMemoryLocalStorage, quotaExceeded } from '@/shared/testing/memory-storage'

const storage = installMemoryLocalStorage(new FailingStorage())

beforeEach(() => {
  storage.clear()
  storage.failure = undefined
  setActivePinia(createPinia())
})

describe('theme persistence', () => {
  it('stores the bare preference word, as theme-init.js expects, and reads it back', () => {
    useThemeStore().preference = 'dark'
    expect(storage.getItem(THEME_STORAGE_KEY)).toBe('dark')
    setActivePinia(createPinia())
    expect(useThemeStore().preference).toBe('dark')
    storage.setItem(THEME_STORAGE_KEY, 'purple')
    setActivePinia(createPinia())
    expect(useThemeStore().preference).toBe('system')
  })

  it('applies the choice even when it cannot be saved, and says why', async () => {
    const theme = useThemeStore()
    storage.failure = quotaExceeded()
    theme.preference = 'light'
    expect(theme.resolved).toBe('light')
    const message = 'Could not save your theme choice in this browser (storage is full); it will be lost on reload.'
    expect(theme.saveError?.message).toBe(message)
    await nextTick()
    await nextTick()
    expect(useAnnouncer().message.value).toBe(message)
  })
})
