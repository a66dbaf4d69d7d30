#!/usr/bin/env node
/**
 * Builds the webhook event catalogue data from the providers' own machine-readable descriptions, so the
 * browser never loads them whole:
 *
 * - GitHub: every event/action of `@octokit/openapi-webhooks` (its `webhooks` section, with the kind of
 *   hook each is delivered to from its `supported-webhook-types`, and the payload schemas). Each payload schema is reduced to a compact *shape* (required properties only, one branch of
 *   each union, enum values kept, shared sub-shapes stored once) that `core/catalogue/github.ts` fills with
 *   realistic values. The unit tests validate the filled payloads against the full schemas with Ajv.
 * - Stripe: every event type of the pinned API version from the `stripe` package's types
 *   (`resources/Events.d.ts`: type, description and the object each carries), and for each carried object
 *   the field layout of Stripe's own example object (`/work/shared/reference/stripe/fixtures3.json`, MIT)
 *   with every id, timestamp and personal value replaced by a placeholder the generator fills fresh.
 *
 * Usage: `node scripts/webhook-catalogue.mjs` writes the files; `--check` exits 1 when they are stale
 * (the unit tests run the same check, so a dependency bump that adds events is noticed).
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)
const OUT = join(root, 'src/features/webhooks/core/catalogue/generated')
const STRIPE_FIXTURES = process.env.AWB_STRIPE_FIXTURES ?? join(root, 'scripts/data/stripe/fixtures3.json')

/**
 * A documentation text as one plain line: its first paragraph's first sentence, markdown links as their
 * text, HTML entities decoded (`&mdash;` → —).
 */
