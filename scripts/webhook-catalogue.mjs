#!/usr/bin/env node
/**
 * Builds the webhook event catalogue data from the providers' own machine-readable descriptions, so the
 * browser never loads them whole:
 *
 * - GitHub: every event/action of `@octokit/openapi-webhooks` (its `webhooks` section, with the kind of
 *   hook each is delivered to from its `supported-webhook-types`, and the payload schemas). Each payload schema is reduced to a compact *shape* (required properties only, one branch of
 *   each union, enum values kept, shared sub-shapes stored once) that `core/catalogue/github.ts` fills with
 *   realistic values. The unit tests validate the filled payloads against the full schemas with Ajv.
 * - Stripe: every event type of the pinned API version from the `stripe` package's types, read with the
 *   compiler into a table of every object's fields (scripts/stripe-types.mjs, `stripe-types.json`, the
 *   tests' oracle), and for each carried object a template built from that table and Stripe's own example
 *   object (`scripts/data/stripe/fixtures3.json`, MIT) by scripts/stripe-templates.mjs, with every id,
 *   timestamp and personal value a placeholder the generator fills fresh.
 *
 * Usage: `node scripts/webhook-catalogue.mjs` writes the files; `--check` exits 1 when they are stale
 * (the unit tests run the same check, so a dependency bump that adds events is noticed).
 */
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stripeTemplates } from './stripe-templates.mjs'
import { stripeTypeTable } from './stripe-types.mjs'

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
  const descriptions = new Map()
  const re = /\/\*\*\n \* ([^]*?)\n \*\/\nexport interface \w+Event extends EventBase \{\n {4}type: '([\w.]+)';/g
  for (const m of eventsDts.matchAll(re)) descriptions.set(m[2], oneLine(m[1].replace(/\n \* ?/g, ' ')))
  const table = stripeTypes()
  const { prefixes, fieldAliases } = JSON.parse(readFileSync(join(root, 'scripts/data/stripe/id-prefixes.json'), 'utf8'))
  const template = stripeTemplates(table, prefixes, JSON.parse(readFileSync(STRIPE_FIXTURES, 'utf8')).resources, fieldAliases)
  const objectOf = (typeName) => table.types[typeName]?.find((f) => f[0] === 'object')?.[2][0]?.slice(2)
  const events = []
  const objects = {}
  const statuses = {}
  const updates = {}
  for (const [type, root] of table.events) {
    // A union resource (`ExternalAccount = BankAccount | Card`): a card, as most integrations see.
    const members = root.split('|')
    const member = members.includes('Card') ? 'Card' : members[0]
    const object = objectOf(member)
    events.push([type, descriptions.get(type) ?? type, object])
    if (!objects[object]) {
      objects[object] = template(member)
      // A list the example leaves empty but some events fill (a refunded charge's refunds): one item.
      const [listKey, itemType] = LIST_ITEM[object] ?? []
      const list = objects[object][listKey]
      if (list && Array.isArray(list.data) && list.data.length === 0) list.data.push(template(itemType))
    }
    // The statuses the object can have, for a plausible earlier one in `previous_attributes`.
    const status = table.types[member].find((f) => f[0] === 'status')?.[2].find((a) => a.startsWith('e:'))
    if (status) statuses[object] ??= status.slice(2).split('|')
    updates[object] ??= earlierValue(table.types, table.types[member], objects[object])
  }
  return { apiVersion, events, objects, statuses, updates }
}

/**
 * A field of an object without status or metadata that an update can change, with a value it may have
 * had before, per its type: a boolean flipped, another value of an enum, null for a nullable value, an
 * earlier time, a list one item shorter, or a nested object with one of these changes.
 */
