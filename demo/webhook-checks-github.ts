/**
 * Checks a GitHub delivery against GitHub's own webhook description, `@octokit/openapi-webhooks`: the
 * payload validates against the event's schema (Ajv, JSON Schema 2020-12), and the hook the headers name
 * (`X-GitHub-Hook-Installation-Target-Type`) is one of the event's `supported-webhook-types`, with the
 * target id of the payload's repository / organization / enterprise / app. Schemas compile on first use, in
 * a worker thread (github-schema-worker.mjs), so a large one never stalls the receiver.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

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

interface SchemaError {
  instancePath: string
  message?: string
  schemaPath: string
}

let worker: Worker | null = null
let nextId = 0
const pending = new Map<number, (errors: SchemaError[]) => void>()

/** The payload's errors against a schema, from the validating worker (started on first use, never keeping the process alive). */
function schemaErrors(ref: string, payload: Record<string, unknown>): Promise<SchemaError[]> {
  if (!worker) {
    worker = new Worker(new URL('./github-schema-worker.mjs', import.meta.url))
    worker.unref()
    worker.on('message', ({ id, errors }: { id: number; errors: SchemaError[] }) => {
      pending.get(id)?.(errors)
      pending.delete(id)
    })
  }
  const id = nextId++
  const promise = new Promise<SchemaError[]>((resolve) => pending.set(id, resolve))
  worker.postMessage({ id, ref, payload })
  return promise
}

/**
 * What in a GitHub delivery does not match GitHub's description, in words (empty when it all matches).
 * @param header - the request's header value by lower-case name
 */
export async function checkGithub(header: (name: string) => string | undefined, payload: Record<string, unknown>): Promise<string[]> {
  const name = header('x-github-event') ?? ''
  const action = typeof payload['action'] === 'string' ? payload['action'] : undefined
  const type = action && operations.has(`${name}.${action}`) ? `${name}.${action}` : name
  const operation = operations.get(type)
  if (!operation) return [`X-GitHub-Event ${name}${action ? ` with action ${action}` : ''} is no event GitHub describes.`]
  const problems: string[] = []
  const errors = await schemaErrors(operation.requestBody.content['application/json'].schema.$ref, payload)
  for (const error of errors.slice(0, 5)) problems.push(`${type}: ${error.instancePath || 'body'} ${error.message ?? 'is invalid'} (schema ${error.schemaPath}).`)
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
