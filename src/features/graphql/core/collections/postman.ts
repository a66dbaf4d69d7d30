/**
 * Postman collection v2.1 (https://schema.getpostman.com/json/collection/v2.1.0/collection.json):
 * export with GraphQL bodies (`body.mode: "graphql"`), import of those and of raw JSON bodies that
 * hold `{query, variables}`. Postman's GraphQL body has no operation name, and Postman's scripts,
 * auth helpers, collection variables and saved responses have no place in a collection here: each
 * is listed as a loss.
 */
import { graphqlFieldsOfJsonBody, type GraphQLFields } from './json-body'
import {
  importedHeaders,
  pathOf,
  requestNameFor,
  type Collection,
  type CollectionExport,
  type CollectionFolder,
  type CollectionImport,
  type CollectionItem,
  type CollectionRequest,
  type InterchangeLoss,
  type InterchangeRefusal,
} from './model'
import { isJsonObject, textOf, type JsonObject } from '../../../../shared/core/json/json-object'

/** The schema URL a v2.1 collection names in `info.schema`. */
export const POSTMAN_SCHEMA_V21 = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'


/** A Postman description: a string, or `{content, type}`. */
function descriptionOf(value: unknown): string {
  return typeof value === 'string' ? value : isJsonObject(value) ? textOf(value.content) : ''
}

/** `description` when there are notes (Postman omits empty ones). */
const description = (notes: string) => (notes ? { description: notes } : {})

function exportItem(item: CollectionItem, parent: string, losses: InterchangeLoss[]): JsonObject {
  if (item.kind === 'folder') {
    const path = pathOf(parent, item.name)
    return { name: item.name, ...description(item.notes), item: item.items.map((child) => exportItem(child, path, losses)) }
  }
  if (item.operationName) {
    losses.push({ at: pathOf(parent, item.name), what: `The operation to run (${item.operationName}): Postman's GraphQL body has no operation name` })
  }
  return {
    name: item.name,
    request: {
      method: 'POST',
      header: item.headers.map((h) => ({ key: h.name, value: h.value })),
      body: { mode: 'graphql', graphql: { query: item.query, variables: item.variables } },
      url: item.endpoint,
      ...description(item.notes),
    },
    response: [],
  }
}

/** The collection as Postman v2.1 JSON text (2-space indented), and what it could not carry. */
export function exportPostman(collection: Collection): CollectionExport<string> {
  const losses: InterchangeLoss[] = []
  const json = {
    info: { name: collection.name, ...description(collection.notes), schema: POSTMAN_SCHEMA_V21 },
    item: collection.items.map((item) => exportItem(item, '', losses)),
  }
  return { output: `${JSON.stringify(json, null, 2)}\n`, losses }
}

/** The names of the non-empty scripts in an `event` list (`prerequest`, `test`). */
function scriptLosses(owner: JsonObject, at: string, losses: InterchangeLoss[]): void {
  const events = Array.isArray(owner.event) ? owner.event.filter(isJsonObject) : []
  for (const event of events) {
    const script = isJsonObject(event.script) ? event.script : {}
    const exec = Array.isArray(script.exec) ? script.exec.join('\n') : textOf(script.exec)
    if (exec.trim()) losses.push({ at, what: `The ${event.listen === 'prerequest' ? 'pre-request' : textOf(event.listen) || 'event'} script` })
  }
}

/**
 * The headers an auth helper sends, as far as they can be carried: bearer as `Authorization:
 * Bearer …` (inherited by the items below it, as in Postman); `undefined` when `owner` sets none
 * (inherit), `[]` for `noauth` and for any other type, which is listed as a loss.
 */
function authHeaders(owner: JsonObject, at: string, losses: InterchangeLoss[]): { name: string; value: string }[] | undefined {
  const auth = owner.auth
  if (!isJsonObject(auth) || typeof auth.type !== 'string' || auth.type === 'inherit') return undefined
  if (auth.type === 'noauth') return []
  if (auth.type === 'bearer') {
    const fields = Array.isArray(auth.bearer) ? auth.bearer.filter(isJsonObject) : []
    const token = textOf(fields.find((f) => f.key === 'token')?.value)
    if (token) return [{ name: 'Authorization', value: `Bearer ${token}` }]
  }
  losses.push({ at, what: `The auth helper (${auth.type}): add its header by hand, with its secret in an environment` })
  return []
}

/** The request's URL as written (`raw`), rebuilt from its parts when there is no `raw` (as Postman's SDK writes it). */
function urlOf(url: unknown): string {
  if (typeof url === 'string') return url
  if (!isJsonObject(url)) return ''
  if (typeof url.raw === 'string') return url.raw
  const host = Array.isArray(url.host) ? url.host.join('.') : textOf(url.host)
  const path = Array.isArray(url.path) ? url.path.map((p) => (isJsonObject(p) ? textOf(p.value) : textOf(p))).join('/') : textOf(url.path)
  const query = Array.isArray(url.query) ? url.query.filter((q) => isJsonObject(q) && q.disabled !== true) as JsonObject[] : []
  const search = query.map((q) => (q.value === null || q.value === undefined ? textOf(q.key) : `${textOf(q.key)}=${textOf(q.value)}`)).join('&')
  return `${url.protocol ? `${textOf(url.protocol)}://` : ''}${host}${url.port ? `:${textOf(url.port)}` : ''}${path ? `/${path}` : ''}${search ? `?${search}` : ''}${url.hash ? `#${textOf(url.hash)}` : ''}`
}

