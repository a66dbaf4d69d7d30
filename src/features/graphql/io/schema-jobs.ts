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
   * What changed between the schema cached under the key before its last load and the one that load
   * brought (core `diffSchemas`, here off the page); answered with `changes` once, then forgotten.
   */
  | { type: 'changes'; id: number; key: string }
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
}

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
  /** The answer to a `changes` request: undefined when the last load of the key replaced nothing, or was asked already. */
  | { type: 'changes'; id: number; diff: SchemaDiff | undefined }

/** What the jobs need from their surroundings. */
export interface SchemaJobDeps {
  /** The send. @default core `sendGraphQLRequest` */
  send?: (request: BuiltRequest, options: SendOptions) => Promise<GraphQLOutcome>
  /** The cache; undefined when storage is unavailable. */
  cache?: SchemaCacheStore | undefined
  /** The clock (epoch ms). @default Date.now */
  now?: () => number
}

/**
 * The job runner: give it each request with the way to answer (`post`). Jobs run concurrently;
 * `abort` stops a load's request.
 */
export function createSchemaJobs(deps: SchemaJobDeps = {}): (request: SchemaJobRequest, post: (message: SchemaJobMessage) => void) => Promise<void> {
  const send = deps.send ?? sendGraphQLRequest
  const now = deps.now ?? Date.now
  const controllers = new Map<number, AbortController>()
  /** Per load key: the record a load replaced and the schema it brought, until the page asks what changed. */
  const replaced = new Map<string, { before: SchemaCacheRecord; after: GraphQLSchema }>()

  /** Posts the introspection's types in parts, then `start`; returns the parts. */
  function postTypes(id: number, introspection: IntrospectionQuery, post: (message: SchemaJobMessage) => void): string[] {
    const { types, ...rest } = introspection.__schema
    const parts = inParts(types)
    for (const json of parts) post({ type: 'types', id, json })
    post({ type: 'start', id, schema: rest })
    return parts
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
  ): { prepared: Prepared; schema: GraphQLSchema; unchanged: boolean } | undefined {
    let found
    try {
      found = findIntrospection(outcome.json ?? outcome.bodyText)
    } catch (error) {
      post({ type: 'failed', id, outcome, error: said(error) })
      return undefined
    }
    const typeParts = postTypes(id, found, post)
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
    // The page has the schema in parts: the body again would only be another copy to read.
    post({
      type: 'done',
      id,
      summary: { warnings: prepared.warnings, roots: prepared.roots, loadedAt, fromCache: false, ...(unchanged ? { unchanged } : {}) },
      outcome: { ...outcome, bodyText: '', json: undefined },
    })
    return { prepared, schema: read.schema, unchanged }
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
      if (format === 'introspection') {
        // From the text, so a problem graphql-js finds is placed in it.
        const read = readIntrospection(body)
        postTypes(id, read.introspection, post)
        built = read.schema
      } else {
        built = schemaFromSDL(body)
        const { introspectionOf } = await import('./schema-introspection')
        postTypes(id, introspectionOf(built), post)
      }
      for (const json of inParts(describeSchemaTypes(built))) post({ type: 'docs', id, json })
      post({ type: 'done', id, summary: { warnings: schemaWarnings(built), roots: docsRoots(built), loadedAt: now(), fromCache: false } })
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
        const change = replaced.get(request.key)
        replaced.delete(request.key)
        if (!change) return post({ type: 'changes', id: request.id, diff: undefined })
        // Loaded on first use: these jobs also run on the page (no workers), whose chunk must not carry it.
        const { diffSchemas } = await import('@/features/graphql/core/schema/schema-diff')
        const types = change.before.types.flatMap((json) => JSON.parse(json) as IntrospectionQuery['__schema']['types'][number][])
        // Checked when it was stored: built as it is, not checked again.
        const before = buildClientSchema({ __schema: { ...change.before.schema, types } }, { assumeValid: true })
        return post({ type: 'changes', id: request.id, diff: diffSchemas(before, change.after) })
      }
      case 'cached': {
        const record = deps.cache ? await storageKey(request.key).then((key) => deps.cache?.get(key)).catch(() => undefined) : undefined
        // Another version's record, or a damaged one, counts as none.
        if (record?.version !== CACHE_VERSION || !isTextList(record.types) || !isTextList(record.docs)) return post({ type: 'miss', id: request.id })
        // Checked when it was stored and kept in parts: sent as it is, nothing parsed or rebuilt here.
        for (const json of record.types) post({ type: 'types', id: request.id, json })
        post({ type: 'start', id: request.id, schema: record.schema })
        for (const json of record.docs) post({ type: 'docs', id: request.id, json })
        post({ type: 'done', id: request.id, summary: { warnings: record.warnings, roots: record.roots, loadedAt: record.loadedAt, fromCache: true } })
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
          if (usable && !answered.unchanged) replaced.set(request.key, { before: usable, after: answered.schema })
          else replaced.delete(request.key)
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
