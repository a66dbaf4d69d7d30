/**
 * The environments store against the real demo server (in-process): a send substitutes the picked
 * environment (the demo's `echo` shows the header it received), the editors, history, share link
 * and storage keep `{{name}}` and never a secret value, curl reads the secret from `$TOKEN`, an
 * unknown name stops the send at its field with the reason announced; editing, export and import.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import { startGraphQLDemo, type GraphQLDemoServer } from '../../../../demo/graphql-demo.ts'
import { newHeaderRow } from '@/features/graphql/core/tester'
import { variableCredentialNotice } from '@/features/graphql/core/environments'
import { useGraphQLStore } from '@/features/graphql/stores/graphql'
import { useGraphQLHistoryStore } from '@/features/graphql/stores/graphql-history'
import { useGraphQLShareStore } from '@/features/graphql/stores/graphql-share'
import { GRAPHQL_ENVIRONMENTS_STORAGE_KEY, newVariable, useGraphQLEnvironmentsStore } from '@/features/graphql/stores/graphql-environments'
import { installMemoryLocalStorage } from '@/shared/testing/memory-storage'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'

const storage = installMemoryLocalStorage()
const SECRET = 'env-secret-that-stays-in-memory'
let demo: GraphQLDemoServer

beforeAll(async () => {
  demo = await startGraphQLDemo({ port: 0 })
})
afterAll(() => demo.close())
beforeEach(() => {
  storage.clear()
  setActivePinia(createPinia())
})

async function announced(): Promise<string> {
  await nextTick()
  await nextTick()
  return useAnnouncer().message.value
}

/** An environment "Local" picked, with the demo origin and a secret token. */
function setUp() {
  const environments = useGraphQLEnvironmentsStore()
  const local = environments.create('Local')
  environments.setVariables(local.id, [newVariable('origin', demo.origin), newVariable('token', SECRET, true), newVariable('first', '1')])
  environments.select(local.id)
  const tester = useGraphQLStore()
  tester.endpoint = '{{origin}}/graphql'
  tester.query = 'query Env($n: Int) { users(first: $n) { id } echo { header(name: "X-Env") } }'
  tester.variables = '{"n": {{first}}}'
  tester.headers = [newHeaderRow('X-Env', '{{token}}', false)]
  return { environments, tester, local }
}

describe('environments store: sending', () => {
  it('substitutes at send time; the editors, history, link and storage keep the reference; curl reads $TOKEN', async () => {
    const { tester, environments, local } = setUp()
    // The first send of the secret to this origin waits for the user's consent: nothing reaches the server.
    await tester.send()
    expect(tester.outcome).toBeUndefined()
    expect(useGraphQLHistoryStore().entries).toHaveLength(0)
    expect(environments.originToConfirm).toEqual({ origin: demo.origin, names: ['token'] })
    expect(await announced()).toBe(`Not sent yet: confirm sending the secret value of {{token}} to ${demo.origin}`)
    environments.allowOrigin()
    expect(local.allowedOrigins).toEqual([demo.origin])
    await tester.send()
    expect(tester.inputError).toBeUndefined()
    expect(tester.outcome).toMatchObject({ kind: 'response', status: 200 })
    const body = tester.outcome?.kind === 'response' ? JSON.parse(tester.outcome.bodyText) : undefined
    expect(body.data).toEqual({ users: [{ id: '1' }], echo: { header: SECRET } })
    expect(tester.endpoint).toBe('{{origin}}/graphql')
    expect(tester.headers[0]?.value).toBe('{{token}}')

    const entry = useGraphQLHistoryStore().entries[0]
    expect(entry).toMatchObject({ endpoint: '{{origin}}/graphql', variables: '{"n": {{first}}}' })
    expect(entry?.headers).toContainEqual({ name: 'X-Env', value: '{{token}}', secret: false })
    const link = await useGraphQLShareStore().linkFor('http://app.test/graphql')
    expect(link).not.toContain(SECRET)
    await nextTick()
    expect(storage.dump()).not.toContain(SECRET)
    expect(storage.getItem(GRAPHQL_ENVIRONMENTS_STORAGE_KEY)).toContain('"token"')
    expect(storage.getItem(GRAPHQL_ENVIRONMENTS_STORAGE_KEY)).toContain(`"allowedOrigins":["${demo.origin}"]`)

    expect(tester.lastCurl?.command).toContain(`-H 'X-Env: '"$TOKEN"''`)
    expect(tester.lastCurl?.command).not.toContain(SECRET)
    expect(tester.lastCurl?.envVars).toEqual([{ header: '{{token}}', variable: 'TOKEN' }])
  })

  it('blocks Send at the field of an unknown name, with the reason announced', async () => {
    const { tester } = setUp()
    tester.headers = [newHeaderRow('X-Ok', 'fine', false), newHeaderRow('X-Env', 'Bearer {{tokn}}', false)]
    await tester.send()
    expect(tester.outcome).toBeUndefined()
    const message = 'Unknown environment variable {{tokn}} at column 8 of the value of header "X-Env": add it to "Local" or fix the name.'
    expect(tester.inputError).toEqual({ field: 'headers', rowId: tester.headers[1]?.id, line: 1, column: 8, message })
    expect(await announced()).toBe(`Not sent: ${message}`)

    tester.headers = [newHeaderRow('X-Env', 'x', false)]
    tester.variables = '{\n  "n": {{nope}}\n}'
    await nextTick() // as after typing: editing a field clears its error
    await tester.send()
    expect(tester.inputError).toMatchObject({ field: 'variables', line: 2, column: 8 })
    expect(useGraphQLHistoryStore().entries).toHaveLength(0)
  })
})

