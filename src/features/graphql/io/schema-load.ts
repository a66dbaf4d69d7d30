/**
 * The page's side of the schema worker (schema-load.worker.ts): the schema of an endpoint,
 * introspected or read from the cache there, arrives in parts, each read in a task of its own; the
 * page then builds its own `GraphQLSchema` in slices (core `buildClientSchemaInSlices`) and the
 * docs index part by part, so no step is a long task. Why not hand over the worker's schema: a
 * `GraphQLSchema` is classes and closures, which cannot cross to the page; rebuilding it there in
 * one call (`buildClientSchema`) is a task of hundreds of milliseconds for GitHub's schema, as is
 * deserializing its whole introspection or docs model in one message. Where workers do not exist
 * (unit tests in node) or fail to start, the same jobs run on the page.
 */
import type { GraphQLSchema, IntrospectionType } from 'graphql'
import type { GraphQLOutcome } from '@/features/graphql/core/request'
import {
  SchemaInputError,
  buildClientSchemaInSlices,
  docsIndexBuilder,
  recordSchemaWarnings,
  type DocsIndex,
  type DocsType,
  type SchemaWarning,
} from '@/features/graphql/core/schema'
import { createWorkerClient } from '@/shared/io/worker-client'
import { createSchemaJobs, type SchemaCheck, type SchemaJobMessage, type SchemaJobRequest, type SchemaSendOptions } from './schema-jobs'
import type { SavedOperation } from '@/features/graphql/core/schema/revalidate'
import { openSchemaCache, type SchemaCacheStore } from './schema-cache'
import type { BuiltRequest } from '@/features/graphql/core/request'

/** A schema ready for the editor, the docs and the checks. */
export interface LoadedSchema {
  schema: GraphQLSchema
  docs: DocsIndex
  warnings: readonly SchemaWarning[]
  /** When the endpoint answered (epoch ms). */
  loadedAt: number
  fromCache: boolean
  /** Whether the endpoint answered with the schema already cached for it (nothing changed). */
  unchanged: boolean
  /** What names it to the schema worker, which holds it to work out a later change ({@link schemaChanges}). */
  handle?: string
}

/**
 * How a load ended. `failed`: the request failed, or `error` says why its answer is not a schema;
 * `refused`: a paste is not a schema, and `error` says why.
 */
export type SchemaLoadResult =
  | { kind: 'loaded'; loaded: LoadedSchema }
  | { kind: 'failed'; outcome: GraphQLOutcome; error?: SchemaInputError }
  | { kind: 'refused'; error: SchemaInputError }
  | { kind: 'miss' }

const client = createWorkerClient<SchemaJobRequest, SchemaJobMessage>({
  create: () => new Worker(new URL('./schema-load.worker.ts', import.meta.url), { type: 'module', name: 'schema-load' }),
  label: 'schema worker',
})

let here: ReturnType<typeof createSchemaJobs> | undefined
/** The jobs run on the page, with the page's cache. */
function jobsHere(): ReturnType<typeof createSchemaJobs> {
  if (here) return here
  let cache
  try {
    cache = openSchemaCache()
  } catch {
    cache = undefined // storage refused: no cache
  }
  return (here = createSchemaJobs({ cache }))
}

/**
 * The cache the jobs use where they run on the page (no workers: node tests); a test passes a
 * Map-backed one, or undefined for none.
 */
export function setPageSchemaCache(cache: SchemaCacheStore | undefined): void {
  here = createSchemaJobs({ cache })
}

/** The jobs run on the page (no workers: node tests); a test passes its own, e.g. to see the requests. */
export function setPageSchemaJobs(jobs: ReturnType<typeof createSchemaJobs>): void {
  here = jobs
}