function earlierValue(types, fields, template, depth = 0) {
  const skip = new Set(['id', 'object', 'created', 'livemode', 'status', 'metadata', 'currency'])
  for (const [key, , alternatives] of fields) {
    const now = template[key]
    if ((skip.has(key) && !(depth > 0 && key === 'status')) || !(key in template)) continue
    if (typeof now === 'boolean') return { [key]: !now }
    const time = typeof now === 'string' ? /^\$t:(-?\d+)$/.exec(now) : null
    if (time) return { [key]: `$t:${Number(time[1]) - 30}` }
    if (typeof now === 'string' && now.startsWith('$')) continue
    const literals = alternatives.find((a) => a.startsWith('e:'))?.slice(2).split('|') ?? []
    const other = literals.find((l) => l !== now)
    if (other !== undefined && typeof now === 'string') return { [key]: other }
    if (now !== null && typeof now !== 'object' && alternatives.includes('z')) return { [key]: null }
    if (Array.isArray(now?.data) && now.data.length) return { [key]: { ...now, data: now.data.slice(1) } }
    const nested = alternatives.find((a) => a.startsWith('o:'))?.slice(2)
    if (nested && now && typeof now === 'object' && !Array.isArray(now) && depth < 3) {
      const inner = earlierValue(types, types[nested] ?? [], now, depth + 1)
      if (Object.keys(inner).length) return { [key]: { ...now, ...inner } }
    }
  }
  return {}
}

/** Lists whose example is empty, with the type of the item the generator adds (the runtime keeps it only where the event has one). */
const LIST_ITEM = { charge: ['refunds', 'Refund'] }

/** The events the Stripe provider offers before its catalogue loads (core/providers/stripe.ts; a test checks they agree). */
const STRIPE_FEATURED = ['payment_intent.succeeded', 'customer.subscription.created', 'checkout.session.completed', 'invoice.payment_failed', 'charge.refunded']

let stripeCatalogueCache
/** The templates of the built-in events' objects only, for the route's first load. */
function stripeFeatured() {
  stripeCatalogueCache ??= stripeCatalogue()
  const { events, objects, statuses, updates } = stripeCatalogueCache
  const names = STRIPE_FEATURED.map((type) => events.find((e) => e[0] === type)[2])
  const only = (table) => Object.fromEntries(names.filter((n) => n in table).map((n) => [n, table[n]]))
  return { events: STRIPE_FEATURED.map((type, i) => [type, names[i]]), objects: only(objects), statuses: only(statuses), updates: only(updates) }
}

// ---------------------------------------------------------------- Stripe types (the oracle)

const STRIPE_TYPES = join(OUT, 'stripe-types.json')

/**
 * A hash of what the type table is derived from: the `stripe` package's declaration files and the
 * script that reads them. Reading the types with the compiler takes ~10 s; an unchanged hash means the
 * stored table is current, so `--check` stays fast and still fails on a `stripe` bump.
 */
function stripeTypesInputHash() {
  const hash = createHash('sha256')
  const dir = join(root, 'node_modules/stripe/esm')
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(d, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.d.ts')) hash.update(path.slice(dir.length)).update(readFileSync(path))
    }
  }
  walk(dir)
  hash.update(readFileSync(join(root, 'scripts/stripe-types.mjs')))
  return hash.digest('hex').slice(0, 16)
}

let stripeTypesCache
/** The type table (see scripts/stripe-types.mjs), from the stored file when its input hash matches. */
function stripeTypes() {
  if (stripeTypesCache) return stripeTypesCache
  const inputs = stripeTypesInputHash()
  const stored = existsSync(STRIPE_TYPES) ? JSON.parse(readFileSync(STRIPE_TYPES, 'utf8')) : null
  const version = JSON.parse(readFileSync(join(root, 'node_modules/stripe/package.json'), 'utf8')).version
  stripeTypesCache = stored?.inputs === inputs ? stored : { stripe: version, inputs, ...stripeTypeTable(join(root, 'node_modules/stripe')) }
  return stripeTypesCache
}

// ---------------------------------------------------------------- write / check

const files = {
  'github-data.ts': () => asModule(githubShapes(), '@octokit/openapi-webhooks'),
  'stripe-data.ts': () => asModule((stripeCatalogueCache ??= stripeCatalogue()), 'the stripe package types and fixtures3.json'),
  'stripe-featured-data.ts': () => asModule(stripeFeatured(), 'the stripe package types and fixtures3.json (the built-in events)'),
  'stripe-types.json': () => JSON.stringify(stripeTypes()),
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