describe('the first request of a new tab', () => {
  it('checks {{origin}}/graphql on blur with the environment substituted; without the environment, names the reference', async () => {
    const { tester, environments } = setUp()
    tester.checkEndpoint()
    expect(tester.inputError).toBeUndefined()
    environments.select('')
    tester.checkEndpoint()
    expect(tester.inputError).toMatchObject({ field: 'endpoint', line: 1, column: 1, message: expect.stringContaining('{{origin}}') })
    expect(tester.inputError?.message).not.toContain('absolute URL')
  })

  it('sends no empty Authorization header and none of the previous query’s variables', async () => {
    setActivePinia(createPinia())
    const tester = useGraphQLStore()
    expect(tester.headers.map((h) => [h.name, h.value])).toEqual([['Authorization', '']])
    tester.endpoint = `${demo.origin}/graphql`
    tester.query = '{ echo { header(name: "Authorization") headers { name } } }'
    tester.variables = '{"id": "2"}'
    await tester.send()
    expect(tester.outcome).toMatchObject({ kind: 'response', status: 200 })
    const body = tester.outcome?.kind === 'response' ? JSON.parse(tester.outcome.bodyText) : undefined
    expect(body.data.echo.header).toBeNull()
    expect(body.data.echo.headers.map((h: { name: string }) => h.name)).not.toContain('authorization')
    expect(tester.lastRequest?.body).toBe('{"query":"{ echo { header(name: \\"Authorization\\") headers { name } } }","variables":{}}')
  })
})

describe('environments store: editing', () => {
  it('creates with a free name, renames, picks, deletes and says so', async () => {
    const environments = useGraphQLEnvironmentsStore()
    const a = environments.create()
    const b = environments.create()
    expect([a.name, b.name]).toEqual(['New environment', 'New environment 2'])
    expect(await announced()).toBe('Environment "New environment 2" created')
    environments.rename(b.id, 'new environment')
    expect(environments.nameProblem).toBe('There is already an environment called "new environment".')
    environments.rename(b.id, 'Staging')
    expect(environments.nameProblem).toBeUndefined()
    environments.select(b.id)
    expect(await announced()).toBe('Environment "Staging" in use')
    environments.setVariables(b.id, [newVariable('2x', 'v')])
    expect([...environments.problems.values()]).toEqual([{ field: 'name', message: '"2x" is not a variable name: use letters, digits and _ (not starting with a digit).' }])
    environments.remove(b.id)
    expect(environments.activeId).toBe('')
    expect(environments.editingId).toBe(a.id)
    expect(await announced()).toBe('Environment "Staging" deleted')
  })

  it('survives a reload without secret values', async () => {
    setUp()
    await nextTick()
    setActivePinia(createPinia())
    const again = useGraphQLEnvironmentsStore()
    expect(again.active?.name).toBe('Local')
    expect(again.active?.variables.map((v) => [v.name, v.value])).toEqual([
      ['origin', demo.origin],
      ['token', ''],
      ['first', '1'],
    ])
  })

  it('exports without secrets and imports it back; a bad import keeps everything and says why at the field', async () => {
    const { environments } = setUp()
    const { json, fileName } = environments.exportEditing() ?? { json: '', fileName: '' }
    expect(fileName).toBe('local.environment.json')
    expect(json).not.toContain(SECRET)
    expect(await announced()).toBe('Environment "Local" exported without its secret values')
    expect(environments.importJson(json)).toBe(true)
    expect(environments.editing?.name).toBe('Local 2')
    expect(await announced()).toBe('Environment "Local 2" imported; fill in its secret value')
    expect(environments.importJson('{"name": "X", "variables": [}')).toBe(false)
    expect(environments.importProblem).toMatchObject({ line: 1, column: 29 })
    expect(environments.environments).toHaveLength(2)
    expect(await announced()).toMatch(/^Not imported: Not valid JSON/)
  })
})

describe('environments store: a credential left unticked', () => {
  it('gets the notice, stays out of storage and exports, is $NAME in curl and goes only to allowed origins', async () => {
    const GITHUB_TOKEN = `ghp_${'a1B2c3D4e5'.repeat(3)}123456`
    const { tester, environments, local } = setUp()
    environments.setVariables(local.id, [newVariable('origin', demo.origin), newVariable('gh', GITHUB_TOKEN), newVariable('first', '1')])
    tester.headers = [newHeaderRow('X-Env', '{{gh}}', false)]
    const variable = environments.editing?.variables[1]
    expect(variable && variableCredentialNotice(variable)).toBe('This value looks like a GitHub token.')
    expect(variableCredentialNotice({ name: 'api_key', value: 'plain-looking', secret: false })).toBe('"api_key" usually holds a credential.')

    await tester.send()
    expect(environments.originToConfirm).toEqual({ origin: demo.origin, names: ['gh'] })
    environments.allowOrigin()
    await tester.send()
    expect(tester.outcome).toMatchObject({ kind: 'response', status: 200 })
    expect(tester.lastCurl?.command).toContain(`'"$GH"'`)
    expect(tester.lastCurl?.command).not.toContain(GITHUB_TOKEN)
    await nextTick()
    expect(storage.dump()).not.toContain(GITHUB_TOKEN)
    expect(environments.exportEditing()?.json).not.toContain(GITHUB_TOKEN)

    // Remembered on purpose: saved, as a header row would be.
    environments.setVariables(local.id, [newVariable('origin', demo.origin), { ...newVariable('gh', GITHUB_TOKEN), remember: true }])
    await nextTick()
    expect(storage.dump()).toContain(GITHUB_TOKEN)
  })
})
