/**
 * The curl import store: an import opens a NEW tab (the shown one is kept), credentials arrive as
 * secret headers that never reach storage, a refusal keeps the text and says why, and a paste into
 * the endpoint imports at once or falls back to the dialog.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import { useGraphQLStore } from '@/features/graphql/stores/graphql'
import { useGraphQLCurlImportStore } from '@/features/graphql/stores/graphql-curl-import'
import { useGraphQLTabsStore } from '@/features/graphql/stores/graphql-tabs'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { installMemoryLocalStorage } from '@/shared/testing/memory-storage'

const storage = installMemoryLocalStorage()

beforeEach(() => {
  storage.clear()
  setActivePinia(createPinia())
})

const COMMAND = `curl 'http://127.0.0.1:4000/graphql' -H 'X-Api-Key: key-from-curl-123' -H 'X-Trace: 7' --data-raw '{"query":"query Hello { hello }","operationName":"Hello"}'`

describe('curl import store', () => {
  it('opens a new tab with the fields filled, secrets in memory only, and says so', async () => {
    const tester = useGraphQLStore()
    const tabs = useGraphQLTabsStore()
    const curl = useGraphQLCurlImportStore()
    tester.endpoint = 'http://kept.test/graphql'
    const first = tabs.activeId
    curl.show()
    curl.text = COMMAND
    expect(await curl.importText()).toBe(true)
    expect(tabs.tabs.map((t) => t.title)).toEqual(['UserById', 'Hello'])
    expect(tabs.activeId).not.toBe(first)
    expect(tester.endpoint).toBe('http://127.0.0.1:4000/graphql')
    expect(tester.query).toBe('query Hello { hello }')
    expect(tester.operationName).toBe('Hello')
    expect(tester.headers.map(({ name, value, secret }) => ({ name, value, secret }))).toEqual([
      { name: 'X-Api-Key', value: 'key-from-curl-123', secret: true },
      { name: 'X-Trace', value: '7', secret: false },
    ])
    expect(curl.open).toBe(false)
    expect(curl.text).toBe('')
    await nextTick()
    await nextTick()
    expect(useAnnouncer().message.value).toBe('Imported into a new tab, Hello')
    expect(JSON.stringify({ ...localStorage })).not.toContain('key-from-curl-123')
    tabs.select(first)
    expect(tester.endpoint).toBe('http://kept.test/graphql')
  })

  it('keeps the text and the reason on a refusal; no tab is opened', async () => {
    const tabs = useGraphQLTabsStore()
    const curl = useGraphQLCurlImportStore()
    curl.show('curl https://a.test -d @-')
    expect(await curl.importText()).toBe(false)
    expect(curl.text).toBe('curl https://a.test -d @-')
    expect(curl.problem?.message).toMatch(/^-d @- reads the body from standard input/)
    expect(tabs.tabs).toHaveLength(1)
  })

  it('a paste into the endpoint imports at once; a refused one opens the dialog with the text', async () => {
    const curl = useGraphQLCurlImportStore()
    expect(await curl.importPasted(COMMAND)).toBe(true)
    expect(curl.open).toBe(false)
    expect(await curl.importPasted('curl "$BASE/graphql"')).toBe(false)
    expect(curl.open).toBe(true)
    expect(curl.text).toBe('curl "$BASE/graphql"')
    expect(curl.problem?.message).toMatch(/\$BASE/)
    expect(await curl.importPasted(`curl https://a.test --compressed --json '{"query":"{a}"}'`)).toBe(true)
    expect(curl.open).toBe(true) // notes to read
    expect(curl.notes).toEqual(['--compressed: ignored, the browser negotiates compression itself.'])
  })
})