/** Ends a slice: a new task, so input and paint come first. */
function pause(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/** Runs one job (in the worker when there is one) and assembles the schema from its parts. */
function runJob(request: (id: number) => SchemaJobRequest, signal: AbortSignal | undefined): Promise<SchemaLoadResult> {
  const types: IntrospectionType[] = []
  const docs = docsIndexBuilder()
  /** Stops the page's build when the worker finds the answer is not a schema after all. */
  const stopBuild = new AbortController()
  const buildSignal = signal ? AbortSignal.any([signal, stopBuild.signal]) : stopBuild.signal
  let building: Promise<GraphQLSchema> | undefined
  let finished: SchemaLoadResult | Promise<SchemaLoadResult> | undefined
  const onMessage = (message: SchemaJobMessage): SchemaLoadResult | Promise<SchemaLoadResult> | undefined => {
    switch (message.type) {
      case 'types':
        for (const type of JSON.parse(message.json) as IntrospectionType[]) types.push(type)
        return undefined
      case 'start':
        building = buildClientSchemaInSlices({ __schema: { ...message.schema, types } }, { pause, signal: buildSignal })
        // Its failure is read at `done`; a build stopped by `failed` is nobody's error.
        building.catch(() => undefined)
        return undefined
      case 'docs':
        docs.add(JSON.parse(message.json) as DocsType[])
        return undefined
      case 'miss':
      case 'forgotten':
      case 'changes':
      case 'compared':
        return { kind: 'miss' }
      case 'failed':
        stopBuild.abort()
        return { kind: 'failed', outcome: message.outcome, ...(message.error ? { error: new SchemaInputError(message.error) } : {}) }
      case 'refused':
        stopBuild.abort()
        return { kind: 'refused', error: new SchemaInputError(message.error) }
      case 'done': {
        const { summary } = message
        if (!building) return { kind: 'miss' }
        return building.then((schema) => {
          recordSchemaWarnings(schema, summary.warnings)
          return { kind: 'loaded', loaded: { schema, docs: docs.finish(summary.roots), warnings: summary.warnings, loadedAt: summary.loadedAt, fromCache: summary.fromCache, unchanged: summary.unchanged === true, ...(summary.handle !== undefined ? { handle: summary.handle } : {}) } }
        })
      }
    }
  }
  const inProcess = async (): Promise<SchemaLoadResult> => {
    const run = jobsHere()
    const job = request(0)
    const onAbort = () => void run({ type: 'abort', id: 0 }, () => undefined)
    signal?.addEventListener('abort', onAbort, { once: true })
    await run(job, (message) => {
      finished ??= onMessage(message)
    })
    signal?.removeEventListener('abort', onAbort)
    return finished ?? { kind: 'miss' }
  }
  if (typeof Worker === 'undefined') return inProcess()
  return client.run<SchemaLoadResult>({
    request,
    onMessage: (message, job) => {
      const result = onMessage(message)
      if (result) job.resolve(result)
    },
    // A worker that cannot start (a CSP forbidding workers): the same jobs on the page.
    onFailure: () => inProcess(),
    signal,
    cancel: { post: (id) => ({ type: 'abort', id }), result: () => ({ kind: 'failed', outcome: { kind: 'aborted', durationMs: 0 } }) },
  })
}

/**
 * Starts the schema worker before the first load, so the load does not wait for its script (the
 * page calls it as it opens). Does nothing where workers do not exist.
 */
export function warmSchemaWorker(): void {
  if (typeof Worker !== 'undefined') client.warm()
}

/**
 * Introspects the endpoint with `request` (retrying with `legacyRequest` when an older server
 * rejects the newer fields), stores the answer in the cache under `key`, and gives the schema.
 */
export function loadSchema(spec: { key: string; request: BuiltRequest; legacyRequest: BuiltRequest; options: SchemaSendOptions }, signal?: AbortSignal): Promise<SchemaLoadResult> {
  // Plain copies: reactive state is a Proxy, which postMessage cannot clone.
  const plain = (r: BuiltRequest): BuiltRequest => ({ url: r.url, method: r.method, headers: { ...r.headers }, body: r.body })
  const options: SchemaSendOptions = { ...spec.options, ...(spec.options.secretHeaders ? { secretHeaders: [...spec.options.secretHeaders] } : {}) }
  return runJob((id) => ({ type: 'load', id, key: spec.key, request: plain(spec.request), legacyRequest: plain(spec.legacyRequest), options }), signal)
}

/** Deletes what is cached under `key` (nothing when storage is unavailable). */
export async function forgetCachedSchema(key: string): Promise<void> {
  await runJob((id) => ({ type: 'forget', id, key }), undefined)
}

/** The schema cached under `key`, or `miss`. */
export function cachedSchema(key: string, signal?: AbortSignal): Promise<SchemaLoadResult> {
  return runJob((id) => ({ type: 'cached', id, key }), signal)
}

/**
 * Reads pasted SDL or introspection JSON as core `parseSchemaInput` does, in the schema worker,
 * and gives the schema built on the page in slices: `refused`, with the problem placed in the
 * text when it can be, when it is not a schema. Nothing is cached.
 */
export function pasteSchema(text: string, signal?: AbortSignal): Promise<SchemaLoadResult> {
  return runJob((id) => ({ type: 'paste', id, text }), signal)
}

/** Runs a job whose answer is one message (in the worker when there is one); undefined when the worker fails. */
function ask<T>(request: (id: number) => SchemaJobRequest, answer: (message: SchemaJobMessage) => T | undefined): Promise<T | undefined> {
  const inProcess = async (): Promise<T | undefined> => {
    let found: T | undefined
    await jobsHere()(request(0), (message) => {
      found ??= answer(message)
    })
    return found
  }
  if (typeof Worker === 'undefined') return inProcess()
  return client.run<T | undefined>({
    request,
    onMessage: (message, job) => {
      const found = answer(message)
      if (found !== undefined) job.resolve(found)
    },
    // The worker that handed out the schemas holds them; a new one (after a failure) knows none.
    onFailure: () => undefined,
  })
}

/** Plain copies: reactive state is a Proxy, which postMessage cannot clone. */
function plainOperations(operations: readonly SavedOperation[]): SavedOperation[] {
  return JSON.parse(JSON.stringify(operations)) as SavedOperation[]
}

/**
 * What changed from the schema the worker handed out as `before` to the one it handed out as
 * `after` (their {@link LoadedSchema.handle}s), and which of `operations` the change broke, worked
 * out in the schema worker: graphql-js walks both schemas and validates every operation, for
 * GitHub's schema far too long for the page. Undefined when the worker no longer holds either.
 * The worker lets go of `before`.
 */
export async function schemaChanges(before: string, after: string, operations: readonly SavedOperation[]): Promise<SchemaCheck | undefined> {
  const ops = plainOperations(operations)
  const found = await ask<{ check: SchemaCheck | undefined }>(
    (id) => ({ type: 'changes', id, before, after, operations: ops }),
    (message) => (message.type === 'changes' ? { check: message.check } : undefined),
  )
  return found?.check
}

/** How a comparison of two pasted schemas ended. */
export type SchemaCompareResult = { kind: 'compared'; check: SchemaCheck } | { kind: 'refused'; field: 'old' | 'new'; error: SchemaInputError } | { kind: 'failed' }

/**
 * Compares two pasted schemas (SDL or introspection JSON) and re-checks `operations` against the
 * new one, all in the schema worker: neither schema is built on the page. `refused` names the
 * paste that is not a schema, with the problem placed in its text when it can be.
 */
export async function compareSchemas(old: string, next: string, operations: readonly SavedOperation[]): Promise<SchemaCompareResult> {
  const ops = plainOperations(operations)
  const found = await ask<SchemaCompareResult>(
    (id) => ({ type: 'compare', id, old, new: next, operations: ops }),
    (message) => {
      if (message.type !== 'compared') return undefined
      if (message.refused) return { kind: 'refused', field: message.refused.field, error: new SchemaInputError(message.refused.error) }
      return message.check ? { kind: 'compared', check: message.check } : { kind: 'failed' }
    },
  )
  return found ?? { kind: 'failed' }
}
