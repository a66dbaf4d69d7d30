/**
 * The schema worker's jobs (schema-load.worker.ts), free of the worker itself so a test or a page
 * without workers runs them as they are: introspect the endpoint (or read the endpoint's cached
 * introspection result), parse the JSON, build and check the schema with graphql-js (its warnings
 * included), describe its types for the docs explorer, store the result in the cache, and send the
 * page what it needs in parts — the introspection's types and the docs' types, 64 K of JSON at a
 * time, so the page reads each part in a task of its own (one message of GitHub's 1,600 types would be
 * one long task to deserialize) and builds its own schema in slices from them.
 */
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql'
import { sendGraphQLRequest, type BuiltRequest, type GraphQLOutcome, type SendOptions } from '@/features/graphql/core/request'
import {
  SchemaInputError,
  describeSchemaTypes,
  docsRoots,
  findIntrospection,
  readIntrospection,
  schemaFromSDL,
  schemaInputOf,
  schemaWarnings,
  shouldRetryLegacyIntrospection,
  type DocsIndex,
  type SchemaInputErrorCode,
  type SchemaWarning,
} from '@/features/graphql/core/schema'
import { CACHE_VERSION, type SchemaCacheRecord, type SchemaCacheStore } from './schema-cache'
import type { SchemaDiff } from '@/features/graphql/core/schema/schema-diff'
import type { BrokenOperation, SavedOperation } from '@/features/graphql/core/schema/revalidate'

/**
 * Most JSON text per message (a single larger type travels alone). By size, not by count: GitHub's
 * Mutation or Repository type alone is the text of a hundred small ones, and the page reads each
 * part in one task. @default 65536
 */
export const PART_CHARS = 64 * 1024

/** Send options that travel to the worker (no functions, no signal). */
export type SchemaSendOptions = Pick<SendOptions, 'online' | 'pageOrigin' | 'secretHeaders' | 'timeoutMs'>

/** A request to the schema worker. */
export type SchemaJobRequest =
  | {
      type: 'load'
      id: number
      /** The cache key (core `schemaCacheKey`); the result is stored under its digest ({@link storageKey}). */
      key: string
      /** The introspection request, and the pre-2021 one to retry with. */
      request: BuiltRequest
      legacyRequest: BuiltRequest
      options: SchemaSendOptions
    }
  | { type: 'cached'; id: number; key: string }
  /** Pasted SDL or introspection JSON, read as core `parseSchemaInput` reads it; nothing is cached. */
  | { type: 'paste'; id: number; text: string }
  /** Deletes what is cached under the key; answered with `forgotten`. */
  | { type: 'forget'; id: number; key: string }
  /**
   * What changed between two schemas this worker handed out (by their `handle`s: the one a load or
   * paste replaced, and the one that replaced it), core `diffSchemas`, and which of `operations` the
   * change broke (core `revalidateOperations`), here off the page; answered with `changes`. The
   * `before` schema is let go afterwards: the page has let go of it too.
   */
  | { type: 'changes'; id: number; before: string; after: string; operations: SavedOperation[] }
  /**
   * Two pasted schemas (SDL or introspection JSON, as `paste` reads them) compared as `changes`
   * compares, nothing built on the page; answered with `compared`.
   */
  | { type: 'compare'; id: number; old: string; new: string; operations: SavedOperation[] }
  | { type: 'abort'; id: number }

/** What the worker's checks found wrong with an answer (a `SchemaInputError`, cloneable). */
export interface SchemaJobError {
  code: SchemaInputErrorCode
  message: string
  line?: number
  column?: number
}

/** What is known once the worker has checked the schema, sent last. */
export interface SchemaJobSummary {
  warnings: readonly SchemaWarning[]
  roots: DocsIndex['roots']
  /** When the introspection was answered (epoch ms): now, or the cached result's time. */
  loadedAt: number
  /** Whether it came from the cache. */
  fromCache: boolean
  /**
   * Whether the endpoint answered with the very schema already cached for the key (the same
   * introspection, part for part): nothing changed, so the page need not compare the two. @default false
   */
  unchanged?: boolean
  /** What names this schema to the worker for a later `changes` request (held for the last {@link HELD_SCHEMAS} schemas). */
  handle?: string
}

/** What a schema change means: the diff, and the saved operations it broke. */
export interface SchemaCheck {
  diff: SchemaDiff
  broken: BrokenOperation[]
}

/**
 * How many schemas handed out the worker keeps (as the JSON parts it sent) for `changes`: the page
 * holds one per endpoint it used; an older one is let go and its change can no longer be worked out.
 * @default 16
 */
