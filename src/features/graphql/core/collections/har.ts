/**
 * HAR 1.2 (the HTTP Archive every browser's DevTools exports): a collection as one entry per
 * request, and the GraphQL requests of a HAR as a collection. HAR has no folders and no place for a
 * collection's notes, so those are listed as losses on export; a request's name travels in the
 * entry's `comment` and its notes in the request's `comment`. On import, entries that are not
 * GraphQL (scripts, images, REST calls of the page) are counted in one loss, and headers the
 * browser sets itself (`:authority`, `User-Agent`, `sec-*`…) are left out with a note, as curl
 * import does. A HAR holds URLs: an endpoint template (`{{baseUrl}}`) is written as is and listed.
 */
import { listed } from '../../../../shared/core/http/curl-import'
import { isForbiddenRequestHeader } from '../../../../shared/core/http/headers'
import { excerpt } from '../../../../shared/core/text'
import { DEFAULT_ACCEPT } from '../request/build'
import { graphqlFieldsOfJsonBody, jsonBodyOf, normalizedVariables, type GraphQLFields } from './json-body'
import {
  importedHeaders,
  pathOf,
  requestNameFor,
  requestsOf,
  type Collection,
  type CollectionExport,
  type CollectionHeader,
  type CollectionImport,
  type CollectionItem,
  type InterchangeLoss,
  type InterchangeRefusal,
} from './model'
import { isJsonObject, textOf } from '../../../../shared/core/json/json-object'


/** The query string of `url` as HAR lists it (empty when the URL is a template or invalid). */
function queryStringOf(url: string): { name: string; value: string }[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }))
  } catch {
    return []
  }
}

/**
 * The collection as a HAR log (JSON text): one POST entry per request, depth first in order, with
 * `Content-Type: application/json` added when the request does not set one.
 *
 * @param now - each entry's `startedDateTime`. @default new Date()
 */
export function exportHar(collection: Collection, now = new Date()): CollectionExport<string> {
  const losses: InterchangeLoss[] = []
  if (collection.notes) losses.push({ at: '', what: 'The collection’s notes (HAR has no place for them)' })
  const folders = (items: readonly CollectionItem[], parent: string): void => {
    for (const item of items) {
      if (item.kind !== 'folder') continue
      const at = pathOf(parent, item.name)
      losses.push({ at, what: `The folder (its requests are listed in order without it)${item.notes ? ' and its notes' : ''}` })
      folders(item.items, at)
    }
  }
  folders(collection.items, '')
  const entries = [...requestsOf(collection.items)].map(({ path, request }) => {
    if (request.endpoint.includes('{{')) {
      losses.push({ at: path, what: 'The endpoint is a template: a HAR holds URLs (written as is; resolve it with an environment for other tools)' })
    }
    let body = jsonBodyOf(request)
    if (body === undefined) {
      losses.push({ at: path, what: 'The variables (not JSON; a HAR entry holds the body as sent)' })
      body = jsonBodyOf({ ...request, variables: '' })!
    }
    const hasType = request.headers.some((h) => h.name.trim().toLowerCase() === 'content-type')
    const headers = [...request.headers, ...(hasType ? [] : [{ name: 'Content-Type', value: 'application/json' }])]
    return {
      startedDateTime: now.toISOString(),
      time: 0,
      request: {
        method: 'POST',
        url: request.endpoint,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: headers.map((h) => ({ name: h.name, value: h.value })),
        queryString: queryStringOf(request.endpoint),
        postData: { mimeType: 'application/json', text: body },
        headersSize: -1,
        bodySize: -1,
        ...(request.notes ? { comment: request.notes } : {}),
      },
      response: { status: 0, statusText: '', httpVersion: '', cookies: [], headers: [], content: { size: 0, mimeType: 'x-unknown' }, redirectURL: '', headersSize: -1, bodySize: -1 },
      cache: {},
      timings: { send: 0, wait: 0, receive: 0 },
      comment: request.name,
    }
  })
  const log = { version: '1.2', creator: { name: 'API Workbench', version: '0.1.0' }, comment: collection.name, entries }
  return { output: `${JSON.stringify({ log }, null, 2)}\n`, losses }
}

