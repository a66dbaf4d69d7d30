/**
 * The schema worker's protocol, run in-process against the real demo server (GitHub's published
 * schema at /github/graphql, and its other routes), each message cloned as postMessage would: the
 * introspection's types and the docs arrive in parts, the answer is stored in the cache with what
 * graphql-js found in it, a cached answer comes back without a request, and what is not a schema
 * fails with the checks' own error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startGraphQLDemo, type GraphQLDemoServer } from '../../../../demo/graphql-demo.ts'
import { switchSchemaVersion } from '../../../../demo/graphql-demo-versioned.ts'
import { buildGraphQLRequest, sendGraphQLRequest, type BuiltRequest } from '@/features/graphql/core/request'
import { introspectionRequestBody, type DocsType } from '@/features/graphql/core/schema'
import { CACHE_VERSION, type SchemaCacheRecord, type SchemaCacheStore } from './schema-cache'
import { createSchemaJobs, PART_CHARS, storageKey, type SchemaJobMessage, type SchemaJobRequest } from './schema-jobs'

let demo: GraphQLDemoServer
beforeAll(async () => {
  demo = await startGraphQLDemo({ port: 0 })
})
afterAll(() => demo.close())

const published = JSON.parse(readFileSync(join(process.cwd(), 'node_modules/@octokit/graphql-schema/schema.json'), 'utf8')) as { __schema?: { types: unknown[] }; data?: { __schema: { types: unknown[] } } }
const publishedTypes = (published.data ?? published).__schema!.types.length

function mapCache(): SchemaCacheStore & { records: Map<string, SchemaCacheRecord> } {
  const records = new Map<string, SchemaCacheRecord>()
  return {
    records,
    get: async (key) => structuredClone(records.get(key)),
    put: async (record) => void records.set(record.key, structuredClone(record)),
    delete: async (key) => void records.delete(key),
  }
}

const requestFor = (path: string, legacy = false): BuiltRequest =>
  buildGraphQLRequest({ endpoint: `${demo.origin}${path}`, ...introspectionRequestBody({ legacy }), headers: {} })

function loadJob(path: string, key = `${demo.origin}${path}#auth=0`): SchemaJobRequest {
  return { type: 'load', id: 7, key, request: requestFor(path), legacyRequest: requestFor(path, true), options: { online: true } }
}

/** Runs a job and collects its messages, cloned as they would cross to the page. */
async function run(jobs: ReturnType<typeof createSchemaJobs>, request: SchemaJobRequest): Promise<SchemaJobMessage[]> {
  const messages: SchemaJobMessage[] = []
  await jobs(structuredClone(request), (message) => messages.push(structuredClone(message)))
  return messages
}