export const HELD_SCHEMAS = 16

/** A message from the schema worker, in this order for a schema: `types`…, `start`, `docs`…, `done`. */
export type SchemaJobMessage =
  /** A part of the introspection's types, as JSON text (`IntrospectionType[]`). */
  | { type: 'types'; id: number; json: string }
  /** Every type has been sent: the page may build its schema while the worker checks it and describes its docs. */
  | { type: 'start'; id: number; schema: Omit<IntrospectionQuery['__schema'], 'types'> }
  /** A part of core `describeSchemaTypes`, as JSON text (`DocsType[]`). */
  | { type: 'docs'; id: number; json: string }
  | { type: 'done'; id: number; summary: SchemaJobSummary; outcome?: GraphQLOutcome }
  /** The request failed, or its answer is not a schema (`error`, with the outcome it was found in); may follow `start`. */
  | { type: 'failed'; id: number; outcome: GraphQLOutcome; error?: SchemaJobError }
  /** A paste that is not a schema (what is wrong, placed in the text when it can be); may follow `start`. */
  | { type: 'refused'; id: number; error: SchemaJobError }
  /** Nothing cached for the key (or the cache is unavailable). */
  | { type: 'miss'; id: number }
  | { type: 'forgotten'; id: number }
  /** The answer to a `changes` request: undefined when a handle is not (or no longer) held. */
  | { type: 'changes'; id: number; check: SchemaCheck | undefined }
  /** The answer to `compare`: what changed, or the pasted schema that is not one and why. */
  | { type: 'compared'; id: number; check?: SchemaCheck; refused?: { field: 'old' | 'new'; error: SchemaJobError } }

/** What the jobs need from their surroundings. */
export interface SchemaJobDeps {
  /** The send. @default core `sendGraphQLRequest` */
  send?: (request: BuiltRequest, options: SendOptions) => Promise<GraphQLOutcome>
  /** The cache; undefined when storage is unavailable. */
  cache?: SchemaCacheStore | undefined
  /** The clock (epoch ms). @default Date.now */
  now?: () => number
  /** Whether the jobs run in the worker: a re-check then runs in one go, with no pauses for the page. @default false */
  offPage?: boolean
}

/**
 * The job runner: give it each request with the way to answer (`post`). Jobs run concurrently;
 * `abort` stops a load's request.
 */
