/**
 * Insomnia exports: v4 (JSON, `_type: "export"`, `__export_format: 4`, a flat list of resources
 * linked by `parentId`) and v5 (YAML, `type: collection.insomnia.rest/5.0`, nested `collection`
 * with `children`). GraphQL requests are `body.mimeType: application/graphql` with the text
 * `{"query", "variables", "operationName"}`; Insomnia writes environment references as
 * `{{ _.name }}`, read here as `{{name}}`. v5 needs a YAML parser: it is passed in
 * ({@link YamlCodec}) so this module stays dependency-free until a page loads one lazily.
 */
import { graphqlFieldsOfJsonBody, jsonBodyOf } from './json-body'
import {
  importedHeaders,
  pathOf,
  requestNameFor,
  type Collection,
  type CollectionExport,
  type CollectionHeader,
  type CollectionImport,
  type CollectionItem,
  type InterchangeLoss,
  type InterchangeRefusal,
} from './model'
import { isJsonObject, textOf, type JsonObject } from '../../../../shared/core/json/json-object'

/** A YAML reader and writer (e.g. the `yaml` package's `parse` and `stringify`). */
export interface YamlCodec {
  parse(text: string): unknown
  stringify(value: unknown): string
}


/** `{{name}}` as Insomnia writes it: `{{ _.name }}`. */
export function toInsomniaReferences(value: string): string {
  return value.replace(/\{\{\s*([A-Z_]\w*)\s*\}\}/gi, '{{ _.$1 }}')
}

/** Insomnia's `{{ _.name }}` (and the older `{{ name }}`) as `{{name}}`. */
export function fromInsomniaReferences(value: string): string {
  return value.replace(/\{\{\s*(?:_\.)?([A-Z_]\w*)\s*\}\}/gi, '{{$1}}')
}

/** What both versions hold for a request, before its place in the tree. */
interface InsomniaRequest {
  name: string
  url: string
  method: 'POST'
  body: { mimeType: 'application/graphql'; text: string }
  headers: { name: string; value: string }[]
}

function requestFields(item: Extract<CollectionItem, { kind: 'request' }>, at: string, losses: InterchangeLoss[]): InsomniaRequest {
  let body = jsonBodyOf({ ...item, variables: toInsomniaReferences(item.variables) })
  if (body === undefined) {
    losses.push({ at, what: 'The variables (not JSON; Insomnia keeps GraphQL variables as JSON)' })
    body = jsonBodyOf({ ...item, variables: '' })!
  }
  return {
    name: item.name,
    url: toInsomniaReferences(item.endpoint),
    method: 'POST',
    body: { mimeType: 'application/graphql', text: body },
    headers: item.headers.map((h) => ({ name: h.name, value: toInsomniaReferences(h.value) })),
  }
}

/**
 * The collection as an Insomnia v4 export (JSON text). Order is kept in `metaSortKey`; the export
 * also lists its resources in tree order, as Insomnia does.
 *
 * @param now - the export date. @default new Date()
 */
export function exportInsomniaV4(collection: Collection, now = new Date()): CollectionExport<string> {
  const losses: InterchangeLoss[] = []
  const resources: JsonObject[] = [{ _id: 'wrk_1', _type: 'workspace', parentId: null, name: collection.name, description: collection.notes, scope: 'collection' }]
  let sequence = 0
  const add = (items: readonly CollectionItem[], parentId: string, parent: string) => {
    items.forEach((item, index) => {
      const at = pathOf(parent, item.name)
      const _id = `${item.kind === 'folder' ? 'fld' : 'req'}_${++sequence}`
      const common = { _id, parentId, name: item.name, description: item.notes, metaSortKey: index * 100 }
      if (item.kind === 'folder') {
        resources.push({ ...common, _type: 'request_group' })
        add(item.items, _id, at)
      } else {
        resources.push({ ...common, _type: 'request', ...requestFields(item, at, losses), parameters: [], authentication: {} })
      }
    })
  }
  add(collection.items, 'wrk_1', '')
  const json = { _type: 'export', __export_format: 4, __export_date: now.toISOString(), __export_source: 'api-workbench', resources }
  return { output: `${JSON.stringify(json, null, 2)}\n`, losses }
}

/** The collection as an Insomnia v5 export (YAML text, written by `yaml`). */
export function exportInsomniaV5(collection: Collection, yaml: YamlCodec): CollectionExport<string> {
  const losses: InterchangeLoss[] = []
  let sequence = 0
  const meta = (kind: string, notes: string, sortKey: number) => ({ id: `${kind}_${++sequence}`, sortKey, ...(notes ? { description: notes } : {}) })
  const convert = (items: readonly CollectionItem[], parent: string): JsonObject[] =>
    items.map((item, index) => {
      const at = pathOf(parent, item.name)
      if (item.kind === 'folder') return { name: item.name, meta: meta('fld', item.notes, index * 100), children: convert(item.items, at) }
      const fields = requestFields(item, at, losses)
      return { url: fields.url, name: fields.name, meta: meta('req', item.notes, index * 100), method: fields.method, body: fields.body, headers: fields.headers }
    })
  const document = { type: 'collection.insomnia.rest/5.0', name: collection.name, meta: { id: 'wrk_1', ...(collection.notes ? { description: collection.notes } : {}) }, collection: convert(collection.items, '') }
  return { output: yaml.stringify(document), losses }
}

