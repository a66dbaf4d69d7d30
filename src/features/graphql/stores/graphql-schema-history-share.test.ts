/**
 * The GraphQL tester's schema, history and share stores against the real demo server (started
 * in-process): introspection builds a schema that goes stale when the endpoint or the token
 * changes, a missing required variable stops the send, every send lands in the history without
 * secret values and survives a "reload", and a share link round-trips without secrets.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick, watch } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import { startGraphQLDemo, type GraphQLDemoServer } from '../../../../demo/graphql-demo.ts'
import { newHeaderRow } from '@/features/graphql/core/tester'
import { useGraphQLStore } from '@/features/graphql/stores/graphql'
import { GRAPHQL_HISTORY_KEY, useGraphQLHistoryStore } from '@/features/graphql/stores/graphql-history'
import { useGraphQLSchemaStore } from '@/features/graphql/stores/graphql-schema'
import { useGraphQLShareStore } from '@/features/graphql/stores/graphql-share'
import { introspectionFailure } from '@/features/graphql/core/schema/load-status'
import { installMemoryLocalStorage } from '../../../shared/testing/memory-storage'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'

const storage = installMemoryLocalStorage()

const TOKEN = 'Bearer token-that-must-stay-in-memory'
let demo: GraphQLDemoServer

beforeAll(async () => {
  demo = await startGraphQLDemo({ port: 0 })
})
afterAll(() => demo.close())
beforeEach(() => storage.clear())

/** Fresh stores, as after a page load, pointed at the demo server with a secret token. */
function load() {
  setActivePinia(createPinia())
  const tester = useGraphQLStore()
  tester.endpoint = `${demo.origin}/graphql`
  tester.headers = [newHeaderRow('Authorization', TOKEN, true), newHeaderRow('X-Trace', 'visible', false)]
  return { tester, schema: useGraphQLSchemaStore(), history: useGraphQLHistoryStore(), share: useGraphQLShareStore() }
}

/** The announcer's text once its clear-then-set has run. */
async function announced(): Promise<string> {
  await nextTick()
  await nextTick()
  return useAnnouncer().message.value
}