export function createSchemaJobs(deps: SchemaJobDeps = {}): (request: SchemaJobRequest, post: (message: SchemaJobMessage) => void) => Promise<void> {
  const send = deps.send ?? sendGraphQLRequest
  const now = deps.now ?? Date.now
  const controllers = new Map<number, AbortController>()
  /** The schemas handed out, by handle, as the parts sent: built again only when a change is asked about. */
  const held = new Map<string, Held>()
  let handles = 0

  /** Keeps a schema handed out (the oldest beyond {@link HELD_SCHEMAS} let go) and names it. */
  function hold(schema: Held['schema'], types: string[]): string {
    const handle = `schema-${++handles}`
    held.set(handle, { schema, types })
    for (const old of held.keys()) {
      if (held.size <= HELD_SCHEMAS) break
      held.delete(old)
    }
    return handle
  }

  /** Posts the introspection's types in parts, then `start`; returns the parts and the rest of the introspection. */
  function postTypes(id: number, introspection: IntrospectionQuery, post: (message: SchemaJobMessage) => void): { parts: string[]; rest: Held['schema'] } {
    const { types, ...rest } = introspection.__schema
    const parts = inParts(types)
    for (const json of parts) post({ type: 'types', id, json })
    post({ type: 'start', id, schema: rest })
    return { parts, rest }
  }

  /**
   * Checks an answer and posts its schema in parts; the prepared data to cache, or undefined (with
   * `failed` posted) when it is not a schema. The types go first, found with graphql-js's own
   * checks of the answer's shape, so the page builds while graphql-js builds and checks here.
   */
  function answer(
    id: number,
    outcome: GraphQLOutcome & { kind: 'response' },
    post: (message: SchemaJobMessage) => void,
    loadedAt: number,
    cached: SchemaCacheRecord | undefined,
  ): { prepared: Prepared; unchanged: boolean } | undefined {
    let found
    try {
      found = findIntrospection(outcome.json ?? outcome.bodyText)
    } catch (error) {
      post({ type: 'failed', id, outcome, error: said(error) })
      return undefined
    }
    const typeParts = postTypes(id, found, post).parts
    let read
    try {
      read = readIntrospection(found)
    } catch (error) {
      post({ type: 'failed', id, outcome, error: said(error) })
      return undefined
    }
    const docParts = inParts(describeSchemaTypes(read.schema))
    for (const json of docParts) post({ type: 'docs', id, json })
    const { types: _types, ...schema } = found.__schema
    const prepared: Prepared = { schema, types: typeParts, warnings: read.warnings, roots: docsRoots(read.schema), docs: docParts }
    const unchanged = cached !== undefined && sameSchema(cached, prepared)
    const handle = hold(schema, typeParts)
    // The page has the schema in parts: the body again would only be another copy to read.
    post({
      type: 'done',
      id,
      summary: { warnings: prepared.warnings, roots: prepared.roots, loadedAt, fromCache: false, handle, ...(unchanged ? { unchanged } : {}) },
      outcome: { ...outcome, bodyText: '', json: undefined },
    })
    return { prepared, unchanged }
  }

  /**
   * Reads a paste and posts its schema in parts, as `answer` does for an endpoint's; `refused`
   * (with where) when it is not a schema. SDL is built and checked here, then sent as its
   * introspection, which the page builds from like any other.
   */
  async function paste(id: number, text: string, post: (message: SchemaJobMessage) => void): Promise<void> {
    try {
      const { body, format } = schemaInputOf(text)
      let built
      let sent
      if (format === 'introspection') {
        // From the text, so a problem graphql-js finds is placed in it.
        const read = readIntrospection(body)
        sent = postTypes(id, read.introspection, post)
        built = read.schema
      } else {
        built = schemaFromSDL(body)
        const { introspectionOf } = await import('./schema-introspection')
        sent = postTypes(id, introspectionOf(built), post)
      }
      for (const json of inParts(describeSchemaTypes(built))) post({ type: 'docs', id, json })
      const handle = hold(sent.rest, sent.parts)
      post({ type: 'done', id, summary: { warnings: schemaWarnings(built), roots: docsRoots(built), loadedAt: now(), fromCache: false, handle } })
    } catch (error) {
      post({ type: 'refused', id, error: said(error) })
    }
  }

  return async (request, post) => {
    switch (request.type) {
      case 'abort':
        controllers.get(request.id)?.abort()
        return
      case 'forget':
        if (deps.cache) await storageKey(request.key).then((key) => deps.cache?.delete(key)).catch(() => undefined)
        return post({ type: 'forgotten', id: request.id })
      case 'paste':
        return paste(request.id, request.text, post)
      case 'changes': {
        const before = held.get(request.before)
        const after = held.get(request.after)
        // The page has let go of the schema before the change.
        held.delete(request.before)
        if (!before || !after) return post({ type: 'changes', id: request.id, check: undefined })
        return post({ type: 'changes', id: request.id, check: await checkChange(rebuild(before), rebuild(after), request.operations, deps.offPage === true) })
      }
      case 'compare': {
        const read = (field: 'old' | 'new', text: string): GraphQLSchema | undefined => {
          try {
            return pastedSchema(text)
          } catch (error) {
            post({ type: 'compared', id: request.id, refused: { field, error: said(error) } })
            return undefined
          }
        }
        const before = read('old', request.old)
        if (!before) return
        const after = read('new', request.new)
        if (!after) return
        return post({ type: 'compared', id: request.id, check: await checkChange(before, after, request.operations, deps.offPage === true) })
      }
      case 'cached': {
        const record = deps.cache ? await storageKey(request.key).then((key) => deps.cache?.get(key)).catch(() => undefined) : undefined
        // Another version's record, or a damaged one, counts as none.
        if (record?.version !== CACHE_VERSION || !isTextList(record.types) || !isTextList(record.docs)) return post({ type: 'miss', id: request.id })
        // Checked when it was stored and kept in parts: sent as it is, nothing parsed or rebuilt here.
        for (const json of record.types) post({ type: 'types', id: request.id, json })
        post({ type: 'start', id: request.id, schema: record.schema })
        for (const json of record.docs) post({ type: 'docs', id: request.id, json })
        const handle = hold(record.schema, record.types)
        post({ type: 'done', id: request.id, summary: { warnings: record.warnings, roots: record.roots, loadedAt: record.loadedAt, fromCache: true, handle } })
        return
      }
      case 'load': {
        const { id } = request
        const controller = new AbortController()
        controllers.set(id, controller)
        // What is cached for the key now, read while the endpoint answers: the answer is compared with it.
        const cached = deps.cache ? storageKey(request.key).then((key) => deps.cache?.get(key)).catch(() => undefined) : Promise.resolve(undefined)
        try {
          const options: SendOptions = { ...request.options, signal: controller.signal }
          let outcome = await send(request.request, options)
          if (outcome.kind === 'response' && shouldRetryLegacyIntrospection((outcome.json as { errors?: unknown } | undefined)?.errors)) {
            outcome = await send(request.legacyRequest, options)
          }
          if (outcome.kind !== 'response') return post({ type: 'failed', id, outcome })
          const loadedAt = now()
          const before = await cached
          const usable = before?.version === CACHE_VERSION && isTextList(before.types) ? before : undefined
          const answered = answer(id, outcome, post, loadedAt, usable)
          if (!answered) return
          const { prepared } = answered
          // In the parts the page reads, with what the checks found: read back, nothing is rebuilt.
          const record: SchemaCacheRecord = { version: CACHE_VERSION, key: await storageKey(request.key), loadedAt, ...prepared }
          await deps.cache?.put(record).catch(() => undefined)
        } finally {
          controllers.delete(id)
        }
      }
    }
  }
}

