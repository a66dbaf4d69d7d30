/**
 * Checks a GitHub delivery against GitHub's own webhook description, `@octokit/openapi-webhooks`: the
 * payload validates against the event's schema (Ajv, JSON Schema 2020-12), and the hook the headers name
 * (`X-GitHub-Hook-Installation-Target-Type`) is one of the event's `supported-webhook-types`, with the
 * target id of the payload's repository / organization / enterprise / app. Validators compile on first use.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

interface WebhookOperation {
  operationId: string
  'x-github': { 'supported-webhook-types': string[] }
  requestBody: { content: { 'application/json': { schema: { $ref: string } } } }
}

const require = createRequire(import.meta.url)
const spec = JSON.parse(readFileSync(require.resolve('@octokit/openapi-webhooks/generated/api.github.com.json'), 'utf8')) as {
  webhooks: Record<string, { post: WebhookOperation }>
  components: { schemas: Record<string, unknown> }
}
const SPEC_ID = 'https://github.com/octokit/openapi-webhooks/api.github.com.json'

/** `event` or `event.action` → the operation describing it. */
const operations = new Map(
  Object.values(spec.webhooks).map(({ post }) => {
    const [event = '', action] = post.operationId.split('/').map((s) => s.replace(/-/g, '_'))
    return [action ? `${event}.${action}` : event, post] as const
  }),
)

/**
 * `X-GitHub-Hook-Installation-Target-Type` values by the kind of hook (`supported-webhook-types`) they
 * name, and where the payload carries the target's id.
 */
const TARGETS: Record<string, { kind: string; idIn?: (p: Record<string, unknown>) => unknown }> = {
  repository: { kind: 'repository', idIn: (p) => field(p['repository'], 'id') },
  organization: { kind: 'organization', idIn: (p) => field(p['organization'], 'id') },
  business: { kind: 'business', idIn: (p) => field(p['enterprise'], 'id') },
  integration: { kind: 'app', idIn: (p) => field(p['installation'], 'app_id') },
  'marketplace::listing': { kind: 'marketplace' },
  sponsors_listing: { kind: 'sponsors_listing' },
}

function field(value: unknown, key: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
}

let ajv: Ajv2020 | null = null
const validators = new Map<string, ValidateFunction>()

function validatorFor(type: string, ref: string): ValidateFunction {
  if (!ajv) {
    // Same options as the unit tests: strict, but OpenAPI's `example` keyword and `int64` format are known.
    ajv = new Ajv2020({ strict: true, strictTypes: false, inlineRefs: false, code: { optimize: false }, allErrors: true, allowUnionTypes: true })
    addFormats(ajv)
    ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) })
    ajv.addVocabulary(['example', 'components'])
    ajv.addSchema({ $id: SPEC_ID, components: { schemas: spec.components.schemas } })
  }
  let validate = validators.get(type)
  if (!validate) {
    validate = ajv.compile({ $ref: `${SPEC_ID}${ref}` })
    validators.set(type, validate)
  }
  return validate
}

/**
 * What in a GitHub delivery does not match GitHub's description, in words (empty when it all matches).
 * @param header - the request's header value by lower-case name
 */
export function checkGithub(header: (name: string) => string | undefined, payload: Record<string, unknown>): string[] {
  const name = header('x-github-event') ?? ''
  const action = typeof payload['action'] === 'string' ? payload['action'] : undefined
  const type = action && operations.has(`${name}.${action}`) ? `${name}.${action}` : name
  const operation = operations.get(type)
  if (!operation) return [`X-GitHub-Event ${name}${action ? ` with action ${action}` : ''} is no event GitHub describes.`]
  const problems: string[] = []
  const validate = validatorFor(type, operation.requestBody.content['application/json'].schema.$ref)
  if (!validate(payload)) {
    for (const error of (validate.errors ?? []).slice(0, 5)) problems.push(`${type}: ${error.instancePath || 'body'} ${error.message ?? 'is invalid'} (schema ${error.schemaPath}).`)
  }
  const targetType = header('x-github-hook-installation-target-type') ?? ''
  const targetId = header('x-github-hook-installation-target-id') ?? ''
  const target = TARGETS[targetType]
  const supported = operation['x-github']['supported-webhook-types']
  if (!target || !supported.includes(target.kind)) {
    problems.push(`X-GitHub-Hook-Installation-Target-Type ${targetType || '(missing)'}: GitHub delivers ${type} only to ${supported.join(', ')} hooks.`)
  } else {
    const id = target.idIn?.(payload)
    if (id !== undefined && String(id) !== targetId) problems.push(`X-GitHub-Hook-Installation-Target-ID ${targetId} is not the payload's ${targetType} id ${String(id)}.`)
  }
  return problems
}