/** The GraphQL fields of a GET URL's `query`/`variables`/`operationName` parameters, removed from the URL. */
function fromUrl(url: string): { fields: GraphQLFields; url: string } | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return undefined
  }
  const query = parsed.searchParams.get('query')
  if (query === null) return undefined
  const fields = { query, variables: normalizedVariables(parsed.searchParams.get('variables') ?? ''), operationName: parsed.searchParams.get('operationName') ?? '' }
  for (const name of ['query', 'variables', 'operationName', 'extensions']) parsed.searchParams.delete(name)
  return { fields, url: parsed.href }
}

/** Headers the browser sets that DevTools records: not settable from a page, or noise. */
const BROWSER_HEADERS = new Set(['user-agent', 'priority', 'accept-language', 'pragma', 'cache-control'])
const PLAIN_ACCEPT = new Set(['*/*', DEFAULT_ACCEPT.toLowerCase().replace(/\s+/g, '')])

/**
 * The headers a request here keeps, and the names of those the browser sets itself. Those are left
 * out only when a browser sent the request (it has `Sec-Fetch-*` or HTTP/2 pseudo-headers): in a
 * HAR written by a tool, `Accept-Language` is the user's own.
 */
function keptHeaders(list: unknown): { headers: CollectionHeader[]; dropped: string[] } {
  const headers: CollectionHeader[] = []
  const dropped: string[] = []
  const rows = Array.isArray(list) ? list.filter(isJsonObject) : []
  const byBrowser = rows.some((h) => /^(?:sec-fetch-|:)/i.test(textOf(h.name)))
  for (const h of rows) {
    const name = textOf(h.name)
    const value = textOf(h.value)
    const lower = name.toLowerCase()
    if (lower === 'content-type' && /^application\/json[ \t]*(?:;|$)/i.test(value)) continue
    if (lower === 'accept' && PLAIN_ACCEPT.has(value.toLowerCase().replace(/\s+/g, ''))) continue
    if (byBrowser && (name.startsWith(':') || (isForbiddenRequestHeader(name) && lower !== 'cookie') || BROWSER_HEADERS.has(lower))) dropped.push(name)
    else headers.push({ name, value })
  }
  return { headers, dropped }
}

/**
 * Reads the GraphQL requests of a HAR (a POST with a JSON `{query}` body, or a GET with a `query`
 * parameter) as a flat collection named after the log's `comment` (else "Imported from HAR").
 */
export function importHar(source: string): CollectionImport | InterchangeRefusal {
  let value: unknown
  try {
    value = JSON.parse(source)
  } catch (error) {
    return { ok: false, message: `Not JSON: ${(error as Error).message}` }
  }
  const log = isJsonObject(value) && isJsonObject(value.log) ? value.log : undefined
  if (!log || !Array.isArray(log.entries)) return { ok: false, message: 'Not a HAR: expected {"log": {"entries": […]}}.' }
  const losses: InterchangeLoss[] = []
  const items: CollectionItem[] = []
  const skipped: string[] = []
  for (const entry of log.entries.filter(isJsonObject)) {
    const request = isJsonObject(entry.request) ? entry.request : {}
    const method = textOf(request.method).toUpperCase()
    const postData = isJsonObject(request.postData) ? request.postData : undefined
    const fromBody = postData ? graphqlFieldsOfJsonBody(textOf(postData.text)) : undefined
    const fromQuery = method === 'GET' ? fromUrl(textOf(request.url)) : undefined
    const fields = fromBody !== undefined && typeof fromBody !== 'string' ? fromBody : fromQuery?.fields
    if (!fields) {
      skipped.push(`${method || '?'} ${excerpt(textOf(request.url), 80)}`)
      continue
    }
    const name = textOf(entry.comment) || requestNameFor(fields.query, fields.operationName)
    const { headers, dropped } = keptHeaders(request.headers)
    if (method !== 'POST' && method !== 'GET') losses.push({ at: name, what: `The method ${method} (the tester sends POST)` })
    if (dropped.length) losses.push({ at: name, what: `Headers the browser sets itself: ${listed(dropped, 'more')}` })
    items.push({ kind: 'request', name, endpoint: fromQuery && fields === fromQuery.fields ? fromQuery.url : textOf(request.url), ...fields, headers: importedHeaders(headers, name, losses), notes: textOf(request.comment) })
  }
  if (skipped.length) losses.push({ at: '', what: `${skipped.length} request${skipped.length === 1 ? '' : 's'} that ${skipped.length === 1 ? 'is' : 'are'} not GraphQL: ${listed(skipped, 'more')}` })
  return { collection: { name: textOf(log.comment) || 'Imported from HAR', notes: '', items }, losses }
}
