/**
 * Bruno's OpenCollection YAML layout (docs.usebruno.com/opencollection-yaml): a folder with
 * `opencollection.yml` at its root, one directory per folder (with a `folder.yml`: name, `seq`,
 * docs) and one `.yml` file per request (`info: {name, type: graphql, seq}`, `graphql: {method, url,
 * headers, body: {query, variables}}`, `docs`). Beside each request file we also write its query as
 * a `.graphql` file, for editors and diffs; on import that file, when present, is the query (it is
 * where a user edits it). A bundled collection (one `opencollection.yml` with `items`) is read too.
 * Files are a map of path → text; YAML goes through the {@link YamlCodec} passed in. What we
 * write is typed with the OpenCollection project's own types (`@opencollection/types`, type-only).
 */
import type { Folder } from '@opencollection/types/collection/item'
import type { OpenCollection } from '@opencollection/types'
import type { GraphQLRequest } from '@opencollection/types/requests/graphql'
import type { YamlCodec } from './insomnia'
import {
  importedHeaders,
  pathOf,
  type Collection,
  type CollectionExport,
  type CollectionHeader,
  type CollectionImport,
  type CollectionItem,
  type InterchangeLoss,
  type InterchangeRefusal,
} from './model'
import { isJsonObject, textOf, type JsonObject } from '../../../../shared/core/json/json-object'

/** The OpenCollection version written in `opencollection.yml`. */
export const OPENCOLLECTION_VERSION = '1.0.0'

/** Docs: a string, or `{content, type}`. */
const docsOf = (value: unknown): string => (typeof value === 'string' ? value : isJsonObject(value) ? textOf(value.content) : '')

/**
 * A file or directory name for `name`: characters no file system takes (`/ \ : * ? " < > |`,
 * controls) become `-`, trailing dots and spaces go; numbered " (2)"… when it would collide (any
 * case) with `taken`, which it joins.
 */
export function fileNameFor(name: string, taken: Set<string>): string {
  let base = name.replace(/[/\\:*?"<>|\u0000-\u001f]/g, '-').trim()
  while (base.endsWith('.') || base.endsWith(' ')) base = base.slice(0, -1)
  base ||= 'untitled'
  let candidate = base
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})`
  taken.add(candidate.toLowerCase())
  return candidate
}

/**
 * The collection as OpenCollection files (path → text, in a stable order), and what it could not
 * carry: the operation name (OpenCollection's GraphQL body has none).
 */
export function exportOpenCollection(collection: Collection, yaml: YamlCodec): CollectionExport<Record<string, string>> {
  const losses: InterchangeLoss[] = []
  const files: Record<string, string> = {}
  files['opencollection.yml'] = yaml.stringify({
    opencollection: OPENCOLLECTION_VERSION,
    info: { name: collection.name },
    ...(collection.notes ? { docs: { content: collection.notes, type: 'text/markdown' } } : {}),
  } satisfies OpenCollection)
  const write = (items: readonly CollectionItem[], directory: string, parent: string, reserved: string[]) => {
    const taken = new Set(reserved)
    items.forEach((item, index) => {
      const seq = index + 1
      const file = fileNameFor(item.name, taken)
      const at = pathOf(parent, item.name)
      if (item.kind === 'folder') {
        const folder = `${directory}${file}/`
        files[`${folder}folder.yml`] = yaml.stringify({ info: { name: item.name, type: 'folder', seq }, ...(item.notes ? { docs: item.notes } : {}) } satisfies Folder)
        write(item.items, folder, at, ['folder'])
        return
      }
      if (item.operationName) losses.push({ at, what: `The operation to run (${item.operationName}): OpenCollection's GraphQL body has no operation name` })
      files[`${directory}${file}.yml`] = yaml.stringify({
        info: { name: item.name, type: 'graphql', seq },
        graphql: {
          method: 'POST',
          url: item.endpoint,
          ...(item.headers.length ? { headers: item.headers.map((h) => ({ name: h.name, value: h.value })) } : {}),
          body: { query: item.query, variables: item.variables },
        },
        ...(item.notes ? { docs: item.notes } : {}),
      } satisfies GraphQLRequest)
      files[`${directory}${file}.graphql`] = item.query
    })
  }
  write(collection.items, '', '', ['opencollection', 'environments'])
  return { output: files, losses }
}

/** Bruno's defaults for request settings: other values are listed as losses. */
const DEFAULT_SETTINGS: JsonObject = { encodeUrl: true, timeout: 0, followRedirects: true, maxRedirects: 5, forwardAuthorizationHeader: true }

