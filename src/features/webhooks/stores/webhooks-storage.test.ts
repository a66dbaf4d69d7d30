/** The webhook generator when the browser cannot save: edits and the URL stay in memory, and a message says why. */
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import { DRAFT_STORAGE_KEY, useWebhookStore } from '@/features/webhooks/stores/webhooks'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { FailingStorage, installMemoryLocalStorage, quotaExceeded, storageForbidden } from '@/shared/testing/memory-storage'

const storage = installMemoryLocalStorage(new FailingStorage())

beforeEach(() => {
  storage.clear()
  storage.failure = undefined
  setActivePinia(createPinia())
})

describe('webhook persistence failures', () => {
  it('keeps the edited body when saving fails, and shows and announces why', async () => {
    const store = useWebhookStore()
    storage.failure = quotaExceeded()
    store.bodyText = '{"edited": true}'
    store.secret = 'a-secret-that-must-stay-in-memory'
    await nextTick()
    expect(store.bodyText).toBe('{"edited": true}')
    const message = 'Could not save your webhook draft in this browser (storage is full); it will be lost on reload.'
    expect(store.saveError?.message).toBe(message)
    await nextTick()
    expect(useAnnouncer().message.value).toBe(message)
    expect(storage.getItem(DRAFT_STORAGE_KEY)).toBeNull()

    storage.failure = undefined
    store.bodyText = '{"edited": 2}'
    await nextTick()
    expect(store.saveError).toBeUndefined()
    expect(storage.getItem(DRAFT_STORAGE_KEY)).toContain('edited')
    expect(storage.dump()).not.toContain('a-secret-that-must-stay-in-memory')
  })

  it('says so for the handler URL too', () => {
    const store = useWebhookStore()
    storage.failure = storageForbidden()
    store.handlerUrl = 'http://127.0.0.1:9/webhook'
    expect(store.handlerUrl).toBe('http://127.0.0.1:9/webhook')
    expect(store.handlerUrlSaveError?.message).toBe('Could not save the handler URL in this browser (storage is turned off); it will be lost on reload.')
  })
})