/** The headers of a request: a list of `{key, value, disabled}`, or the `Key: value` lines form. */
function headersOf(header: unknown, at: string, losses: InterchangeLoss[]): { name: string; value: string }[] {
  const rows = typeof header === 'string'
    ? header.split(/\r?\n/).filter((line) => line.includes(':')).map((line) => ({ key: line.slice(0, line.indexOf(':')).trim(), value: line.slice(line.indexOf(':') + 1).trim() }))
    : Array.isArray(header) ? header.filter(isJsonObject) : []
  const out: { name: string; value: string }[] = []
  for (const row of rows) {
    if ((row as JsonObject).disabled === true) losses.push({ at, what: `The disabled header ${textOf(row.key)} (a request here has no disabled headers)` })
    else out.push({ name: textOf(row.key), value: textOf(row.value) })
  }
  return out
}

/** The GraphQL fields of a Postman body, or why it is not a GraphQL request. */
function bodyFields(body: unknown): GraphQLFields | string {
  if (!isJsonObject(body)) return 'it has no body'
  if (body.mode === 'graphql') {
    const graphql = isJsonObject(body.graphql) ? body.graphql : {}
    return { query: textOf(graphql.query), variables: textOf(graphql.variables), operationName: '' }
  }
  if (body.mode === 'raw') return graphqlFieldsOfJsonBody(textOf(body.raw))
  return `its body is ${textOf(body.mode) || 'empty'}, not GraphQL`
}

function importRequest(item: JsonObject, parent: string, inherited: Auth, losses: InterchangeLoss[]): CollectionRequest | undefined {
  const request = typeof item.request === 'string' ? { url: item.request, method: 'GET' } : isJsonObject(item.request) ? item.request : {}
  const fields = bodyFields(request.body)
  const provisional = textOf(item.name)
  if (typeof fields === 'string') {
    losses.push({ at: pathOf(parent, provisional || urlOf(request.url)), what: `Not a GraphQL request (${fields}): left out` })
    return undefined
  }
  const name = provisional || requestNameFor(fields.query, fields.operationName)
  const at = pathOf(parent, name)
  const method = textOf(request.method).toUpperCase() || 'GET'
  if (method !== 'POST') losses.push({ at, what: `The method ${method} (the tester sends POST)` })
  scriptLosses(item, at, losses)
  const auth = authHeaders(request, at, losses) ?? inherited ?? []
  if (Array.isArray(item.response) && item.response.length) losses.push({ at, what: `${item.response.length} saved response${item.response.length === 1 ? '' : 's'}` })
  const notes = descriptionOf(request.description) || descriptionOf(item.description)
  return { kind: 'request', name, endpoint: urlOf(request.url), ...fields, headers: importedHeaders([...headersOf(request.header, at, losses), ...auth], at, losses), notes }
}

type Auth = { name: string; value: string }[] | undefined

function importItems(list: unknown, parent: string, inherited: Auth, losses: InterchangeLoss[]): CollectionItem[] {
  const items: CollectionItem[] = []
  for (const item of Array.isArray(list) ? list.filter(isJsonObject) : []) {
    if (Array.isArray(item.item)) {
      const name = textOf(item.name) || 'Untitled folder'
      const path = pathOf(parent, name)
      scriptLosses(item, path, losses)
      const auth = authHeaders(item, path, losses) ?? inherited
      const folder: CollectionFolder = { kind: 'folder', name, notes: descriptionOf(item.description), items: importItems(item.item, path, auth, losses) }
      items.push(folder)
    } else {
      const request = importRequest(item, parent, inherited, losses)
      if (request) items.push(request)
    }
  }
  return items
}

/**
 * Reads a Postman collection (v2.1, or v2.0: the same item shape). Requests whose body is neither
 * GraphQL nor JSON with a `query` are left out and listed; so are scripts, auth helpers other than
 * bearer (which becomes its Authorization header), disabled headers, collection variables and saved
 * responses. Secret header values become references.
 */
export function importPostman(source: string): CollectionImport | InterchangeRefusal {
  let value: unknown
  try {
    value = JSON.parse(source)
  } catch (error) {
    return { ok: false, message: `Not JSON: ${(error as Error).message}` }
  }
  if (!isJsonObject(value) || !isJsonObject(value.info) || !Array.isArray(value.item)) {
    return { ok: false, message: 'Not a Postman collection: expected {"info": {…}, "item": […]}.' }
  }
  const losses: InterchangeLoss[] = []
  scriptLosses(value, '', losses)
  const auth = authHeaders(value, '', losses)
  const variables = Array.isArray(value.variable) ? value.variable.filter(isJsonObject) : []
  if (variables.length) {
    losses.push({ at: '', what: `The collection variables (${variables.map((v) => textOf(v.key) || textOf(v.id)).join(', ')}): add them to an environment` })
  }
  const collection: Collection = { name: textOf(value.info.name) || 'Imported collection', notes: descriptionOf(value.info.description), items: importItems(value.item, '', auth, losses) }
  return { collection, losses }
}