/** What a request or folder holds beyond what a collection carries, as losses; bearer auth as its header. */
function extras(item: JsonObject, details: JsonObject, at: string, losses: InterchangeLoss[]): CollectionHeader[] {
  const headers: CollectionHeader[] = []
  const auth = details.auth
  if (isJsonObject(auth) && auth.type === 'bearer' && textOf(auth.token)) headers.push({ name: 'Authorization', value: `Bearer ${textOf(auth.token)}` })
  else if (isJsonObject(auth) && typeof auth.type === 'string' && auth.type !== 'none' && auth.type !== 'inherit') {
    losses.push({ at, what: `The auth helper (${auth.type}): add its header by hand, with its secret in an environment` })
  }
  const runtime = isJsonObject(item.runtime) ? item.runtime : isJsonObject(details.scripts) || Array.isArray(details.variables) ? details : {}
  for (const [key, label] of [['scripts', 'scripts'], ['variables', 'runtime variables'], ['assertions', 'assertions'], ['actions', 'post-response actions']] as const) {
    const value = runtime[key]
    if ((Array.isArray(value) && value.length) || (isJsonObject(value) && Object.keys(value).length)) losses.push({ at, what: `The ${label}` })
  }
  const settings = isJsonObject(item.settings) ? item.settings : {}
  for (const [key, value] of Object.entries(settings)) {
    if (key in DEFAULT_SETTINGS && DEFAULT_SETTINGS[key] !== value) losses.push({ at, what: `The setting ${key}: ${JSON.stringify(value)}` })
  }
  return headers
}

/** One request file's object (folder layout or bundled item) as a request, or undefined with a loss. */
function importRequest(item: JsonObject, query: string | undefined, parent: string, losses: InterchangeLoss[]): CollectionItem | undefined {
  const info = isJsonObject(item.info) ? item.info : {}
  const name = textOf(info.name) || 'Untitled request'
  const at = pathOf(parent, name)
  if (info.type !== 'graphql' || !isJsonObject(item.graphql)) {
    losses.push({ at, what: `Not a GraphQL request (${textOf(info.type) || 'unknown type'}): left out` })
    return undefined
  }
  const graphql = item.graphql
  const bodies = Array.isArray(graphql.body) ? graphql.body.filter(isJsonObject) : []
  // A request with body variants keeps the selected one (as Bruno sends it).
  const chosen = bodies.length ? (bodies.find((v) => v.selected === true) ?? bodies[0]!) : undefined
  const body = chosen ? (isJsonObject(chosen.body) ? chosen.body : {}) : isJsonObject(graphql.body) ? graphql.body : {}
  if (bodies.length > 1) losses.push({ at, what: `${bodies.length - 1} other body variant${bodies.length === 2 ? '' : 's'}` })
  const method = textOf(graphql.method).toUpperCase() || 'POST'
  if (method !== 'POST') losses.push({ at, what: `The method ${method} (the tester sends POST)` })
  const headers: CollectionHeader[] = []
  for (const h of Array.isArray(graphql.headers) ? graphql.headers.filter(isJsonObject) : []) {
    if (h.disabled === true) losses.push({ at, what: `The disabled header ${textOf(h.name)} (a request here has no disabled headers)` })
    else headers.push({ name: textOf(h.name), value: textOf(h.value) })
  }
  const authorization = extras(item, graphql, at, losses)
  return {
    kind: 'request',
    name,
    endpoint: textOf(graphql.url),
    query: query ?? textOf(body.query),
    variables: textOf(body.variables),
    operationName: '',
    headers: importedHeaders([...headers, ...authorization], at, losses),
    notes: docsOf(item.docs),
  }
}

const seqOf = (value: unknown): number => (isJsonObject(value) && isJsonObject(value.info) && typeof value.info.seq === 'number' ? value.info.seq : Infinity)
const inOrder = (items: JsonObject[]): JsonObject[] => (items.every((item) => seqOf(item) !== Infinity) ? [...items].sort((a, b) => seqOf(a) - seqOf(b)) : items)

/**
 * Reads OpenCollection files (path → text): the folder layout, or a bundled `opencollection.yml`.
 * The root is the folder of the shallowest `opencollection.yml` (a zip may wrap it in a folder).
 * Environments, scripts, assertions, auth helpers other than bearer, non-default settings and
 * non-GraphQL requests are listed as losses; secret header values become references.
 */
