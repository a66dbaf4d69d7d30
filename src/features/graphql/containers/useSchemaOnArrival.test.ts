/**
 * Schema on arrival, against the real demo server (in-process): the endpoint's schema is loaded
 * with no click, kept per endpoint (no second request), a load for an endpoint left behind is
 * cancelled, a server that refuses introspection gives a calm note (not an error), an environment's
 * `{{origin}}` is substituted first, and GitHub's public schema loads with its problems as warnings.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { effectScope, nextTick, ref, type EffectScope } from 'vue'
import type { GraphQLObjectType } from 'graphql'
import { createPinia, setActivePinia } from 'pinia'
import { startGraphQLDemo, type GraphQLDemoServer } from '../../../../demo/graphql-demo.ts'
import { useGraphQLStore } from '@/features/graphql/stores/graphql'
import { useGraphQLSchemaStore } from '@/features/graphql/stores/graphql-schema'
import { useSchemaOnArrival } from '@/features/graphql/containers/useSchemaOnArrival'
import { newVariable, useGraphQLEnvironmentsStore } from '@/features/graphql/stores/graphql-environments'
import { installMemoryLocalStorage } from '@/shared/testing/memory-storage'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { REFRESH_AFTER_MS } from '@/features/graphql/stores/graphql-schema'
import { setPageSchemaCache } from '@/features/graphql/io/schema-load'
import type { SchemaCacheRecord } from '@/features/graphql/io/schema-cache'
import { searchSchema } from '@/features/graphql/core/schema'

const storage = installMemoryLocalStorage()
let demo: GraphQLDemoServer
let scope: EffectScope | undefined

beforeAll(async () => {
  demo = await startGraphQLDemo({ port: 0 })
})
afterAll(() => demo.close())
beforeEach(() => {
  scope?.stop()
  storage.clear()
})

/** Fresh stores pointed at `endpoint`, as a page that just opened, with arrival loading on. */
function open(endpoint: string) {
  setActivePinia(createPinia())
  const tester = useGraphQLStore()
  tester.endpoint = endpoint
  const schema = useGraphQLSchemaStore()
  scope = effectScope()
  scope.run(() => useSchemaOnArrival(20))
  return { tester, schema }
}

