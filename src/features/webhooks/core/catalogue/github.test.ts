import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { createSeededRandom } from '../random'
import { bufferedRandom } from '../random'
import { generateGithubEvent, githubEvents } from './github'
import { generateSequence } from './sequences'

/**
 * The full GitHub catalogue against `@octokit/openapi-webhooks` (same Ajv setup as `github.schema.test.ts`,
 * which explains each option): every event/action of the dependency is in the catalogue, and each
 * generated payload validates against its schema.
 */
const require = createRequire(import.meta.url)
const spec = JSON.parse(readFileSync(require.resolve('@octokit/openapi-webhooks/generated/api.github.com.json'), 'utf8')) as {
  webhooks: Record<
    string,
    { post: { operationId: string; 'x-github': { 'supported-webhook-types': string[] }; requestBody: { content: { 'application/json': { schema: { $ref: string } } } } } }
  >
  components: { schemas: Record<string, unknown> }
}
const SPEC_ID = 'https://github.com/octokit/openapi-webhooks/api.github.com.json'
// `strictTypes: false`: one upstream schema puts `minItems` on a string item (the `hook.events` list of
// `webhook-ping` variants); every other strict check stays on. Speed (each validator runs twice, so
// compile time is all that matters): `inlineRefs: false` compiles each shared component once instead of
// into every event (half the time), `code.optimize: false` skips code-size optimisation (half again).
const ajv = new Ajv2020({ strict: true, strictTypes: false, inlineRefs: false, code: { optimize: false }, allErrors: true, allowUnionTypes: true })
addFormats(ajv)
ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) })
ajv.addVocabulary(['example', 'components'])
ajv.addSchema({ $id: SPEC_ID, components: { schemas: spec.components.schemas } })

/** event type (`event.action`) → schema `$ref`, straight from the dependency. */
const schemaOf = new Map(
  Object.values(spec.webhooks).map(({ post }) => {
    const [event = '', action] = post.operationId.split('/').map((s) => s.replace(/-/g, '_'))
    return [action ? `${event}.${action}` : event, post.requestBody.content['application/json'].schema.$ref]
  }),
)
/** event type → the kinds of hook GitHub delivers it to (`supported-webhook-types`), straight from the dependency. */
const hooksOf = new Map(
  Object.values(spec.webhooks).map(({ post }) => {
    const [event = '', action] = post.operationId.split('/').map((s) => s.replace(/-/g, '_'))
    return [action ? `${event}.${action}` : event, post['x-github']['supported-webhook-types']]
  }),
)
/**
 * `X-GitHub-Hook-Installation-Target-Type` values as GitHub sends them, by the kind of hook they name (an
 * app's hook is `integration` in captured deliveries), and the payload object whose id is the target id.
 */
const HOOK_OF_HEADER: Record<string, { kind: string; idIn?: (p: Record<string, unknown>) => unknown }> = {
  repository: { kind: 'repository', idIn: (p) => (p['repository'] as { id?: unknown } | undefined)?.id },
  organization: { kind: 'organization', idIn: (p) => (p['organization'] as { id?: unknown } | undefined)?.id },
  business: { kind: 'business', idIn: (p) => (p['enterprise'] as { id?: unknown } | undefined)?.id },
  integration: { kind: 'app', idIn: (p) => (p['installation'] as { app_id?: unknown } | undefined)?.app_id },
  'marketplace::listing': { kind: 'marketplace' },
  sponsors_listing: { kind: 'sponsors_listing' },
}
const now = new Date('2026-03-01T12:34:56.789Z')

/**
 * Schemas no payload can satisfy, with the only paths allowed to fail. Upstream turned the REST
 * description's "user or null" into `allOf: [simple-user], type: ["null"]` (object and null at once) for
 * these fields of `repository-advisory`; the generator sends null there (what GitHub sends for an
 * advisory without a credited user). Any other error still fails.
 */
const UNSATISFIABLE: Record<string, readonly string[]> = {
  'repository_advisory.published': ['/repository_advisory/author', '/repository_advisory/publisher', '/repository_advisory/private_fork'],
  'repository_advisory.reported': ['/repository_advisory/author', '/repository_advisory/publisher', '/repository_advisory/private_fork'],
}