/**
 * A bearer auth helper as the header it sends (`Authorization: Bearer …`), so it is carried; any
 * other auth helper is a loss. Scripts are losses.
 */
function extras(resource: JsonObject, at: string, losses: InterchangeLoss[]): CollectionHeader[] {
  const auth = isJsonObject(resource.authentication) ? resource.authentication : {}
  const headers: CollectionHeader[] = []
  if (auth.type === 'bearer' && auth.disabled !== true && textOf(auth.token)) {
    headers.push({ name: 'Authorization', value: `${textOf(auth.prefix) || 'Bearer'} ${fromInsomniaReferences(textOf(auth.token))}` })
  } else if (typeof auth.type === 'string' && auth.type !== 'none' && auth.disabled !== true) {
    losses.push({ at, what: `The auth helper (${auth.type}): add its header by hand, with its secret in an environment` })
  }
  const scripts = isJsonObject(resource.scripts) ? resource.scripts : resource
  for (const [key, label] of [['preRequestScript', 'pre-request'], ['afterResponseScript', 'after-response'], ['preRequest', 'pre-request'], ['afterResponse', 'after-response']] as const) {
    if (textOf(scripts[key]).trim()) losses.push({ at, what: `The ${label} script` })
  }
  return headers
}

/** A request resource (v4 or v5) read as a collection request, or undefined with a loss. */
function importRequest(resource: JsonObject, notes: string, parent: string, losses: InterchangeLoss[]): CollectionItem | undefined {
  const body = isJsonObject(resource.body) ? resource.body : {}
  const mime = textOf(body.mimeType).split(';')[0]!.trim()
  const fields = mime === 'application/graphql' || mime === 'application/json' ? graphqlFieldsOfJsonBody(textOf(body.text)) : `its body is ${mime || 'empty'}`
  const provisional = textOf(resource.name)
  if (typeof fields === 'string') {
    losses.push({ at: pathOf(parent, provisional || textOf(resource.url)), what: `Not a GraphQL request (${fields}): left out` })
    return undefined
  }
  const name = provisional || requestNameFor(fields.query, fields.operationName)
  const at = pathOf(parent, name)
  const method = textOf(resource.method).toUpperCase() || 'GET'
  if (method !== 'POST') losses.push({ at, what: `The method ${method} (the tester sends POST)` })
  const authorization = extras(resource, at, losses)
  let url = fromInsomniaReferences(textOf(resource.url))
  const parameters = Array.isArray(resource.parameters) ? resource.parameters.filter(isJsonObject) : []
  // Query parameters kept apart from the URL go back into it, as Insomnia sends them.
  const enabled = parameters.filter((p) => p.disabled !== true)
  if (enabled.length) {
    const query = enabled.map((p) => `${encodeURIComponent(textOf(p.name))}=${encodeURIComponent(fromInsomniaReferences(textOf(p.value)))}`).join('&')
    url += (url.includes('?') ? '&' : '?') + query
  }
  for (const p of parameters.filter((p) => p.disabled === true)) losses.push({ at, what: `The disabled query parameter ${textOf(p.name)}` })
  const headers: CollectionHeader[] = []
  for (const h of Array.isArray(resource.headers) ? resource.headers.filter(isJsonObject) : []) {
    if (h.disabled === true) losses.push({ at, what: `The disabled header ${textOf(h.name)} (a request here has no disabled headers)` })
    else headers.push({ name: textOf(h.name), value: fromInsomniaReferences(textOf(h.value)) })
  }
  return { kind: 'request', name, endpoint: url, ...fields, variables: fromInsomniaReferences(fields.variables), headers: importedHeaders([...headers, ...authorization], at, losses), notes }
}

const notGraphQLResources: Record<string, string> = {
  grpc_request: 'gRPC request',
  websocket_request: 'WebSocket request',
  environment: 'environment',
  cookie_jar: 'cookie jar',
  api_spec: 'API spec',
  unit_test_suite: 'test suite',
  unit_test: 'test',
  proto_file: 'proto file',
}