export function importOpenCollection(files: Readonly<Record<string, string>>, yaml: YamlCodec): CollectionImport | InterchangeRefusal {
  const rootFile = Object.keys(files).filter((path) => path === 'opencollection.yml' || path.endsWith('/opencollection.yml')).sort((a, b) => a.split('/').length - b.split('/').length)[0]
  if (rootFile === undefined) return { ok: false, message: 'Not an OpenCollection: no opencollection.yml.' }
  const root = rootFile.slice(0, -'opencollection.yml'.length)
  const parse = (path: string): unknown => {
    try {
      return yaml.parse(files[path]!)
    } catch (error) {
      return new Error(`${path}: ${(error as Error).message}`)
    }
  }
  const head = parse(rootFile)
  if (!isJsonObject(head)) return { ok: false, message: head instanceof Error ? `Not YAML: ${head.message}` : 'opencollection.yml is not a YAML mapping.' }
  const losses: InterchangeLoss[] = []
  const rootRequest = isJsonObject(head.request) ? head.request : {}
  if (Array.isArray(rootRequest.headers) && rootRequest.headers.length) losses.push({ at: '', what: 'The collection-level headers (add them to each request)' })
  extras(head, rootRequest, '', losses)
  const environments = isJsonObject(head.config) && Array.isArray(head.config.environments) ? head.config.environments.filter(isJsonObject) : []
  for (const environment of environments) {
    const variables = Array.isArray(environment.variables) ? environment.variables.filter(isJsonObject).map((v) => textOf(v.name)) : []
    if (variables.length) losses.push({ at: '', what: `The environment "${textOf(environment.name)}" (${variables.join(', ')}): add its variables to an environment here` })
  }
  const name = textOf(isJsonObject(head.info) ? head.info.name : undefined) || 'Imported collection'

  if (Array.isArray(head.items)) {
    const bundled = (items: unknown[], parent: string): CollectionItem[] =>
      // By seq when every item has one (Bruno writes folders without): else in the order written.
      inOrder(items.filter(isJsonObject)).flatMap((item): CollectionItem[] => {
        const info = isJsonObject(item.info) ? item.info : {}
        if (info.type === 'folder' || Array.isArray(item.items)) {
          const folderName = textOf(info.name) || 'Untitled folder'
          extras(item, isJsonObject(item.request) ? item.request : {}, pathOf(parent, folderName), losses)
          return [{ kind: 'folder', name: folderName, notes: docsOf(item.docs), items: bundled(Array.isArray(item.items) ? item.items : [], pathOf(parent, folderName)) }]
        }
        const request = importRequest(item, undefined, parent, losses)
        return request ? [request] : []
      })
    return { collection: { name, notes: docsOf(head.docs), items: bundled(head.items, '') }, losses }
  }

  const inside = Object.keys(files).filter((path) => path.startsWith(root) && path !== rootFile).map((path) => path.slice(root.length))
  for (const path of inside.filter((p) => p.startsWith('environments/'))) losses.push({ at: '', what: `The environment file ${path}: add its variables to an environment here` })
  const directory = (dir: string, parent: string): CollectionItem[] => {
    const here = inside.filter((p) => p.startsWith(dir) && !p.startsWith('environments/'))
    const entries: { seq: number; name: string; build: () => CollectionItem | undefined }[] = []
    const children = new Set(here.map((p) => p.slice(dir.length)).filter((p) => p.includes('/')).map((p) => p.slice(0, p.indexOf('/'))))
    for (const child of children) {
      const folderFile = `${root}${dir}${child}/folder.yml`
      const meta = folderFile in files ? parse(folderFile) : {}
      const info = isJsonObject(meta) && isJsonObject(meta.info) ? meta.info : {}
      const folderName = textOf(info.name) || child
      entries.push({
        seq: seqOf(meta),
        name: folderName,
        build: () => {
          extras(isJsonObject(meta) ? meta : {}, isJsonObject(meta) && isJsonObject(meta.request) ? meta.request : {}, pathOf(parent, folderName), losses)
          return { kind: 'folder', name: folderName, notes: docsOf(isJsonObject(meta) ? meta.docs : undefined), items: directory(`${dir}${child}/`, pathOf(parent, folderName)) }
        },
      })
    }
    for (const file of here.filter((p) => !p.slice(dir.length).includes('/'))) {
      const base = file.slice(dir.length)
      if (base === 'folder.yml' || base.endsWith('.graphql')) {
        if (base.endsWith('.graphql') && !(`${root}${file.slice(0, -'.graphql'.length)}.yml` in files)) losses.push({ at: parent, what: `The file ${base}: no request file (${base.slice(0, -'.graphql'.length)}.yml) beside it` })
        continue
      }
      if (!base.endsWith('.yml') && !base.endsWith('.yaml')) {
        losses.push({ at: parent, what: `The file ${base}: not an OpenCollection request` })
        continue
      }
      const value = parse(`${root}${file}`)
      if (!isJsonObject(value)) {
        losses.push({ at: parent, what: `The file ${base}: ${value instanceof Error ? value.message : 'not a YAML mapping'}` })
        continue
      }
      const queryFile = `${root}${file.replace(/\.ya?ml$/, '')}.graphql`
      entries.push({ seq: seqOf(value), name: textOf(isJsonObject(value.info) ? value.info.name : ''), build: () => importRequest(value, files[queryFile], parent, losses) })
    }
    return entries
      .sort((a, b) => a.seq - b.seq || a.name.localeCompare(b.name))
      .map((entry) => entry.build())
      .filter((item): item is CollectionItem => item !== undefined)
  }
  return { collection: { name, notes: docsOf(head.docs), items: directory('', '') }, losses }
}
