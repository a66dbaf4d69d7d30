/**
 * curl: each request of a collection as the command the tester's "Copy as curl" writes (built by
 * the same request builder, so it sends exactly what the tester sends), and a pasted command as a
 * one-request collection through the tester's curl import (core/curl-import.ts). A command has no
 * name, notes or folder: those are losses on export. `{{NAME}}` references are substituted from
 * the values given (an environment's non-secret ones); what remains is listed, and a request whose
 * endpoint stays a template cannot become a command.
 */
import { envVarNameForHeader } from '../../../../shared/core/http/curl'
import { substituteReferences } from '../environments/references'
import { tabRequestFromCurl } from '../curl-import'
import { buildGraphQLRequest } from '../request/build'
import { toCurl } from '../request/curl'
import {
  importedHeaders,
  requestNameFor,
  requestsOf,
  type Collection,
  type CollectionExport,
  type CollectionImport,
  type InterchangeLoss,
  type InterchangeRefusal,
} from './model'

/** One exported command and the request it came from. */
export interface CurlExportCommand {
  /** The request's path by name (`Folder / Request`). */
  path: string
  /** A POSIX-sh command. */
  command: string
}

/** Options of {@link exportCurl}. */
export interface CurlExportOptions {
  /** Values for `{{NAME}}` references (e.g. the active environment's non-secret variables). @default none */
  values?: ReadonlyMap<string, string>
}

/**
 * Each request as a curl command, depth first in order. Losses: every request's name, notes and
 * folder (a command has none), references left unresolved, and requests that cannot be built
 * (their endpoint is still a template, the query does not parse…), with the builder's reason.
 */
export function exportCurl(collection: Collection, options: CurlExportOptions = {}): CollectionExport<CurlExportCommand[]> {
  const losses: InterchangeLoss[] = []
  const output: CurlExportCommand[] = []
  const lookup = (name: string) => options.values?.get(name)
  for (const { path, request } of requestsOf(collection.items)) {
    const unresolved = new Set<string>()
    const resolve = (text: string, json = false) => {
      const result = substituteReferences(text, lookup, { json })
      for (const reference of result.unresolved) unresolved.add(`{{${reference.name}}}`)
      return result.text
    }
    const endpoint = resolve(request.endpoint)
    const headers = Object.fromEntries(request.headers.map((h) => [h.name.trim(), resolve(h.value)]))
    const variables = resolve(request.variables, true)
    if (unresolved.size) losses.push({ at: path, what: `The references ${[...unresolved].join(', ')}: curl does not substitute them (give their values, or edit the command)` })
    try {
      const built = buildGraphQLRequest({ endpoint, query: request.query, variables, headers, ...(request.operationName ? { operationName: request.operationName } : {}) })
      output.push({ path, command: toCurl(built) })
      // The builder sends only the variables the operation declares (as the tester does).
      const sent = JSON.parse(built.body) as { variables?: Record<string, unknown> }
      const given = variables.trim() ? (JSON.parse(variables) as Record<string, unknown>) : {}
      const unsent = Object.keys(given).filter((key) => !(key in (sent.variables ?? {})))
      if (unsent.length) losses.push({ at: path, what: `The variables the operation does not declare (${unsent.join(', ')}): the tester does not send them` })
      losses.push({ at: path, what: `The name${request.notes ? ', the notes' : ''}${path.includes(' / ') ? ' and the folder' : ''} (a command has none)` })
    } catch (error) {
      losses.push({ at: path, what: `The whole request: ${(error as Error).message}` })
    }
  }
  return { output, losses }
}

/**
 * A curl command (DevTools "Copy as cURL", our "Copy as curl", API docs) as a collection of one
 * request named after its operation. The import's notes (headers the browser sets, a method other
 * than POST…) are the losses; URL credentials become references, as secret header values do.
 */
export function importCurl(command: string): CollectionImport | InterchangeRefusal {
  const result = tabRequestFromCurl(command)
  if (!result.ok) return result
  const { request } = result
  const name = requestNameFor(request.query, request.operationName)
  const losses: InterchangeLoss[] = result.notes.map((note) => ({ at: name, what: note }))
  for (const secret of result.secrets) losses.push({ at: name, what: `The secret in the URL (not stored: set {{${secret.name}}} in an environment)` })
  // A credential read from a shell variable ("$TOKEN") arrives empty: it becomes a reference to fill.
  const rows = request.headers.map((h) => {
    if (!h.secret || h.value !== '') return { name: h.name, value: h.value }
    const variable = envVarNameForHeader(h.name.trim())
    losses.push({ at: name, what: `The value of ${h.name} (a shell variable in the command: set {{${variable}}} in an environment)` })
    return { name: h.name, value: `{{${variable}}}` }
  })
  const headers = importedHeaders(rows, name, losses)
  return {
    collection: {
      name: 'Imported from curl',
      notes: '',
      items: [{ kind: 'request', name, endpoint: request.endpoint, query: request.query, variables: request.variables, operationName: request.operationName, headers, notes: '' }],
    },
    losses,
  }
}