describe('schema jobs', () => {
  it('introspects GitHub’s schema and sends it in parts: types, start, docs, done; and stores it', async () => {
    const cache = mapCache()
    const messages = await run(createSchemaJobs({ cache, now: () => 1_000 }), loadJob('/github/graphql'))
    const kinds = [...new Set(messages.map((m) => m.type))]
    expect(kinds).toEqual(['types', 'start', 'docs', 'done'])
    const typeTexts = messages.flatMap((m) => (m.type === 'types' ? [m.json] : []))
    const typeParts = typeTexts.map((json) => JSON.parse(json) as unknown[])
    expect(typeParts.length).toBeGreaterThan(10)
    // Each part within the bound, or a single type larger than it.
    for (const [i, json] of typeTexts.entries()) expect(json.length <= PART_CHARS || typeParts[i]?.length === 1).toBe(true)
    expect(typeParts.flat()).toHaveLength(publishedTypes)
    const docTexts = messages.flatMap((m) => (m.type === 'docs' ? [m.json] : []))
    for (const json of docTexts) expect(json.length <= PART_CHARS || (JSON.parse(json) as unknown[]).length === 1).toBe(true)
    const docs = docTexts.flatMap((json) => JSON.parse(json) as DocsType[])
    expect(docs.find((t) => t.name === 'PullRequestReviewComment')?.kind).toBe('OBJECT')
    const done = messages.at(-1)
    expect(done).toMatchObject({ type: 'done', id: 7, summary: { loadedAt: 1_000, fromCache: false, roots: { query: 'Query', mutation: 'Mutation' } } })
    if (done?.type !== 'done') throw new Error('no done')
    expect(done.summary.warnings).toHaveLength(9)
    // The body is not sent back: the page has it in parts.
    expect(done.outcome).toMatchObject({ kind: 'response', status: 200, bodyText: '' })

    const record = cache.records.get(await storageKey(`${demo.origin}/github/graphql#auth=0`))
    expect(record).toMatchObject({ version: CACHE_VERSION, loadedAt: 1_000, roots: { query: 'Query' }, schema: { queryType: { name: 'Query' } } })
    expect(record?.warnings).toHaveLength(9)
    // Stored as sent: the same parts.
    expect(record?.types).toEqual(messages.flatMap((m) => (m.type === 'types' ? [m.json] : [])))
    expect(record?.docs).toEqual(messages.flatMap((m) => (m.type === 'docs' ? [m.json] : [])))
  }, 60_000)

  it('answers from the cache with no request: the same parts, its time and fromCache', async () => {
    const cache = mapCache()
    await run(createSchemaJobs({ cache, now: () => 5 }), loadJob('/github/graphql', 'k'))
    let sent = 0
    const jobs = createSchemaJobs({ cache, send: (request, options) => (sent++, sendGraphQLRequest(request, options)) })
    const messages = await run(jobs, { type: 'cached', id: 3, key: 'k' })
    expect(sent).toBe(0)
    expect(messages.flatMap((m) => (m.type === 'types' ? (JSON.parse(m.json) as unknown[]) : []))).toHaveLength(publishedTypes)
    expect(messages.some((m) => m.type === 'docs' && (JSON.parse(m.json) as DocsType[]).some((t) => t.name === 'User'))).toBe(true)
    expect(messages.find((m) => m.type === 'start')).toMatchObject({ schema: { queryType: { name: 'Query' } } })
    expect(messages.at(-1)).toMatchObject({ type: 'done', id: 3, summary: { loadedAt: 5, fromCache: true } })
  }, 60_000)

  it('says a reload brought the cached schema unchanged; when it changed, works out what changed and what it broke on request', async () => {
    const cache = mapCache()
    const jobs = createSchemaJobs({ cache })
    const done = (messages: SchemaJobMessage[]) => messages.find((m) => m.type === 'done')
    const handle = (message: SchemaJobMessage | undefined) => (message?.type === 'done' ? message.summary.handle : undefined)
    // The demo's versioned API (demo/graphql-demo-versioned.ts): version 2 removes Book.isbn.
    const path = '/versioned/jobs-unchanged/graphql'
    const first = done(await run(jobs, loadJob(path, 'v')))
    expect(first?.type === 'done' && first.summary.unchanged).toBeFalsy()
    const again = done(await run(jobs, loadJob(path, 'v')))
    expect(again).toMatchObject({ type: 'done', summary: { unchanged: true } })
    await switchSchemaVersion(demo.origin, 'jobs-unchanged', 2)
    const changed = done(await run(jobs, loadJob(path, 'v')))
    expect(changed?.type === 'done' && changed.summary.unchanged).toBeFalsy()
    // What changed is worked out here, off the page, with the saved operations it broke.
    const operations = [
      { id: 't1', label: 'Isbns', query: '{ books { isbn } }', source: 'tab' as const },
      { id: 'h1', label: 'Titles', query: '{ books { title } }', source: 'history' as const },
    ]
    const [changes] = await run(jobs, { type: 'changes', id: 9, before: handle(again)!, after: handle(changed)!, operations })
    const check = changes?.type === 'changes' ? changes.check : undefined
    expect(check?.diff.breaking.map((c) => c.description)).toEqual(['Field Book.isbn was removed.'])
    expect(check?.diff.safe.map((c) => c.description)).toEqual(['Field Book.subtitle was added.'])
    expect(check?.broken.map((b) => [b.operation.id, b.errors.map((e) => [e.message, e.line, e.column])])).toEqual([['t1', [['Cannot query field "isbn" on type "Book".', 1, 11]]]])
    // The schema before the change is let go once asked about.
    expect(await run(jobs, { type: 'changes', id: 10, before: handle(again)!, after: handle(changed)!, operations })).toEqual([{ type: 'changes', id: 10, check: undefined }])
  }, 60_000)

  it('works out the change from a pasted schema to a loaded one, with no cache (the page builds neither to compare)', async () => {
    const jobs = createSchemaJobs({})
    const handle = (messages: SchemaJobMessage[]) => messages.flatMap((m) => (m.type === 'done' && m.summary.handle ? [m.summary.handle] : []))[0]
    const pasted = handle(await run(jobs, { type: 'paste', id: 1, text: 'type Query { books: [Book] } type Book { title: String isbn: String gone: Int }' }))
    const loaded = handle(await run(jobs, loadJob('/versioned/jobs-paste/graphql', 'p')))
    const [changes] = await run(jobs, { type: 'changes', id: 2, before: pasted!, after: loaded!, operations: [{ id: 'x', label: 'Gone', query: '{ books { gone } }', source: 'tab' }] })
    const check = changes?.type === 'changes' ? changes.check : undefined
    expect(check?.diff.breaking.map((c) => c.description)).toContain('Field Book.gone was removed.')
    expect(check?.broken.map((b) => b.operation.id)).toEqual(['x'])
  }, 60_000)

  it('compares two pasted schemas: the diff and the broken operations, or the paste that is not a schema, placed', async () => {
    const jobs = createSchemaJobs({})
    const operations = [{ id: 'a', label: 'B', query: 'query B { b }', source: 'history' as const }]
    const [compared] = await run(jobs, { type: 'compare', id: 3, old: 'type Query { a: Int b: String }', new: 'type Query { a: Int c: Int }', operations })
    expect(compared?.type === 'compared' && compared.check?.diff.breaking.map((c) => c.description)).toEqual(['Field Query.b was removed.'])
    expect(compared?.type === 'compared' && compared.check?.broken.map((b) => b.operation.id)).toEqual(['a'])
    const [refused] = await run(jobs, { type: 'compare', id: 4, old: 'type Query { a: Int }', new: 'type Query { a: Int', operations })
    expect(refused).toMatchObject({ type: 'compared', refused: { field: 'new', error: { line: 1 } } })
  }, 60_000)

  it('stores nothing of the endpoint or its credentials: a token in the endpoint’s query is nowhere in the cache', async () => {
    const cache = mapCache()
    const path = '/github/graphql?access_token=s3cret-token-value'
    const key = `${demo.origin}${path}#auth=0123456789abcdef0123456789abcdef`
    await run(createSchemaJobs({ cache }), loadJob(path, key))
    expect(cache.records.size).toBe(1)
    const [storedKey, record] = [...cache.records][0] ?? []
    expect(storedKey).toMatch(/^[0-9a-f]{64}$/)
    expect(Object.keys(record!).sort()).toEqual(['docs', 'key', 'loadedAt', 'roots', 'schema', 'types', 'version', 'warnings'])
    const stored = JSON.stringify(record)
    for (const secret of ['s3cret-token-value', '0123456789abcdef0123456789abcdef', demo.origin]) expect(stored).not.toContain(secret)
    // The same key finds it again, and forgets it.
    expect((await run(createSchemaJobs({ cache }), { type: 'cached', id: 1, key })).at(-1)).toMatchObject({ type: 'done', summary: { fromCache: true } })
    expect(await run(createSchemaJobs({ cache }), { type: 'forget', id: 2, key })).toEqual([{ type: 'forgotten', id: 2 }])
    expect(cache.records.size).toBe(0)
  }, 60_000)

  it('says miss for no record, a record of another version, a damaged one, or a cache that refuses', async () => {
    const cache = mapCache()
    const base = { loadedAt: 0, schema: { queryType: { kind: 'OBJECT' as const, name: 'Query' }, mutationType: null, subscriptionType: null, directives: [] }, types: ['[]'], warnings: [], roots: {}, docs: ['[]'] }
    cache.records.set(await storageKey('old'), { ...base, version: CACHE_VERSION - 1, key: await storageKey('old') })
    cache.records.set(await storageKey('bad'), { ...base, version: CACHE_VERSION, key: await storageKey('bad'), types: undefined as unknown as string[] })
    const jobs = createSchemaJobs({ cache })
    for (const key of ['none', 'old', 'bad']) expect(await run(jobs, { type: 'cached', id: 1, key })).toEqual([{ type: 'miss', id: 1 }])
    const refuse = () => Promise.reject(new DOMException('denied', 'SecurityError'))
    const refusing = createSchemaJobs({ cache: { get: refuse, put: refuse, delete: refuse } })
    expect(await run(refusing, { type: 'forget', id: 3, key: 'k' })).toEqual([{ type: 'forgotten', id: 3 }])
    expect(await run(refusing, { type: 'cached', id: 2, key: 'k' })).toEqual([{ type: 'miss', id: 2 }])
    // A cache that refuses to store does not stop the schema.
    expect((await run(refusing, loadJob('/graphql'))).at(-1)).toMatchObject({ type: 'done' })
  })

  it('a server that refuses introspection fails with the checks’ error and nothing built; nothing stored', async () => {
    const cache = mapCache()
    const messages = await run(createSchemaJobs({ cache }), loadJob('/private'))
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({ type: 'failed', id: 7, outcome: { kind: 'response' }, error: { code: 'introspection-errors' } })
    expect(cache.records.size).toBe(0)
  })

  it('a refused connection fails with its network outcome', async () => {
    const job = { ...loadJob('/graphql'), request: buildGraphQLRequest({ endpoint: 'http://127.0.0.1:9/graphql', ...introspectionRequestBody(), headers: {} }) }
    const messages = await run(createSchemaJobs({ send: (request, options) => sendGraphQLRequest(request, { ...options, diagnose: false }) }), job)
    expect(messages).toEqual([expect.objectContaining({ type: 'failed', outcome: expect.objectContaining({ kind: 'network-error' }) })])
  })

  it('abort stops the request of that job', async () => {
    let seen: AbortSignal | undefined
    const jobs = createSchemaJobs({
      send: (_request, options) =>
        new Promise((resolve) => {
          seen = options.signal
          options.signal?.addEventListener('abort', () => resolve({ kind: 'aborted', durationMs: 0 }))
        }),
    })
    const messages: SchemaJobMessage[] = []
    const running = jobs(loadJob('/graphql'), (m) => messages.push(m))
    await jobs({ type: 'abort', id: 7 }, () => undefined)
    await running
    expect(seen?.aborted).toBe(true)
    expect(messages).toEqual([{ type: 'failed', id: 7, outcome: { kind: 'aborted', durationMs: 0 } }])
  })
})
