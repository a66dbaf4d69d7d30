/**
 * The schema-change guard against the real demo server (started in-process): its versioned API
 * (demo/graphql-demo-versioned.ts, graphql-yoga) drops `Book.isbn` when switched to version 2. A
 * query using the field is sent (so it is in the history and in the open tab), the schema is
 * switched and reloaded, and the guard must report the removal as graphql-js's diff says it, and
 * both saved copies of the query as broken at the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import { startGraphQLDemo, type GraphQLDemoServer } from '../../../../demo/graphql-demo.ts'
import { switchSchemaVersion } from '../../../../demo/graphql-demo-versioned.ts'
import { useGraphQLStore } from '@/features/graphql/stores/graphql'
import { useGraphQLSchemaStore } from '@/features/graphql/stores/graphql-schema'
import { useGraphQLSchemaGuardStore } from '@/features/graphql/stores/graphql-schema-guard'
import { useGraphQLTabsStore } from '@/features/graphql/stores/graphql-tabs'
import { useGraphQLHistoryStore } from '@/features/graphql/stores/graphql-history'
import { setPageSchemaCache, setPageSchemaJobs } from '@/features/graphql/io/schema-load'
import { createSchemaJobs, type SchemaJobMessage } from '@/features/graphql/io/schema-jobs'
import { newVariable, useGraphQLEnvironmentsStore } from '@/features/graphql/stores/graphql-environments'
import type { SchemaCacheRecord } from '@/features/graphql/io/schema-cache'
import { installMemoryLocalStorage } from '../../../shared/testing/memory-storage'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { IDBFactory } from 'fake-indexeddb'
import { vi } from 'vitest'
import { useGraphQLCollectionsStore } from '@/features/graphql/stores/graphql-collections'

installMemoryLocalStorage()
let demo: GraphQLDemoServer

beforeAll(async () => {
  demo = await startGraphQLDemo({ port: 0 })
})
afterAll(() => demo.close())

/** Waits until `test` holds (the guard works in slices after the load). */
async function until(test: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !test(); i++) {
    await nextTick()
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** The schema jobs the page runs (no workers in node), with every request and answer seen. */
function watchedJobs(): { requests: string[]; messages: SchemaJobMessage[] } {
  const seen = { requests: [] as string[], messages: [] as SchemaJobMessage[] }
  const jobs = createSchemaJobs({})
  setPageSchemaJobs((request, post) => {
    seen.requests.push(request.type)
    return jobs(structuredClone(request), (message) => {
      seen.messages.push(message)
      post(message)
    })
  })
  return seen
}

describe('schema-change guard', () => {
  it('lists the removed field and the saved operations that use it when the reloaded schema lost it', async () => {
    setActivePinia(createPinia())
    const tester = useGraphQLStore()
    const schema = useGraphQLSchemaStore()
    const guard = useGraphQLSchemaGuardStore()
    const tabs = useGraphQLTabsStore()
    const history = useGraphQLHistoryStore()
    tester.endpoint = `${demo.origin}/versioned/store-test/graphql`
    tester.query = 'query Isbns {\n  books {\n    title\n    isbn\n  }\n}'
    await schema.load()
    expect(schema.state).toBe('ready')
    await tester.send()
    expect(history.entries).toHaveLength(1)

    await switchSchemaVersion(demo.origin, 'store-test', 2)
    await schema.load()
    await until(() => guard.report !== undefined)

    const report = guard.report!
    expect(report.diff.breaking.map((c) => c.description)).toEqual(['Field Book.isbn was removed.'])
    expect(report.diff.safe.map((c) => c.type)).toContain('FIELD_ADDED')
    expect(report.broken.map((b) => [b.operation.source, b.operation.label, b.errors.map((e) => [e.message, e.line, e.column])])).toEqual([
      ['tab', 'Isbns', [['Cannot query field "isbn" on type "Book".', 4, 5]]],
      ['history', 'Isbns', [['Cannot query field "isbn" on type "Book".', 4, 5]]],
    ])
    await nextTick()
    await nextTick()
    expect(useAnnouncer().message.value).toBe('Schema changed: 1 breaking change, 2 saved operations broke')

    // "Open in tab" on the history copy: a new tab with its query.
    const before = tabs.tabs.length
    guard.open(report.broken[1]!.operation)
    expect(tabs.tabs).toHaveLength(before + 1)
    expect(tester.query).toContain('isbn')
  })

  it('reports no changes, without comparing, when a reload brings the same schema', async () => {
    setActivePinia(createPinia())
    const tester = useGraphQLStore()
    const schema = useGraphQLSchemaStore()
    const guard = useGraphQLSchemaGuardStore()
    // The jobs run on the page here (no workers in node): give them a cache, as IndexedDB is in the browser.
    const records = new Map<string, SchemaCacheRecord>()
    setPageSchemaCache({ get: async (key) => structuredClone(records.get(key)), put: async (record) => void records.set(record.key, structuredClone(record)), delete: async (key) => void records.delete(key) })
    tester.endpoint = `${demo.origin}/versioned/store-same/graphql`
    await schema.load()
    await schema.load()
    await until(() => guard.report !== undefined)
    expect(guard.report?.diff).toEqual({ breaking: [], dangerous: [], safe: [] })
    // The schema before the change is not held once checked.
    expect(schema.replaced).toBeUndefined()
    setPageSchemaCache(undefined)
  })

  it('compares two pasted schemas, and places a schema it cannot read at its field', async () => {
    setActivePinia(createPinia())
    const guard = useGraphQLSchemaGuardStore()
    guard.compareOld = 'type Query { a: Int b: String }'
    guard.compareNew = 'type Query { a: Int'
    expect(await guard.compare()).toBe(false)
    expect(guard.compareError).toMatchObject({ field: 'new', line: 1 })
    expect(guard.compareNew).toBe('type Query { a: Int')
    guard.compareNew = 'type Query { a: Int c: Int }'
    expect(await guard.compare()).toBe(true)
    expect(guard.report?.diff.breaking.map((c) => c.description)).toEqual(['Field Query.b was removed.'])
    expect(guard.report?.kind).toBe('compare')
  })

  it('asks the schema worker for the change when a reload replaces a pasted schema (nothing cached): the diff and the broken list come from its job', async () => {
    setActivePinia(createPinia())
    const seen = watchedJobs()
    const tester = useGraphQLStore()
    const schema = useGraphQLSchemaStore()
    const guard = useGraphQLSchemaGuardStore()
    tester.endpoint = `${demo.origin}/versioned/store-pasted/graphql`
    tester.query = 'query Gone {\n  books {\n    gone\n  }\n}'
    schema.pasteText = 'type Query { books: [Book] } type Book { title: String isbn: String gone: Int }'
    expect(await schema.applyPaste()).toBe(true)
    await schema.load()
    await until(() => guard.report !== undefined)
    expect(seen.requests).toEqual(['paste', 'load', 'changes'])
    const answer = seen.messages.find((m) => m.type === 'changes')
    expect(answer?.type === 'changes' && answer.check?.diff.breaking.map((c) => c.description)).toContain('Field Book.gone was removed.')
    expect(guard.report?.diff.breaking.map((c) => c.description)).toContain('Field Book.gone was removed.')
    expect(guard.report?.broken.map((b) => [b.operation.label, b.errors[0]?.line])).toEqual([['Gone', 3]])
    setPageSchemaCache(undefined)
  })

  it('compares two pasted schemas in one schema job: neither is built on the page', async () => {
    setActivePinia(createPinia())
    const seen = watchedJobs()
    const guard = useGraphQLSchemaGuardStore()
    guard.compareOld = 'type Query { a: Int b: String }'
    guard.compareNew = 'type Query { a: Int c: Int }'
    expect(await guard.compare()).toBe(true)
    expect(seen.requests).toEqual(['compare'])
    // Nothing of either schema crossed to the page: only the comparison's answer.
    expect(seen.messages.map((m) => m.type)).toEqual(['compared'])
    expect(guard.report?.diff.breaking.map((c) => c.description)).toEqual(['Field Query.b was removed.'])
    setPageSchemaCache(undefined)
  })

  it('re-checks the saved operations whose endpoint is written with an environment variable, resolved with the environment in use', async () => {
    setActivePinia(createPinia())
    setPageSchemaCache(undefined)
    const environments = useGraphQLEnvironmentsStore()
    const local = environments.create('Local')
    environments.setVariables(local.id, [newVariable('baseUrl', demo.origin)])
    environments.select(local.id)
    const tester = useGraphQLStore()
    const schema = useGraphQLSchemaStore()
    const guard = useGraphQLSchemaGuardStore()
    const history = useGraphQLHistoryStore()
    tester.endpoint = '{{baseUrl}}/versioned/store-env/graphql'
    tester.query = 'query Isbns {\n  books {\n    isbn\n  }\n}'
    await schema.load()
    expect(schema.endpoint).toBe(`${demo.origin}/versioned/store-env/graphql`)
    await tester.send()
    expect(history.entries[0]?.endpoint).toBe('{{baseUrl}}/versioned/store-env/graphql')
    await switchSchemaVersion(demo.origin, 'store-env', 2)
    await schema.load()
    await until(() => guard.report !== undefined)
    expect(guard.report?.broken.map((b) => [b.operation.source, b.operation.label])).toEqual([
      ['tab', 'Isbns'],
      ['history', 'Isbns'],
    ])
  })

  it('re-checks the collections\' requests for the endpoint, read from storage though the Collections panel was never opened; Open puts one in a tab', async () => {
    vi.stubGlobal('indexedDB', new IDBFactory())
    setPageSchemaCache(undefined)
    const endpoint = `${demo.origin}/versioned/store-collections/graphql`
    const request = (name: string, query: string, url = endpoint) => ({ kind: 'request' as const, name, endpoint: url, query, variables: '', operationName: '', headers: [], notes: '' })
    // An earlier page saved a collection (IndexedDB, fake-indexeddb here).
    setActivePinia(createPinia())
    const earlier = useGraphQLCollectionsStore()
    await earlier.load()
    earlier.addCollection({
      name: 'Library',
      notes: '',
      items: [
        request('Titles', '{ books { title } }'),
        { kind: 'folder', name: 'Books', notes: '', items: [request('Other API', '{ books { isbn } }', 'https://elsewhere.test/graphql'), request('Isbns', 'query Isbns {\n  books {\n    isbn\n  }\n}')] },
      ],
    })
    await earlier.saved()

    setActivePinia(createPinia())
    const tester = useGraphQLStore()
    const schema = useGraphQLSchemaStore()
    const guard = useGraphQLSchemaGuardStore()
    const tabs = useGraphQLTabsStore()
    tester.endpoint = endpoint
    tester.query = '{ books { title } }'
    await schema.load()
    await switchSchemaVersion(demo.origin, 'store-collections', 2)
    await schema.load()
    await until(() => guard.report !== undefined)
    // The open tab (titles only) and the two requests for this endpoint; the other API's is not.
    expect(guard.report?.checked).toBe(3)
    expect(guard.report?.broken.map((b) => [b.operation.source, b.operation.label, b.errors.map((e) => [e.line, e.column])])).toEqual([['collection', 'Library / Books / Isbns', [[3, 5]]]])

    // As the page does: the collections store opens tabs through the tabs store.
    useGraphQLCollectionsStore().setTabOpener(tabs.open)
    const before = tabs.tabs.length
    await guard.open(guard.report!.broken[0]!.operation)
    expect(tabs.tabs).toHaveLength(before + 1)
    expect(tester.query).toContain('isbn')
    vi.unstubAllGlobals()
  })
})
