/**
 * The request tabs store: each tab keeps its own request and last response; switching stores the
 * shown one (last keystrokes included); secret values never reach storage; a reload brings the tabs
 * back; history entries open in a new tab.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import { newHeaderRow } from '@/features/graphql/core/tester'
import { useGraphQLStore } from '@/features/graphql/stores/graphql'
import { GRAPHQL_TABS_STORAGE_KEY, useGraphQLTabsStore } from '@/features/graphql/stores/graphql-tabs'
import { installMemoryLocalStorage } from '@/shared/testing/memory-storage'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { MAX_RESTORED_TABS } from '@/features/graphql/core/request-tabs'

const storage = installMemoryLocalStorage()

beforeEach(() => {
  storage.clear()
  setActivePinia(createPinia())
})

describe('request tabs store', () => {
  it('keeps each tab’s request and response, and never saves a secret value', async () => {
    const tester = useGraphQLStore()
    const tabs = useGraphQLTabsStore()
    tester.endpoint = 'http://one.test/graphql'
    tester.headers = [newHeaderRow('Authorization', 'Bearer tab-one-secret', true)]
    tester.restoreResponse({ outcome: { kind: 'aborted', durationMs: 1 } as never, bodyModel: undefined, lastRequest: undefined, receivedAt: 5, lastTimeoutMs: undefined })
    const first = tabs.activeId
    tabs.open()
    expect(tabs.tabs).toHaveLength(2)
    expect(tester.endpoint).toBe('http://one.test/graphql') // a new tab starts on the same endpoint
    expect(tester.outcome).toBeUndefined()
    tester.endpoint = 'http://two.test/graphql'
    tester.query = 'query Two { a }' // typed just before switching
    const second = tabs.activeId
    tabs.select(first)
    expect(tester.endpoint).toBe('http://one.test/graphql')
    expect(tester.headers[0]?.value).toBe('Bearer tab-one-secret') // in memory, per tab
    expect(tester.outcome?.kind).toBe('aborted')
    tabs.select(second)
    expect(tester.query).toBe('query Two { a }')
    expect(tabs.tabs[1]?.title).toBe('Two')
    await nextTick()
    const saved = storage.getItem(GRAPHQL_TABS_STORAGE_KEY) ?? ''
    expect(saved).toContain('two.test')
    expect(saved).not.toContain('tab-one-secret')
  })

  it('comes back after a reload with the tabs in order and the shown one shown', async () => {
    const tester = useGraphQLStore()
    const tabs = useGraphQLTabsStore()
    tester.query = 'query First { a }'
    tabs.open()
    tester.query = 'query Second { b }'
    tabs.move(tabs.activeId, -1)
    tabs.rename(tabs.activeId, 'Mine')
    await nextTick()
    setActivePinia(createPinia())
    const again = useGraphQLTabsStore()
    expect(again.tabs.map((t) => t.title)).toEqual(['Mine', 'First'])
    expect(useGraphQLStore().query).toBe('query Second { b }')
  })

  it('closes the shown tab and shows its neighbour; the last tab stays', () => {
    const tester = useGraphQLStore()
    const tabs = useGraphQLTabsStore()
    tester.query = 'query A { a }'
    tabs.duplicate()
    tester.query = 'query B { b }'
    tabs.close(tabs.activeId)
    expect(tabs.tabs).toHaveLength(1)
    expect(tester.query).toBe('query A { a }')
    tabs.close(tabs.activeId)
    expect(tabs.tabs).toHaveLength(1)
  })
})

describe('saved tabs that cannot all be restored', () => {
  const damaged = JSON.stringify({ activeId: 't1', tabs: [{ id: 't1', name: 'Kept', request: { query: '{ a }' } }, { id: 't1', name: 'Twice' }, 'damaged'] })

  it('says so, and keeps the saved text until the user chooses to save again', async () => {
    storage.setItem(GRAPHQL_TABS_STORAGE_KEY, damaged)
    const tabs = useGraphQLTabsStore()
    const tester = useGraphQLStore()
    expect(tabs.tabs.map((t) => t.title)).toEqual(['Kept'])
    expect(tabs.restoreFailure?.message).toMatch(/^2 saved tabs could not be restored/)
    expect(tabs.restoreFailure?.text).toBe(damaged)
    await nextTick()
    expect(useAnnouncer().message.value).toBe(tabs.restoreFailure?.message)
    tester.query = 'query Edited { a }'
    tabs.open()
    await nextTick()
    expect(storage.getItem(GRAPHQL_TABS_STORAGE_KEY)).toBe(damaged)
    tabs.saveFromNow()
    expect(tabs.restoreFailure).toBeUndefined()
    expect(JSON.parse(storage.getItem(GRAPHQL_TABS_STORAGE_KEY)!).tabs).toHaveLength(2)
  })

  it('opens no more than the limit of a huge saved list', () => {
    const tabs = Array.from({ length: 5000 }, (_, i) => ({ id: `t${i + 1}`, name: `Tab ${i + 1}`, request: {} }))
    storage.setItem(GRAPHQL_TABS_STORAGE_KEY, JSON.stringify({ activeId: 't1', tabs }))
    const store = useGraphQLTabsStore()
    expect(store.tabs).toHaveLength(MAX_RESTORED_TABS)
    expect(store.restoreFailure?.message).toContain('of 5,000 saved tabs were opened')
  })
})
