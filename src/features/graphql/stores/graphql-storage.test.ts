/**
 * The GraphQL tester when the browser cannot save (storage full): the typed request and the
 * history stay in memory, and a message says what will be lost on reload, once, through the
 * announcer. Secret values are still never written.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import { newHeaderRow } from '@/features/graphql/core/tester'
import { useGraphQLStore } from '@/features/graphql/stores/graphql'
import { GRAPHQL_HISTORY_KEY, useGraphQLHistoryStore } from '@/features/graphql/stores/graphql-history'
import { GRAPHQL_STORAGE_KEY, useGraphQLInputStore } from '@/features/graphql/stores/graphql-input'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { FailingStorage, installMemoryLocalStorage, quotaExceeded } from '@/shared/testing/memory-storage'

const storage = installMemoryLocalStorage(new FailingStorage())

beforeEach(() => {
  storage.clear()
  storage.failure = undefined
  setActivePinia(createPinia())
})

async function announced(): Promise<string> {
  await nextTick()
  await nextTick()
  return useAnnouncer().message.value
}

const REQUEST_NOT_SAVED = 'Could not save your request in this browser (storage is full); it will be lost on reload.'

describe('tester inputs when saving fails', () => {
  it('keeps the typed text, shows and announces why it will not survive a reload, and recovers', async () => {
    const tester = useGraphQLStore()
    storage.failure = quotaExceeded()
    tester.query = '{ typed { by { hand } } }'
    tester.headers = [newHeaderRow('Authorization', 'Bearer in-memory-only', true)]
    await nextTick()
    expect(tester.query).toBe('{ typed { by { hand } } }')
    expect(tester.headers[0]?.value).toBe('Bearer in-memory-only')
    expect(tester.saveError).toEqual({ reason: 'full', message: REQUEST_NOT_SAVED })
    expect(await announced()).toBe(REQUEST_NOT_SAVED)
    expect(storage.getItem(GRAPHQL_STORAGE_KEY)).toBeNull()

    storage.failure = undefined
    tester.query = '{ saved }'
    await nextTick()
    expect(tester.saveError).toBeUndefined()
    expect(JSON.parse(storage.getItem(GRAPHQL_STORAGE_KEY)!)).toMatchObject({ query: '{ saved }' })
    expect(storage.dump()).not.toContain('in-memory-only')
  })
})

describe('history when saving fails', () => {
  it('keeps the entry in memory and shows the message where the history is', async () => {
    const history = useGraphQLHistoryStore()
    storage.failure = quotaExceeded()
    history.record({ endpoint: 'https://api.example/graphql', query: '{ a }', variables: '', headers: { Authorization: 'Bearer x' }, status: 200, durationMs: 5 })
    expect(history.entries).toHaveLength(1)
    expect(history.problem).toBe('Could not save the history in this browser (storage is full); it will be lost on reload.')
    expect(await announced()).toBe(history.problem)
    expect(storage.getItem(GRAPHQL_HISTORY_KEY)).toBeNull()
  })
})

describe('restoring saved inputs', () => {
  it('damaged saved text: the tester starts clean, keeps the text to copy and says so', async () => {
    storage.setItem(GRAPHQL_STORAGE_KEY, '{"query": "{ a }", "endpoint": ')
    const tester = useGraphQLStore()
    expect(tester.restoreFailure?.text).toBe('{"query": "{ a }", "endpoint": ')
    expect(tester.query).not.toBe('{ a }')
    expect(await announced()).toContain('Your saved request could not be restored')
    expect(tester.headers.map((h) => h.name)).toEqual(['Authorization'])
  })

  it('a saved query nested 2,500 levels restores with a located error instead of breaking', () => {
    const deep = '{a'.repeat(2_500) + '}'.repeat(2_500)
    storage.setItem(GRAPHQL_STORAGE_KEY, JSON.stringify({ endpoint: 'https://api.example.test/graphql', query: deep }))
    const tester = useGraphQLStore()
    expect(tester.restoreFailure).toBeUndefined()
    expect(tester.query).toBe(deep)
    expect(useGraphQLInputStore().build()).toBeUndefined()
    expect(tester.inputError).toMatchObject({ field: 'query', line: 1, column: 401 })
  })
})
