/**
 * The collection model: folders (nested) of named GraphQL requests, in the order the user keeps
 * them (array order), as they are stored and exchanged with other clients. A request carries the
 * fields of a request tab ({@link TabRequest}: endpoint, query, variables, operationName, headers)
 * plus a name and notes. Secret header values are never part of a collection: they become
 * `{{NAME}}` references to environment variables (see {@link withoutSecrets}), so a collection can
 * be written to a file, committed or shared as it is.
 *
 * Every import and export gives its result plus the list of what it could not carry
 * ({@link InterchangeLoss}): nothing is dropped silently.
 */
import { envVarNameForHeader } from '../../../../shared/core/http/curl'
import { isReferenceOnlyValue, isSecretHeader } from '../../../../shared/core/redact'
import { operationNameOf, type TabRequest } from '../request-tabs'

/** A header of a saved request: never a secret value (a secret is a `{{NAME}}` reference). */
export interface CollectionHeader {
  name: string
  value: string
}

/** A saved request: a tab's request without settings (timeout, transport), plus a name and notes. */
export interface CollectionRequest extends Pick<TabRequest, 'endpoint' | 'query' | 'variables' | 'operationName'> {
  kind: 'request'
  /** The name shown in the tree (not empty). */
  name: string
  /** Headers in order, without secret values. */
  headers: CollectionHeader[]
  /** Free text (Markdown in the clients that render it); '' for none. */
  notes: string
}

/** A folder: a name, notes and its items in order. */
export interface CollectionFolder {
  kind: 'folder'
  name: string
  notes: string
  items: CollectionItem[]
}

/** A folder or a request. */
export type CollectionItem = CollectionRequest | CollectionFolder

/** A collection: a name, notes and its top-level items in order. */
export interface Collection {
  name: string
  notes: string
  items: CollectionItem[]
}

/** Something an import or export could not carry, and where. */
export interface InterchangeLoss {
  /** The item's path by name (`Folder / Request`); '' for the collection itself. */
  at: string
  /** What was not carried, as a sentence for the user (`Pre-request script`, `Auth helper (OAuth 2.0)`…). */
  what: string
}

/** What an import gives: the collection and what it left out. */
export interface CollectionImport {
  collection: Collection
  losses: InterchangeLoss[]
}

/** What an export gives: the output (text, or files by path) and what it left out. */
export interface CollectionExport<Output> {
  output: Output
  losses: InterchangeLoss[]
}

/** A refusal: the input is not of the format (with its place when known). */
export interface InterchangeRefusal {
  ok: false
  message: string
  line?: number
  column?: number
}

/** The name a request gets when its source has none: its operation's, else "Untitled request". */
export function requestNameFor(query: string, operationName = ''): string {
  return operationName || operationNameOf(query) || 'Untitled request'
}

/** The path of `name` under `parent` (`Folder / Request`). */
export function pathOf(parent: string, name: string): string {
  return parent ? `${parent} / ${name}` : name
}

/** What {@link withoutSecrets} gives. */
export interface SecretFreeHeaders {
  headers: CollectionHeader[]
  /** The variables the references name, with the header each came from (to create as secret). */
  references: { header: string; variable: string }[]
}

/**
 * Headers with every secret value replaced by a `{{NAME}}` reference: a header is secret when the
 * row is flagged, when its name or value looks like a credential (the project's one rule,
 * {@link isSecretHeader}). A value made only of references (`Bearer {{token}}`) is kept; otherwise
 * an authorization scheme is kept and the rest becomes `{{NAME}}`, NAME derived from the header as
 * curl export does (`X-Api-Key` → `X_API_KEY`), numbered when two headers would share one.
 */
export function withoutSecrets(headers: readonly { name: string; value: string; secret?: boolean }[]): SecretFreeHeaders {
  const references: SecretFreeHeaders['references'] = []
  const used = new Set<string>()
  const out = headers.map(({ name, value, secret }) => {
    if (!(secret || isSecretHeader(name, [], value)) || value.trim() === '' || isReferenceOnlyValue(value)) return { name, value }
    let variable = envVarNameForHeader(name.trim())
    for (let n = 2; used.has(variable); n++) variable = `${envVarNameForHeader(name.trim())}_${n}`
    used.add(variable)
    references.push({ header: name, variable })
    const scheme = /^\s*(Bearer|Basic|Token|Bot|Digest|ApiKey|JWT)\s+\S/i.exec(value)?.[1]
    return { name, value: scheme ? `${scheme} {{${variable}}}` : `{{${variable}}}` }
  })
  return { headers: out, references }
}

/**
 * A tab's request saved under `name`: settings (timeout, transport) are not part of a collection,
 * and secret header values become references ({@link withoutSecrets}).
 */
export function collectionRequestFromTab(name: string, request: TabRequest, notes = ''): CollectionRequest {
  return {
    kind: 'request',
    name: name.trim() || requestNameFor(request.query, request.operationName),
    endpoint: request.endpoint,
    query: request.query,
    variables: request.variables,
    operationName: request.operationName,
    headers: withoutSecrets(request.headers.filter((h) => h.name.trim() !== '' || h.value.trim() !== '')).headers,
    notes,
  }
}

/** A saved request opened in a tab: credential headers (by name or value) are marked secret again. */
export function tabRequestFromCollection(request: CollectionRequest): TabRequest {
  return {
    endpoint: request.endpoint,
    query: request.query,
    variables: request.variables,
    operationName: request.operationName,
    headers: request.headers.map((h) => ({ ...h, secret: isSecretHeader(h.name, [], h.value) })),
    timeout: '',
  }
}

/**
 * Imported headers made secret-free, with one loss per secret value not stored (the user fills
 * the `{{NAME}}` variable in an environment).
 */
export function importedHeaders(headers: readonly CollectionHeader[], at: string, losses: InterchangeLoss[]): CollectionHeader[] {
  const { headers: safe, references } = withoutSecrets(headers)
  for (const { header, variable } of references) {
    losses.push({ at, what: `The secret value of ${header} (not stored: set {{${variable}}} in an environment)` })
  }
  return safe
}

/** Every request of `items` with its path, depth first in order. */
export function* requestsOf(items: readonly CollectionItem[], parent = ''): Generator<{ path: string; request: CollectionRequest }> {
  for (const item of items) {
    if (item.kind === 'request') yield { path: pathOf(parent, item.name), request: item }
    else yield* requestsOf(item.items, pathOf(parent, item.name))
  }
}
