import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { createSeededRandom, generateWebhook } from '../index'

/**
 * Validates every generated GitHub payload against GitHub's own webhook OpenAPI description.
 *
 * Layout of `@octokit/openapi-webhooks` 12: `generated/api.github.com.json` is an OpenAPI 3.1 document;
 * the payload schema of an event+action is `components.schemas["webhook-<event>-<action>"]` (dashes for
 * underscores, e.g. `webhook-pull-request-opened`, and `webhook-push` / `webhook-ping` without action), and
 * all `$ref`s point into `#/components/schemas/…` of the same document. OpenAPI 3.1 schemas are JSON
 * Schema 2020-12, so we use Ajv's 2020 build, register the whole document under an `$id` and compile a
 * `$ref` to the event's schema, which makes Ajv resolve every internal `$ref`.
 *
 * Ajv stays in strict mode. Only two non-JSON-Schema things appear in the document and are declared
 * explicitly instead of turning strict mode off: the OpenAPI keyword `example` (and the document's
 * top-level OpenAPI fields such as `components`, which wrap the schemas), and the OpenAPI format `int64`.
 * `allowUnionTypes` is needed because the schemas use JSON Schema type unions (`"type": ["string", "null"]`),
 * which strict mode otherwise rejects although they are standard JSON Schema.
 */
const require = createRequire(import.meta.url)
const specPath = require.resolve('@octokit/openapi-webhooks/generated/api.github.com.json')
const spec = JSON.parse(readFileSync(specPath, 'utf8')) as { components: { schemas: Record<string, unknown> } }
const SPEC_ID = 'https://github.com/octokit/openapi-webhooks/api.github.com.json'

const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true })
addFormats(ajv)
ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) })
ajv.addVocabulary(['example', 'components'])
ajv.addSchema({ $id: SPEC_ID, components: { schemas: spec.components.schemas } })

function schemaName(eventType: string): string {
  return `webhook-${eventType.replace(/[._]/g, '-')}`
}

const events = ['push', 'pull_request.opened', 'issues.opened', 'release.published', 'ping']

describe('GitHub payloads validate against @octokit/openapi-webhooks', () => {
  it.each(events)('%s', (eventType) => {
    const name = schemaName(eventType)
    expect(spec.components.schemas[name], `schema ${name} exists`).toBeDefined()
    const validate = ajv.compile({ $ref: `${SPEC_ID}#/components/schemas/${name}` })
    for (let seed = 1; seed <= 20; seed++) {
      const sample = generateWebhook('github', eventType, { now: new Date('2026-03-01T12:34:56.789Z'), random: createSeededRandom(seed) })
      const ok = validate(JSON.parse(sample.body))
      expect(validate.errors ?? [], `${eventType} seed ${seed}`).toEqual([])
      expect(ok).toBe(true)
    }
  })

  it('rejects a payload that breaks the schema (the validator is live)', () => {
    const validate = ajv.compile({ $ref: `${SPEC_ID}#/components/schemas/webhook-push` })
    const sample = generateWebhook('github', 'push', { random: createSeededRandom(7) })
    const broken = { ...sample.payload, after: 42 }
    expect(validate(broken)).toBe(false)
  })

  it('resolves nested $refs (a wrong type deep inside a referenced schema is reported)', () => {
    const validate = ajv.compile({ $ref: `${SPEC_ID}#/components/schemas/webhook-pull-request-opened` })
    const payload = JSON.parse(generateWebhook('github', 'pull_request.opened', { random: createSeededRandom(3) }).body)
    payload.pull_request.base.repo.owner.id = 'not-an-integer'
    expect(validate(payload)).toBe(false)
    expect(validate.errors?.some((e) => e.instancePath === '/pull_request/base/repo/owner/id')).toBe(true)
  })
})