/** Waits (at most 20 s) until `done` holds, letting timers, requests and watchers run. */
async function until(done: () => boolean): Promise<void> {
  const end = Date.now() + 20_000
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await nextTick()
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('schema on arrival', () => {
  it('loads the endpoint’s schema with no click, says so, and keeps it per endpoint', async () => {
    await useAnnouncer().announce('')
    const { tester, schema } = open(`${demo.origin}/graphql`)
    await until(() => schema.state === 'ready')
    // A screen reader user hears that completion, checks and Docs work now.
    await until(() => useAnnouncer().message.value !== '')
    expect(useAnnouncer().message.value).toBe(`Schema loaded: ${schema.typeCount} types`)
    expect(schema.source).toBe('introspection')
    expect(schema.docsIndex?.types.has('User')).toBe(true)
    const loadedAt = schema.loadedAt

    tester.endpoint = `${demo.origin}/private`
    await until(() => schema.state === 'unavailable')
    tester.endpoint = `${demo.origin}/graphql`
    await until(() => schema.state === 'ready')
    await new Promise((resolve) => setTimeout(resolve, 100))
    // The kept schema is shown with its age; nothing was asked again.
    expect(schema.loading).toBe(false)
    expect(schema.loadedAt).toBe(loadedAt)
  })

  it('a server that refuses introspection gives a calm note with the way on, not an error, and announces nothing', async () => {
    // The announcer is one module for the worker's files: start from silence, not another file's last sentence.
    await useAnnouncer().announce('')
    const { schema } = open(`${demo.origin}/private`)
    await until(() => schema.state === 'unavailable')
    expect(schema.error).toBeUndefined()
    expect(schema.loadOutcome).toBeUndefined()
    expect(schema.note).toBe(
      'This endpoint does not allow introspection (it answered “GraphQL introspection is not allowed, but the query contained __schema or __type.”). Paste the schema (SDL or introspection JSON) for completion, checks and docs.',
    )
    expect(useAnnouncer().message.value).toBe('')
  })

  it('Load schema pressed while the quiet load runs (or is about to) answers as the user asked: an error, said, not a calm note', async () => {
    await useAnnouncer().announce('')
    setActivePinia(createPinia())
    useGraphQLStore().endpoint = `${demo.origin}/private`
    const schema = useGraphQLSchemaStore()
    // The quiet load and the click in the same turn: the quiet one has not reached the network yet.
    const quiet = schema.load({ quiet: true })
    const asked = schema.load()
    await Promise.all([quiet, asked])
    expect(schema.note).toBeUndefined()
    expect(schema.error).toMatch(/^Could not load the schema/)
    expect(useAnnouncer().message.value).toBe(schema.error)
  })

  it('Load schema pressed before the quiet load is due leaves no quiet load after it: the user’s error stays, not replaced by a note', async () => {
    await useAnnouncer().announce('')
    setActivePinia(createPinia())
    useGraphQLStore().endpoint = `${demo.origin}/private`
    const schema = useGraphQLSchemaStore()
    scope = effectScope()
    scope.run(() => useSchemaOnArrival(200))
    await schema.load()
    expect(schema.error).toMatch(/^Could not load the schema/)
    // Past the arrival pause, and a request's worth more.
    await new Promise((resolve) => setTimeout(resolve, 600))
    await schema.whenIdle()
    expect(schema.loadsStarted).toBe(1)
    expect(schema.note).toBeUndefined()
    expect(schema.error).toMatch(/^Could not load the schema/)
  })

  it('Load schema pressed just after the endpoint changed, while the previous endpoint’s load winds down, loads the new one: its error, not a quiet note', async () => {
    await useAnnouncer().announce('')
    const { tester, schema } = open(`${demo.origin}/slow?ms=2000`)
    await until(() => schema.loading)
    tester.endpoint = `${demo.origin}/private`
    await nextTick()
    await schema.load()
    expect(schema.error).toMatch(/^Could not load the schema \(400 Bad Request\)/)
    // Past the arrival pause: no quiet load replaces the answer.
    await new Promise((resolve) => setTimeout(resolve, 200))
    await schema.whenIdle()
    expect(schema.note).toBeUndefined()
    expect(schema.error).toMatch(/^Could not load the schema/)
    expect(schema.entries.has(`${demo.origin}/slow?ms=2000`)).toBe(false)
  })

  it('cancels the previous endpoint’s load also before its request exists (while its cache key is computed)', async () => {
    const slow = `${demo.origin}/slow?ms=300`
    const { tester, schema } = open(slow)
    // Started now, so the endpoint changes while the load is still computing its key: not yet `loading`.
    const started = schema.load({ quiet: true })
    expect(schema.loading).toBe(false)
    tester.endpoint = `${demo.origin}/private`
    await nextTick()
    await started
    expect(schema.entries.has(slow)).toBe(false)
  })

  it('says nothing when something else was said while it loaded (a Send’s outcome is not talked over)', async () => {
    const { schema } = open(`${demo.origin}/slow?ms=400`)
    await until(() => schema.loading)
    await useAnnouncer().announce('200 OK, 12 ms')
    await until(() => schema.state === 'ready')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(useAnnouncer().message.value).toBe('200 OK, 12 ms')
  })

  it('says nothing when something was said after the endpoint was set, before the load began', async () => {
    const { schema } = open(`${demo.origin}/graphql`)
    await useAnnouncer().announce('Opened tab UserById')
    await until(() => schema.state === 'ready')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(useAnnouncer().message.value).toBe('Opened tab UserById')
  })

  it('a server that is not there gives a note too', async () => {
    const { schema } = open('http://127.0.0.1:9/graphql')
    await until(() => schema.state === 'unavailable')
    expect(schema.note).toMatch(/^No schema from this endpoint: .+ Paste the schema \(SDL or introspection JSON\) for completion, checks and docs\.$/)
  })

  it('cancels the load of an endpoint left behind', async () => {
    const { tester, schema } = open(`${demo.origin}/slow?ms=3000`)
    await until(() => schema.loading)
    tester.endpoint = `${demo.origin}/graphql`
    await until(() => schema.state === 'ready' && schema.endpoint === `${demo.origin}/graphql`)
    expect([...schema.entries.keys()]).toEqual([`${demo.origin}/graphql`])
  }, 20_000)

  it('asks nothing while paused (a shared link’s request is shown), and asks once it is not', async () => {
    setActivePinia(createPinia())
    useGraphQLStore().endpoint = `${demo.origin}/graphql`
    const schema = useGraphQLSchemaStore()
    const paused = ref(true)
    scope = effectScope()
    scope.run(() => useSchemaOnArrival(20, () => paused.value))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(schema.loading).toBe(false)
    expect(schema.state).toBe('none')
    paused.value = false
    await until(() => schema.state === 'ready')
  })

  it('asks a ws:// endpoint’s server over http://', async () => {
    const { schema } = open(`${demo.origin.replace(/^http/, 'ws')}/graphql`)
    await until(() => schema.state === 'ready')
    expect(schema.docsIndex?.types.has('User')).toBe(true)
  })

  it('substitutes the picked environment first ({{origin}}/graphql)', async () => {
    setActivePinia(createPinia())
    const environments = useGraphQLEnvironmentsStore()
    const local = environments.create('Local')
    environments.setVariables(local.id, [newVariable('origin', demo.origin)])
    environments.select(local.id)
    const tester = useGraphQLStore()
    tester.endpoint = '{{origin}}/graphql'
    const schema = useGraphQLSchemaStore()
    scope = effectScope()
    scope.run(() => useSchemaOnArrival(20))
    await until(() => schema.state === 'ready')
    expect(schema.endpoint).toBe(`${demo.origin}/graphql`)
  })

  it('keeps GitHub’s schema in this browser’s cache: the next arrival uses it with its age, and refreshes it once old', async () => {
    const records = new Map<string, SchemaCacheRecord>()
    setPageSchemaCache({
      get: async (key) => structuredClone(records.get(key)),
      put: async (record) => void records.set(record.key, structuredClone(record)),
      delete: async (key) => void records.delete(key),
    })
    try {
      const first = open(`${demo.origin}/github/graphql`)
      await until(() => first.schema.state === 'ready')
      expect(first.schema.fromCache).toBe(false)
      await until(() => records.size === 1)
      const loadedAt = first.schema.loadedAt

      // The page opened again: the cached schema, with the time the endpoint answered, no request.
      await useAnnouncer().announce('')
      const again = open(`${demo.origin}/github/graphql`)
      await until(() => again.schema.state === 'ready')
      expect(again.schema.fromCache).toBe(true)
      expect(again.schema.loadedAt).toBe(loadedAt)
      expect(again.schema.loading).toBe(false)
      expect(again.schema.warnings).toHaveLength(9)
      await until(() => useAnnouncer().message.value !== '')
      expect(useAnnouncer().message.value).toBe(`Schema loaded from this browser’s cache: ${again.schema.typeCount?.toLocaleString('en')} types, with 9 warnings`)
      // Docs, search and completion data work from it.
      expect(searchSchema(again.schema.docsIndex!, 'PullRequestReviewComment', 1)[0]?.name).toBe('PullRequestReviewComment')
      expect(Object.keys((again.schema.schema?.getType('User') as GraphQLObjectType).getFields())).toContain('login')

      // Old: shown at once, then refreshed from the endpoint in the background.
      const [record] = records.values()
      records.set(record!.key, { ...record!, loadedAt: Date.now() - REFRESH_AFTER_MS - 1_000 })
      const old = open(`${demo.origin}/github/graphql`)
      await until(() => old.schema.fromCache)
      await until(() => old.schema.state === 'ready' && !old.schema.fromCache)
      expect(old.schema.loadedAt).toBeGreaterThan(Date.now() - 60_000)

      // Forget schema forgets it in the cache too: the next arrival asks the endpoint.
      old.schema.forget()
      await until(() => records.size === 0)
    } finally {
      setPageSchemaCache(undefined)
    }
  }, 120_000)

  it('loads GitHub’s public schema with its nine problems as warnings', async () => {
    const { schema } = open(`${demo.origin}/github/graphql`)
    await until(() => schema.state === 'ready')
    expect(schema.typeCount).toBeGreaterThan(1500)
    expect(schema.warnings).toHaveLength(9)
    expect(schema.warnings[0]?.message).toMatch(/implementation field PullRequest\.databaseId must not be deprecated/)
  }, 60_000)
})