/** Lets the async cache-key watcher (a SHA-256 digest on Node's thread pool) settle. */
async function settle() {
  for (let i = 0; i < 10; i++) {
    await nextTick()
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('schema store', () => {
  it('loads the schema by introspection and marks it stale when the token or the endpoint changes', async () => {
    const { tester, schema } = load()
    await settle()
    expect(schema.state).toBe('none')
    await schema.load()
    expect(schema.error).toBeUndefined()
    expect(schema.state).toBe('ready')
    expect(schema.source).toBe('introspection')
    expect(schema.schema?.getQueryType()?.getFields()['user']).toBeDefined()
    expect(schema.typeCount).toBeGreaterThan(5)
    expect(schema.docsIndex?.roots.query).toBe('Query')

    tester.headers[0]!.value = 'Bearer another-token'
    await settle()
    expect(schema.state).toBe('stale')
    expect(schema.staleReason).toBe('auth')

    tester.headers[0]!.value = TOKEN
    await settle()
    expect(schema.state).toBe('ready')

    // A non-credential header does not matter.
    tester.headers[1]!.value = 'changed'
    await settle()
    expect(schema.state).toBe('ready')

    tester.endpoint = `${demo.origin}/other`
    await settle()
    expect(schema.state).toBe('stale')
    expect(schema.staleReason).toBe('endpoint')
    expect(schema.schema).toBeDefined() // still helps with completion while marked stale
  })

  it('reports an unreachable endpoint with the network outcome for the CORS help, and keeps no schema', async () => {
    const { tester, schema } = load()
    tester.endpoint = 'http://127.0.0.1:9/graphql'
    await settle()
    await schema.load()
    expect(schema.state).toBe('error')
    expect(schema.loadOutcome?.kind).toBe('network-error')
    expect(schema.loadOutcome?.curl).toContain('IntrospectionQuery')
    expect(schema.loadOutcome?.curl).not.toContain('token-that-must-stay-in-memory')
    expect(schema.schema).toBeUndefined()
  })

  it('takes pasted SDL, and keeps rejected text with the problem located in it', async () => {
    const { schema } = load()
    await settle()
    schema.pasteText = 'type Query {\n  me: User\n}'
    expect(await schema.applyPaste()).toBe(false)
    expect(schema.pasteText).toBe('type Query {\n  me: User\n}')
    expect(schema.pasteError).toMatchObject({ message: expect.stringContaining('User'), line: 2 })
    expect(schema.state).toBe('none')

    schema.pasteText = 'type Query { me: String }'
    // Read off the page: the form says so until the schema is in use.
    const applied = schema.applyPaste()
    expect(schema.pasteReading).toBe(true)
    expect(await applied).toBe(true)
    expect(schema.pasteReading).toBe(false)
    expect(schema.state).toBe('ready')
    expect(schema.source).toBe('sdl')
    expect(schema.pasteError).toBeUndefined()
  })

  it('stops a send whose required variable is missing, at the variables field', async () => {
    const { tester, schema, history } = load()
    await settle()
    await schema.load()
    tester.query = 'query One($id: ID!) { user(id: $id) { name } }'
    tester.variables = '{}'
    await nextTick() // as after typing: the edit's watchers ran before the user pressed Send
    await tester.send()
    expect(tester.inputError).toMatchObject({ field: 'variables', message: expect.stringContaining('$id') })
    expect(tester.outcome).toBeUndefined()
    expect(history.entries).toHaveLength(0)

    tester.variables = '{"id": "1"}'
    await tester.send()
    expect(tester.inputError).toBeUndefined()
    expect(tester.outcome).toMatchObject({ kind: 'response', status: 200 })
  })

  it('shows query and variable problems after a pause in typing', async () => {
    const { tester, schema } = load()
    await settle()
    schema.pasteText = 'type Query { user(id: ID!): String, old: String @deprecated(reason: "Use user.") }'
    await schema.applyPaste()
    vi.useFakeTimers()
    try {
      tester.query = 'query Q($id: ID!) {\n  user(id: $id)\n  nope\n  old\n}'
      tester.variables = '{"id": 5.5}'
      await vi.advanceTimersByTimeAsync(200)
      expect(schema.queryProblems.map((p) => [p.severity, p.line])).toEqual([
        ['error', 3],
        ['warning', 4],
      ])
      expect(schema.variableProblems[0]).toMatchObject({ severity: 'error', line: 1, message: expect.stringContaining('$id') })
    } finally {
      vi.useRealTimers()
    }
  })

  it('fills variables from the operation without losing typed values, and refuses broken JSON in place', async () => {
    const { tester, schema } = load()
    await settle()
    await schema.load()
    tester.query = 'query Two($id: ID!, $first: Int!) { user(id: $id) { posts(first: $first) { id } } }'
    tester.variables = '{"id": "42"}'
    // The schema store only computes the text; the tester writes it.
    expect(schema.filledVariables()).toMatchObject({ ok: true })
    expect(tester.variables).toBe('{"id": "42"}')
    expect(tester.fillVariables()).toBeUndefined()
    expect(JSON.parse(tester.variables)).toEqual({ id: '42', first: 0 })
    expect(await announced()).toBe('Variables filled from the operation and the schema')

    tester.variables = '{"id": '
    const problem = tester.fillVariables()
    expect(problem).toMatchObject({ field: 'variables', line: 1 })
    expect(tester.fillError).toEqual(problem)
    expect(tester.variables).toBe('{"id": ')
    expect(await announced()).toBe(problem?.message)
    tester.variables = '{"id": 1}'
    await nextTick()
    expect(tester.fillError).toBeUndefined()
  })

  it('says what to do next when introspection fails', () => {
    expect(introspectionFailure({ kind: 'response', status: 401, statusText: 'Unauthorized', mediaType: '', headers: [], bodyText: '', durationMs: 1, sizeBytes: 0 })).toContain(
      'fill in the Authorization header',
    )
    expect(introspectionFailure({ kind: 'timeout' })).toContain('did not answer in time')
  })
})

describe('history store', () => {
  it('records every send without secret values, and survives a reload', async () => {
    const { tester, history } = load()
    tester.query = 'query Hello { users(first: 1) { id } }'
    tester.variables = ''
    await tester.send()
    expect(history.entries).toHaveLength(1)
    expect(history.entries[0]).toMatchObject({ endpoint: `${demo.origin}/graphql`, operationName: 'Hello', status: 200, query: 'query Hello { users(first: 1) { id } }' })
    expect(history.entries[0]!.headers).toContainEqual({ name: 'Authorization', value: '', secret: true })
    expect(storage.getItem(GRAPHQL_HISTORY_KEY)).not.toContain('token-that-must-stay-in-memory')
    expect(storage.dump()).not.toContain('token-that-must-stay-in-memory')

    const again = load()
    expect(again.history.entries).toHaveLength(1)
    again.history.search = 'nothing-like-this'
    expect(again.history.filtered).toHaveLength(0)
    again.history.search = 'hello'
    expect(again.history.filtered).toHaveLength(1)
    again.history.remove(again.history.entries[0]!.id)
    expect(load().history.entries).toHaveLength(0)
  })

  it('ends the click’s task at once: the Send runs in the next task, a second Send meanwhile is ignored', async () => {
    const { tester, history } = load()
    tester.query = 'query Hello { users(first: 1) { id } }'
    tester.variables = ''
    const first = tester.send()
    expect(tester.sending).toBe(false) // nothing built or rendered in the click's task
    const second = tester.send()
    await Promise.all([first, second])
    expect(tester.outcome).toMatchObject({ kind: 'response', status: 200 })
    expect(history.entries).toHaveLength(1)
  })

  it('drops a Send when another request tab is shown before its task comes', async () => {
    const { tester, history } = load()
    tester.query = 'query Hello { users(first: 1) { id } }'
    tester.variables = ''
    const sent = tester.send()
    tester.restoreResponse(undefined) // what a tab switch does
    await sent
    expect([tester.sending, tester.outcome, history.entries.length]).toEqual([false, undefined, 0])
  })

  it('renders the response before it writes the history, which comes in a task of its own', async () => {
    const { tester, history } = load()
    tester.query = 'query Hello { users(first: 1) { id } }'
    tester.variables = ''
    // A post-flush watcher runs where the page's render of the new outcome would.
    const seenAtRender: number[] = []
    const stop = watch(
      () => tester.outcome,
      (outcome) => {
        if (outcome) seenAtRender.push(history.entries.length)
      },
      { flush: 'post' },
    )
    await tester.send()
    stop()
    expect(seenAtRender).toEqual([0])
    expect(history.entries).toHaveLength(1)
  })

  it('re-opens an entry: keeps a typed token only for the same origin', async () => {
    const { tester, history } = load()
    tester.query = 'query Hello { users(first: 1) { id } }'
    await tester.send()
    const entry = history.entries[0]!
    tester.query = 'changed'
    tester.applyRequest(entry, { keepSecrets: true })
    expect(tester.query).toBe('query Hello { users(first: 1) { id } }')
    expect(tester.headers[0]).toMatchObject({ name: 'Authorization', value: TOKEN, secret: true })

    tester.endpoint = 'https://elsewhere.example/graphql'
    tester.applyRequest({ ...entry, endpoint: 'https://elsewhere.example/graphql' }, { keepSecrets: true })
    expect(tester.headers[0]?.value).toBe(TOKEN) // same origin as before: still kept
    tester.endpoint = `${demo.origin}/graphql`
    tester.applyRequest({ ...entry, endpoint: 'https://elsewhere.example/graphql' }, { keepSecrets: true })
    expect(tester.headers[0]?.value).toBe('') // another origin: the token does not follow
  })

  it('clears everything', async () => {
    const { tester, history } = load()
    await tester.send()
    await tester.send()
    expect(history.entries).toHaveLength(2)
    history.clear()
    expect(history.entries).toHaveLength(0)
    expect(load().history.entries).toHaveLength(0)
  })
})

describe('share store', () => {
  it('round-trips a request through a link without the secret, and fills without sending', async () => {
    const a = load()
    a.tester.query = 'query A { a }\nquery B { b }'
    a.tester.operationName = 'B'
    a.tester.variables = '{"x": 1}'
    const link = await a.share.linkFor('https://workbench.example/graphql?x=1')
    expect(link.startsWith('https://workbench.example/graphql?x=1#gql=1')).toBe(true)
    expect(link).not.toContain('token-that-must-stay-in-memory')

    const b = load()
    b.tester.query = 'my own work'
    b.tester.headers = [newHeaderRow('Authorization', 'Bearer mine', true)]
    expect(b.share.hasSharedRequest(new URL(link).hash)).toBe(true)
    expect(await b.share.open(new URL(link).hash)).toBe(true)
    expect(b.tester.query).toBe('query A { a }\nquery B { b }')
    expect(b.tester.operationName).toBe('B')
    expect(b.tester.variables).toBe('{"x": 1}')
    expect(b.tester.endpoint).toBe(`${demo.origin}/graphql`)
    expect(b.tester.headers.map((h) => [h.name, h.value, h.secret])).toEqual([
      ['Authorization', '', true],
      ['X-Trace', 'visible', false],
    ])
    expect(b.tester.outcome).toBeUndefined()
    expect(b.history.entries).toHaveLength(0)

    b.share.restorePrevious()
    expect(b.tester.query).toBe('my own work')
    expect(b.tester.headers[0]?.value).toBe('Bearer mine')
  })

  it('carries the subscription transport, and Restore previous puts the receiver’s back', async () => {
    const a = load()
    a.tester.subscriptionTransport = 'ws'
    const overWebSocket = await a.share.linkFor('https://workbench.example/graphql')
    a.tester.subscriptionTransport = 'auto'
    const automatic = await a.share.linkFor('https://workbench.example/graphql')

    const b = load()
    b.tester.subscriptionTransport = 'sse'
    expect(await b.share.open(new URL(overWebSocket).hash)).toBe(true)
    expect(b.tester.subscriptionTransport).toBe('ws')
    b.share.restorePrevious()
    expect(b.tester.subscriptionTransport).toBe('sse')
    // A link without a transport means automatic, whatever the receiver had.
    expect(await b.share.open(new URL(automatic).hash)).toBe(true)
    expect(b.tester.subscriptionTransport).toBe('auto')
  })

  it('leaves the editors alone for a damaged link and says why', async () => {
    const { tester, share } = load()
    tester.query = 'keep me'
    expect(await share.open('#gql=1j.@@@')).toBe(false)
    expect(share.error).toMatch(/damaged/)
    expect(tester.query).toBe('keep me')
    expect(share.hasSharedRequest('#other=1')).toBe(false)
  })
})
