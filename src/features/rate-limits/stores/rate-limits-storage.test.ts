/** The rate-limit parser when the tab's storage cannot save the paste: the text stays, and a message says why. */
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import { INPUT_STORAGE_KEY, useRateLimitStore } from '@/features/rate-limits/stores/rate-limits'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { FailingStorage, installMemoryLocalStorage, quotaExceeded } from '@/shared/testing/memory-storage'

const session = installMemoryLocalStorage(new FailingStorage(), 'sessionStorage')

beforeEach(() => {
  session.clear()
  session.failure = undefined
  setActivePinia(createPinia())
})

describe('rate-limit input persistence', () => {
  it('keeps the paste in sessionStorage for a reload', () => {
    useRateLimitStore().input = 'x-ratelimit-limit: 60'
    expect(session.getItem(INPUT_STORAGE_KEY)).toBe('x-ratelimit-limit: 60')
    setActivePinia(createPinia())
    expect(useRateLimitStore().input).toBe('x-ratelimit-limit: 60')
  })

  it('keeps the typed text when saving fails, and shows and announces why', async () => {
    const store = useRateLimitStore()
    session.failure = quotaExceeded()
    store.input = 'x-ratelimit-remaining: 0'
    expect(store.input).toBe('x-ratelimit-remaining: 0')
    const message = 'Could not save the pasted headers in this browser (storage is full); it will be lost on reload.'
    expect(store.inputSaveError?.message).toBe(message)
    await nextTick()
    await nextTick()
    expect(useAnnouncer().message.value).toBe(message)
    expect(store.report.headers.length).toBeGreaterThan(0) // still parsed from memory
  })
})