function oneLine(text) {
  const entities = { '&mdash;': '\u2014', '&ndash;': '\u2013', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' }
  const plain = text
    .split(/\n\s*\n/)[0]
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/&[a-z#0-9]+;/g, (e) => entities[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim()
  const sentence = /^.+?[.!?](?=\s+[A-Z]|$)/.exec(plain)?.[0] ?? plain
  return sentence
}

// ---------------------------------------------------------------- GitHub

/**
 * The kind of hook a sample of an event is delivered to: the first of the event's `supported-webhook-types`
 * in this order (a repository hook where GitHub offers one, as most users test with), so the delivery's
 * `X-GitHub-Hook-Installation-Target-Type` is one GitHub would send for that event.
 */
const HOOK_PREFERENCE = ['repository', 'organization', 'app', 'business', 'marketplace', 'sponsors_listing']
/** The top-level payload object that names the hook's target (its id is the target id header). */
const HOOK_OBJECT = { repository: 'repository', organization: 'organization', app: 'installation', business: 'enterprise' }

function hookOf(supported) {
  const hook = HOOK_PREFERENCE.find((h) => supported.includes(h))
  if (!hook) throw new Error(`unknown supported-webhook-types ${JSON.stringify(supported)}: add them to HOOK_PREFERENCE`)
  return hook
}

/** Reduces one JSON schema to a shape; `shared` collects named component shapes. */
function githubShapes() {
  const spec = JSON.parse(readFileSync(require.resolve('@octokit/openapi-webhooks/generated/api.github.com.json'), 'utf8'))
  const schemas = spec.components.schemas
  const shared = {}
  const refName = (ref) => ref.replace('#/components/schemas/', '')

  function deref(schema) {
    while (schema && schema.$ref) schema = schemas[refName(schema.$ref)]
    return schema
  }

  function shapeOfRef(name) {
    if (!(name in shared)) {
      shared[name] = null // placeholder against cycles
      shared[name] = shape(schemas[name])
    }
    return ['r', name]
  }

  /**
   * Merges allOf branches into one schema: object branches combine their properties and required lists
   * (a property in several branches becomes an allOf of its schemas, so no constraint is lost); for
   * scalars the most constrained branch (enum, then format) wins.
   */
  function mergeAllOf(schema) {
    const parts = schema.allOf.map(deref).map((p) => (p.allOf ? mergeAllOf(p) : p))
    if (schema.type !== undefined) parts.push({ type: schema.type, properties: schema.properties, required: schema.required })
    if (parts.every((p) => p.type === 'array')) return { type: 'array', items: { allOf: parts.map((p) => p.items ?? {}) } }
    const isObject = (p) => p.type === 'object' || (Array.isArray(p.type) && p.type.includes('object')) || p.properties
    if (!parts.every(isObject)) {
      // Scalars: the types every branch allows (`number` ∩ `integer` is `integer`), with the enum or format of any branch.
      const all = ['string', 'integer', 'number', 'boolean', 'null', 'object', 'array']
      const typesOf = (p) => {
        const t = p.type === undefined ? all : Array.isArray(p.type) ? p.type : [p.type]
        return t.includes('number') ? [...t, 'integer'] : t
      }
      const types = all.filter((t) => parts.every((p) => typesOf(p).includes(t)))
      const type = types.includes('integer') && types.includes('number') ? types.filter((t) => t !== 'number') : types
      if (type.length === 0) return { not: {} }
      let constrained = parts.find((p) => p.enum) ?? parts.find((p) => p.format) ?? parts.find((p) => p.anyOf || p.oneOf) ?? parts[0]
      const union = constrained.anyOf ?? constrained.oneOf
      if (union) constrained = union.map(deref).find((b) => typesOf(b).some((t) => type.includes(t))) ?? constrained
      return { ...constrained, type: type.length === 1 ? type[0] : type }
    }
    const out = { type: parts.every((p) => Array.isArray(p.type) && p.type.includes('null')) ? ['object', 'null'] : 'object', properties: {}, required: [] }
    for (const q of [...parts, schema]) {
      for (const [key, value] of Object.entries(q.properties ?? {})) {
        out.properties[key] = key in out.properties ? { allOf: [out.properties[key], value] } : value
      }
      out.required.push(...(q.required ?? []))
    }
    out.required = [...new Set(out.required)]
    return out
  }

  function shape(schema) {
    if (schema === true || schema === undefined || schema === null) return 's'
    if (schema.$ref) return shapeOfRef(refName(schema.$ref))
    if (schema.not) return 'x'
    if (schema.allOf) return shape(mergeAllOf(schema))
    const union = schema.anyOf ?? schema.oneOf
    if (union) {
      const nullable = union.some((b) => deref(b).type === 'null')
      const branch = union.find((b) => deref(b).type !== 'null') ?? union[0]
      const inner = shape(branch)
      return nullable ? ['?', inner] : inner
    }
    let type = schema.type
    let nullable = false
    if (Array.isArray(type)) {
      nullable = type.includes('null')
      const rest = type.filter((t) => t !== 'null')
      type = rest[0] ?? 'null'
    }
    let out
    if (schema.enum) {
      const values = schema.enum.filter((v) => v !== null)
      if (schema.enum.includes(null)) nullable = true
      out = values.length ? ['e', values] : 'z'
    } else if (type === 'object' || (!type && schema.properties)) {
      const obj = {}
      const req = schema.required ?? []
      for (const key of req) obj[key] = shape(schema.properties?.[key])
      if (!req.length && !schema.properties && schema.additionalProperties) obj['$map'] = 1
      out = obj
    } else if (type === 'array') {
      const min = schema.minItems ?? 0
      out = ['a', schema.items ? shape(schema.items) : 's', min]
    } else if (type === 'string') {
      out = schema.format && schema.format !== 'int64' ? `s:${schema.format}` : schema.maxLength !== undefined ? `s:max${schema.maxLength}` : 's'
    } else if (type === 'integer') out = schema.minimum !== undefined || schema.maximum !== undefined ? `i:${schema.minimum ?? ''}:${schema.maximum ?? ''}` : 'i'
    else if (type === 'number') out = 'n'
    else if (type === 'boolean') out = 'b'
    else if (type === 'null') out = 'z'
    else out = 's'
    return nullable && out !== 'z' ? ['?', out] : out
  }

  const events = []
  const payloads = {}
  for (const op of Object.values(spec.webhooks).map((w) => w.post)) {
    const [eventName, action] = op.operationId.split('/').map((s) => s.replace(/-/g, '_'))
    const type = action ? `${eventName}.${action}` : eventName
    const schemaName = refName(op.requestBody.content['application/json'].schema.$ref)
    const description = oneLine(String(op.description ?? op.summary))
    const hook = hookOf(op['x-github']['supported-webhook-types'])
    events.push([type, description, schemaName, hook])
    const root = schemas[schemaName]
    const merged = root.allOf ? mergeAllOf(root) : root
    // The top-level `sender`, and the object the hook belongs to (`repository`, `organization`, the app's
    // `installation`, the business's `enterprise`), are documented for nearly every event but optional in
    // the schema (absent where another kind of hook receives it); the hook this event goes to sends them.
    const required = new Set(merged.required ?? [])
    for (const key of ['sender', HOOK_OBJECT[hook]]) if (key && merged.properties?.[key]) required.add(key)
    payloads[type] = shape({ ...merged, required: [...required] })
  }
  events.sort((a, b) => a[0].localeCompare(b[0]))
  return { events, payloads, shared }
}

// ---------------------------------------------------------------- Stripe

function stripeCatalogue() {
  const dir = join(root, 'node_modules/stripe')
  const esm = join(dir, 'esm')
  const eventsDts = readFileSync(join(esm, 'resources/Events.d.ts'), 'utf8')
  const apiVersion = /ApiVersion = "([^"]+)"/.exec(readFileSync(join(esm, 'apiVersion.d.ts'), 'utf8'))?.[1]
  const imports = new Map([...eventsDts.matchAll(/import \{ ([\w, ]+) \} from '\.\/([\w/]+)\.js';/g)].flatMap((m) => m[1].split(', ').map((n) => [n, m[2]])))
  /** The `object: '…'` literal of a resource type (first member of a union). */
  function objectName(typeName) {
    if (typeName.includes('.')) {
      const [ns, name] = typeName.split('.')
      for (const candidate of [`${ns}/${name}s`, `${ns}/${name}es`]) {
        const path = join(esm, 'resources', `${candidate}.d.ts`)
        if (existsSync(path)) return /object: '([\w.]+)'/.exec(readFileSync(path, 'utf8'))?.[1] ?? null
      }
      return null
    }
    const file = imports.get(typeName)
    if (!file) return null
    const text = readFileSync(join(esm, 'resources', `${file}.d.ts`), 'utf8')
    const own = new RegExp(`export (?:interface|type) ${typeName}\\b[^]*?object: '([\\w.]+)'`).exec(text)
    if (own) return own[1]
    const union = new RegExp(`export type ${typeName} = ([\\w| ]+);`).exec(text)
    if (union) return objectName(union[1].split('|')[0].trim())
    return null
  }
  const fixtures = JSON.parse(readFileSync(STRIPE_FIXTURES, 'utf8')).resources
  const events = []
  const re = /\/\*\*\n \* ([^]*?)\n \*\/\nexport interface \w+Event extends EventBase \{\n {4}type: '([\w.]+)';[^]*?object: ([\w.]+);/g
  for (const m of eventsDts.matchAll(re)) {
    const description = oneLine(m[1].replace(/\n \* ?/g, ' '))
    const snake = m[3].replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()
    events.push([m[2], description, snake in fixtures ? snake : (objectName(m[3]) ?? snake)])
  }
  events.sort((a, b) => a[0].localeCompare(b[0]))
  const objects = {}
  for (const event of events) {
    const fixture = fixtures[event[2]]
    if (!fixture) continue
    // A union resource (ExternalAccount = BankAccount | Card) is named by its example's own `object`.
    event[2] = fixture.object ?? event[2]
    objects[event[2]] ??= scrub(fixture)
  }
  return { apiVersion, events, objects }
}

/**
 * Replaces Stripe's sample values with placeholders: ids keep only their prefix (`"$id:ch"`), Unix
 * times become `"$t:<offset days>"` relative to the fixture's `created`, and the rest keeps its format.
 */
function scrub(fixture) {
  const base = typeof fixture.created === 'number' ? fixture.created : 1_700_000_000
  const seen = new Map()
  const walk = (value, key) => {
    if (Array.isArray(value)) return value.map((v) => walk(v, key))
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]))
    if (typeof value === 'string') {
      // Stripe ids: a lower-case prefix, `_`, then mixed-case alphanumerics with at least one digit or capital.
      const id = /^((?:[a-z]+_)*?[a-z]+)_(?=[A-Za-z0-9]*[0-9A-Z])([A-Za-z0-9]{8,})$/.exec(value)
      // A few examples use short ids (`obj_123`, `meter_123`); real ones are long.
      const short = key === 'id' && !id ? /^([a-z]+(?:_[a-z]+)*)_(\d{1,7})$/.exec(value) : null
      if (short) {
        if (!seen.has(value)) seen.set(value, seen.size)
        return `$id:${short[1]}:24:${seen.get(value)}`
      }
      if (id && key !== 'object') {
        if (!seen.has(value)) seen.set(value, seen.size)
        return `$id:${id[1]}:${id[2].length}:${seen.get(value)}`
      }
      if (/@/.test(value) && /email/.test(key ?? '')) return '$email'
      if (key === 'name' && /^[A-Z][a-z]+ [A-Z][a-z]+$/.test(value)) return '$name'
      return value
    }
    if (typeof value === 'number' && Number.isInteger(value) && value > 1_000_000_000 && value < 2_100_000_000 && !/amount/.test(key ?? '')) {
      return `$t:${Math.max(-60, Math.min(60, Math.round((value - base) / 86_400)))}`
    }
    return value
  }
  return walk(fixture)
}

// ---------------------------------------------------------------- write / check

const files = {
  'github-data.ts': () => asModule(githubShapes(), '@octokit/openapi-webhooks'),
  'stripe-data.ts': () => asModule(stripeCatalogue(), 'the stripe package types and fixtures3.json'),
}

/** A TS module holding the data as one JSON string (parsed once on load; cheap to type-check). */
function asModule(data, source) {
  return `// Generated by scripts/webhook-catalogue.mjs from ${source}. Do not edit.\n/** The catalogue data (see the generator's header for its layout). */\nexport const data: unknown = JSON.parse(${JSON.stringify(JSON.stringify(data))})`
}

let stale = false
for (const [name, build] of Object.entries(files)) {
  const path = join(OUT, name)
  const text = `${build()}\n`
  if (process.argv.includes('--check')) {
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) {
      console.error(`${name} is stale: run node scripts/webhook-catalogue.mjs`)
      stale = true
    }
  } else {
    writeFileSync(path, text)
    console.log(`wrote ${path} (${text.length} bytes)`)
  }
}
if (stale) process.exit(1)