/** A schema handed out, as the introspection parts sent for it. */
interface Held {
  schema: Omit<IntrospectionQuery['__schema'], 'types'>
  types: string[]
}

/** A held schema built again: it was checked when handed out, so it is built as it is, not checked again. */
function rebuild(held: Held): GraphQLSchema {
  const types = held.types.flatMap((json) => JSON.parse(json) as IntrospectionQuery['__schema']['types'][number][])
  return buildClientSchema({ __schema: { ...held.schema, types } }, { assumeValid: true })
}

/** A pasted schema (SDL or introspection JSON) read as `paste` reads it. @throws SchemaInputError when it is not one. */
function pastedSchema(text: string): GraphQLSchema {
  const { body, format } = schemaInputOf(text)
  return format === 'introspection' ? readIntrospection(body).schema : schemaFromSDL(body)
}

/**
 * What changed from `before` to `after`, and which of `operations` it broke. Where these jobs run
 * on the page (no workers) the re-check pauses between slices; `offPage`, in one go. The diff and
 * the re-check are loaded on first use, so the page's chunk does not carry them.
 */
async function checkChange(before: GraphQLSchema, after: GraphQLSchema, operations: readonly SavedOperation[], offPage: boolean): Promise<SchemaCheck> {
  const [{ diffSchemas }, { revalidateOperations }] = await Promise.all([import('@/features/graphql/core/schema/schema-diff'), import('@/features/graphql/core/schema/revalidate')])
  const slices = offPage ? { budgetMs: Number.POSITIVE_INFINITY } : {}
  const broken = await revalidateOperations(operations, after, before, { pause: () => new Promise((resolve) => setTimeout(resolve, 0)), ...slices })
  return { diff: diffSchemas(before, after), broken }
}

/** What the page is sent, for the cache. */
type Prepared = Pick<SchemaCacheRecord, 'schema' | 'types' | 'warnings' | 'roots' | 'docs'>

/**
 * `items` as JSON arrays of at most {@link PART_CHARS} characters each. Text, because a string
 * crosses to the page as one copy and `JSON.parse` reads it faster than structured cloning reads
 * the same objects.
 */
function inParts(items: readonly unknown[]): string[] {
  const parts: string[] = []
  let part: string[] = []
  let size = 0
  for (const item of items) {
    const json = JSON.stringify(item)
    if (part.length > 0 && size + json.length > PART_CHARS) {
      parts.push(`[${part.join(',')}]`)
      part = []
      size = 0
    }
    part.push(json)
    size += json.length + 1
  }
  if (part.length > 0) parts.push(`[${part.join(',')}]`)
  return parts
}

/**
 * The key a record is stored under: a SHA-256 digest (hex) of core `schemaCacheKey`. That key
 * begins with the endpoint as the request uses it, with the environment substituted, so it may
 * hold a secret (`?access_token={{token}}`); the stored key cannot be read back, and a record
 * holds no endpoint, only the schema.
 */
export async function storageKey(key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`awb-schema-record-v1\n${key}`)))
  let hex = ''
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0')
  return hex
}

/** Whether a cached record holds the same introspection as the one just prepared (compared as the JSON parts both keep). */
function sameSchema(cached: SchemaCacheRecord, prepared: Prepared): boolean {
  if (cached.types.length !== prepared.types.length || !cached.types.every((part, i) => part === prepared.types[i])) return false
  return JSON.stringify(cached.schema) === JSON.stringify(prepared.schema)
}

function isTextList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}

function said(error: unknown): SchemaJobError {
  if (!(error instanceof SchemaInputError)) throw error
  return { code: error.code, message: error.message, ...(error.line !== undefined ? { line: error.line } : {}), ...(error.column !== undefined ? { column: error.column } : {}) }
}