function importV4(value: JsonObject): CollectionImport {
  const resources = (value.resources as unknown[]).filter(isJsonObject)
  const workspace = resources.find((r) => r._type === 'workspace')
  const losses: InterchangeLoss[] = []
  const sorted = (parentId: unknown) =>
    resources
      .filter((r) => r.parentId === parentId && (r._type === 'request' || r._type === 'request_group'))
      .map((r, index) => ({ r, index }))
      .sort((a, b) => (Number(a.r.metaSortKey) || 0) - (Number(b.r.metaSortKey) || 0) || a.index - b.index)
      .map(({ r }) => r)
  const build = (parentId: unknown, parent: string): CollectionItem[] =>
    sorted(parentId).flatMap((r): CollectionItem[] => {
      if (r._type === 'request_group') {
        const name = textOf(r.name) || 'Untitled folder'
        extras(r, pathOf(parent, name), losses)
        return [{ kind: 'folder', name, notes: textOf(r.description), items: build(r._id, pathOf(parent, name)) }]
      }
      const request = importRequest(r, textOf(r.description), parent, losses)
      return request ? [request] : []
    })
  for (const r of resources) {
    const kind = notGraphQLResources[textOf(r._type)]
    if (!kind) continue
    const data = isJsonObject(r.data) ? Object.keys(r.data) : []
    // Only what holds something: an empty base environment, cookie jar or spec loses nothing.
    if (r._type === 'environment' && data.length) losses.push({ at: '', what: `The environment "${textOf(r.name)}" (${data.join(', ')}): add its variables to an environment here` })
    else if (r._type === 'cookie_jar' && Array.isArray(r.cookies) && r.cookies.length) losses.push({ at: '', what: `The cookie jar "${textOf(r.name)}" (${r.cookies.length} cookies)` })
    else if (r._type === 'api_spec' && textOf(r.contents).trim()) losses.push({ at: '', what: `The API spec "${textOf(r.fileName)}"` })
    else if (!['environment', 'cookie_jar', 'api_spec'].includes(textOf(r._type))) losses.push({ at: '', what: `The ${kind} "${textOf(r.name)}": not a GraphQL request, left out` })
  }
  const rootId = workspace?._id ?? resources.find((r) => r._type === 'request' || r._type === 'request_group')?.parentId
  return { collection: { name: textOf(workspace?.name) || 'Imported collection', notes: textOf(workspace?.description), items: build(rootId, '') }, losses }
}

function importV5(value: JsonObject): CollectionImport {
  const losses: InterchangeLoss[] = []
  const description = (item: JsonObject) => (isJsonObject(item.meta) ? textOf(item.meta.description) : '')
  const build = (items: unknown, parent: string): CollectionItem[] =>
    (Array.isArray(items) ? items.filter(isJsonObject) : []).flatMap((item): CollectionItem[] => {
      if (Array.isArray(item.children)) {
        const name = textOf(item.name) || 'Untitled folder'
        extras(item, pathOf(parent, name), losses)
        return [{ kind: 'folder', name, notes: description(item), items: build(item.children, pathOf(parent, name)) }]
      }
      const request = importRequest(item, description(item), parent, losses)
      return request ? [request] : []
    })
  const environments = isJsonObject(value.environments) && isJsonObject(value.environments.data) ? Object.keys(value.environments.data) : []
  if (environments.length) losses.push({ at: '', what: `The base environment (${environments.join(', ')}): add its variables to an environment here` })
  const meta = isJsonObject(value.meta) ? value.meta : {}
  return { collection: { name: textOf(value.name) || 'Imported collection', notes: textOf(meta.description), items: build(value.collection, '') }, losses }
}

/**
 * Reads an Insomnia export: v4 JSON, or v5 YAML when `yaml` is given (v5 JSON also works without).
 * Non-GraphQL requests, environments, auth helpers, scripts and disabled headers are listed as
 * losses; secret header values become references.
 */
export function importInsomnia(source: string, yaml?: YamlCodec): CollectionImport | InterchangeRefusal {
  let value: unknown
  try {
    value = JSON.parse(source)
  } catch (error) {
    if (!yaml) return { ok: false, message: `Not JSON: ${(error as Error).message} (an Insomnia v5 export is YAML: read it with a YAML parser).` }
    try {
      value = yaml.parse(source)
    } catch (yamlError) {
      return { ok: false, message: `Neither JSON nor YAML: ${(yamlError as Error).message}` }
    }
  }
  if (isJsonObject(value) && value._type === 'export' && Array.isArray(value.resources)) {
    if (value.__export_format !== 4) return { ok: false, message: `Insomnia export format ${String(value.__export_format)} is not supported (4 and 5 are).` }
    return importV4(value)
  }
  if (isJsonObject(value) && textOf(value.type).startsWith('collection.insomnia.rest/5')) return importV5(value)
  return { ok: false, message: 'Not an Insomnia export: expected a v4 export (`"_type": "export"`) or a v5 collection (`type: collection.insomnia.rest/5.0`).' }
}