describe('GitHub catalogue', () => {
  it('lists every event/action of @octokit/openapi-webhooks, once', () => {
    const types = githubEvents.map((e) => e.type)
    expect(new Set(types).size).toBe(types.length)
    expect([...types].sort()).toEqual([...schemaOf.keys()].sort())
    expect(types.length).toBeGreaterThan(250)
  })

  it('every event/action validates against its schema (2 seeds each)', () => {
    const failures: string[] = []
    for (const { type } of githubEvents) {
      const validate = ajv.compile({ $ref: `${SPEC_ID}${schemaOf.get(type) ?? ''}` })
      const allowed = UNSATISFIABLE[type] ?? []
      for (let seed = 1; seed <= 2; seed++) {
        const sample = generateGithubEvent(type, { now, random: bufferedRandom(createSeededRandom(seed)) })
        validate(JSON.parse(sample.body))
        const errors = (validate.errors ?? []).filter((e) => !allowed.includes(e.instancePath))
        if (errors.length) failures.push(`${type} seed ${seed}: ${ajv.errorsText(errors.slice(0, 3))}`)
      }
    }
    expect(failures).toEqual([])
  }, 60_000) // compiling ~260 large schemas with Ajv takes ~10 s of CPU; the suite shares 2 cores

  it('every event comes from a kind of hook its supported-webhook-types allow, with that target id', () => {
    const failures: string[] = []
    for (const { type } of githubEvents) {
      for (let seed = 1; seed <= 2; seed++) {
        const sample = generateGithubEvent(type, { now, random: createSeededRandom(seed) })
        const header = sample.headers['X-GitHub-Hook-Installation-Target-Type'] ?? ''
        const targetId = sample.headers['X-GitHub-Hook-Installation-Target-ID'] ?? ''
        const hook = HOOK_OF_HEADER[header]
        const supported = hooksOf.get(type) ?? []
        if (!hook || !supported.includes(hook.kind)) {
          failures.push(`${type}: target type ${header} (${hook?.kind ?? 'unknown'}), supported ${supported.join(', ')}`)
          continue
        }
        const bodyId = hook.idIn?.(sample.payload)
        if (!/^[1-9]\d*$/.test(targetId)) failures.push(`${type}: target id ${targetId}`)
        else if (bodyId !== undefined && String(bodyId) !== targetId) failures.push(`${type}: target id ${targetId}, the payload's ${header} id ${String(bodyId)}`)
        if ((hook.kind === 'organization' || hook.kind === 'repository') && bodyId === undefined) failures.push(`${type}: no ${hook.kind} in the payload`)
      }
    }
    expect(failures).toEqual([])
  })

  it('the unsatisfiable list is still needed (drop an entry when upstream fixes its schema)', () => {
    for (const [type, paths] of Object.entries(UNSATISFIABLE)) {
      const validate = ajv.compile({ $ref: `${SPEC_ID}${schemaOf.get(type) ?? ''}` })
      validate(JSON.parse(generateGithubEvent(type, { now, random: createSeededRandom(1) }).body))
      expect(new Set(validate.errors?.map((e) => e.instancePath))).toEqual(new Set(paths))
    }
  })

  it('the pull request lifecycle sequence validates too (merged close, push of the merge commit)', () => {
    const validators = new Map<string, ReturnType<typeof ajv.compile>>()
    for (let seed = 1; seed <= 5; seed++) {
      for (const sample of generateSequence('github-pull-request', { now, random: createSeededRandom(seed) })) {
        const validate = validators.get(sample.event) ?? ajv.compile({ $ref: `${SPEC_ID}${schemaOf.get(sample.event) ?? ''}` })
        validators.set(sample.event, validate)
        validate(JSON.parse(sample.body))
        expect(validate.errors ?? [], `${sample.event} seed ${seed}`).toEqual([])
      }
    }
  }, 30_000) // five events' schemas compile once each (seconds of CPU on a shared machine)

  it('one owner, repository and sender per delivery; URLs derive from their names; SHAs are 40-hex', () => {
    const sample = generateGithubEvent('workflow_run.completed', { now, random: createSeededRandom(5) })
    const p = sample.payload as { action: string; repository: { full_name: string; html_url: string }; sender: { login: string }; workflow_run: Record<string, unknown> }
    expect(p.action).toBe('completed')
    expect(p.workflow_run['status']).toBe('completed')
    expect(p.workflow_run['conclusion']).toBe('success')
    expect(p.workflow_run['head_sha']).toMatch(/^[0-9a-f]{40}$/)
    expect(p.repository.html_url).toBe(`https://github.com/${p.repository.full_name}`)
    expect((p.workflow_run['repository'] as { full_name: string }).full_name).toBe(p.repository.full_name)
    expect((p.workflow_run['actor'] as { login: string }).login).toBe(p.sender.login)
    expect(String(p.workflow_run['url'])).toContain(`/repos/${p.repository.full_name}/`)
    expect(sample.headers['X-GitHub-Event']).toBe('workflow_run')
    expect(sample.headers['X-GitHub-Delivery']).toBe(sample.deliveryId)
  })
})
