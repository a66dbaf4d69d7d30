import { computed, markRaw, readonly, ref, shallowRef, watch } from 'vue'
import { defineStore } from 'pinia'
import { refDebounced } from '@vueuse/core'
import type { GraphQLSchema } from 'graphql'
import { buildGraphQLRequest, type NetworkErrorOutcome } from '@/features/graphql/core/request'
import {
  SchemaInputError,
  docsModel,
  introspectionRequestBody,
  mergeVariableSkeleton,
  parseSchemaInput,
  schemaCacheKey,
  schemaWarnings,
  validateQuery,
  validateVariables,
  variableSkeleton,
  type DocsIndex,
  type QueryProblem,
  type VariableProblem,
  type VariablesContext,
} from '@/features/graphql/core/schema'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { useGraphQLInputStore } from './graphql-input'
import { httpUrl } from '../core/stream'
import { useGraphQLEnvironmentsStore } from './graphql-environments'
import { rowsToHeaders, secretHeaderNames, type FieldError } from '../core/tester'
import { introspectionFailure, quietNote, warningsSuffix, type PasteError, type SchemaEntry, type SchemaState } from '@/features/graphql/core/schema/load-status'
import { countOf } from '@/shared/core/format'
import { cachedSchema, forgetCachedSchema, loadSchema, type LoadedSchema } from '../io/schema-load'

/** A schema from the cache older than this is refreshed from the endpoint in the background on arrival. */
export const REFRESH_AFTER_MS = 10 * 60_000

export type { PasteError, SchemaState } from '@/features/graphql/core/schema/load-status'

const docsCache = new WeakMap<GraphQLSchema, DocsIndex>()

/**
 * Schema intelligence of the GraphQL tester: the schema per endpoint (loaded by introspection with
 * the current headers, or pasted as SDL / introspection JSON), kept in memory for this tab and
 * marked stale when the endpoint or a credential header changes; the docs model; and the query
 * and variables problems found with it. The endpoint and headers are read with the picked
 * environment substituted, as a Send would send them. Reads the tester's inputs ({@link useGraphQLInputStore})
 * and never writes them: the tester asks {@link variablesBlockingSend} before sending and
 * {@link filledVariables} for "Fill variables".
 */
export const useGraphQLSchemaStore = defineStore('graphql-schema', () => {
  const inputs = useGraphQLInputStore()
  const { announce, saidCount } = useAnnouncer()

  /** Schemas by endpoint; the most recently used last. */
  const entries = shallowRef(new Map<string, SchemaEntry>())
  /** The cache key of the current endpoint and credentials (computed asynchronously). */
  const currentKey = ref<string>()
  /** Whether an introspection request is in flight. */
  const loading = ref(false)
  /** Why the last load failed (a sentence), or undefined. */
  const error = ref<string>()
  /** Why the last quiet load (on arrival) gave no schema: a calm sentence, not an error. */
  const note = ref<string>()
  /** The last load's network error, for the CORS help and its curl command. */
  const loadOutcome = shallowRef<NetworkErrorOutcome>()
  /** Whether the paste form is open. @default false */
  const pasteOpen = ref(false)
  /** The paste form's text; kept when it is rejected, so nothing typed is lost. @default '' */
  const pasteText = ref('')
  /** Why the pasted text was rejected, placed in it. */
  const pasteError = ref<PasteError>()
  let controller: AbortController | undefined
  /** Settles when no load is running. */
  let idle: Promise<void> = Promise.resolve()

  const environments = useGraphQLEnvironmentsStore()
  // What a Send would use: the environment substituted; the text as typed while a reference is unresolved.
  const resolved = computed(() => environments.resolve({ endpoint: inputs.endpoint.trim(), variables: '', headers: inputs.headers, query: '' }))
  const endpoint = computed(() => (resolved.value.ok ? resolved.value.inputs.endpoint : inputs.endpoint.trim()))
  const headerRows = computed(() => (resolved.value.ok ? resolved.value.inputs.headers : inputs.headers))
  const credentialHeaders = computed(() => ({ headers: rowsToHeaders(headerRows.value), secret: secretHeaderNames(headerRows.value) }))

  watch(
    [endpoint, credentialHeaders],
    async ([url, { headers, secret }]) => {
      const key = await schemaCacheKey(url, headers, secret)
      // A later edit may have finished first; only the newest inputs count.
      if (url === endpoint.value && headers === credentialHeaders.value.headers) currentKey.value = key
    },
    { immediate: true },
  )

  /** This endpoint's entry, else the last one used (shown as stale: it belongs to another endpoint). */
  const entry = computed<SchemaEntry | undefined>(() => {
    const map = entries.value
    return map.get(endpoint.value) ?? [...map.values()].at(-1)
  })

  /** The schema for completion, docs and checks; may be stale (see `state`). */
  const schema = computed(() => entry.value?.schema)
  /** Whether the schema was loaded for other inputs than the current ones. */
  const staleReason = computed<'endpoint' | 'auth' | undefined>(() => {
    const e = entry.value
    if (!e) return undefined
    if (e.endpoint !== endpoint.value) return 'endpoint'
    if (currentKey.value !== undefined && e.key !== currentKey.value) return 'auth'
    return undefined
  })
  /** What the status line shows. */
  const state = computed<SchemaState>(() => {
    if (loading.value) return 'loading'
    if (error.value) return 'error'
    if (note.value) return 'unavailable'
    if (!entry.value) return 'none'
    return staleReason.value ? 'stale' : 'ready'
  })
  /** The docs explorer model of the schema (built once per schema). */
  const docsIndex = computed(() => {
    const s = schema.value
    if (!s) return undefined
    let index = docsCache.get(s)
    // markRaw: a GitHub-sized model has tens of thousands of objects that never change; proxying them is waste.
    if (!index) docsCache.set(s, (index = markRaw(docsModel(s))))
    return index
  })

  /** Keeps a schema from the schema worker, with its prepared docs index. */
  function rememberLoaded(url: string, key: string, loaded: LoadedSchema): void {
    docsCache.set(loaded.schema, markRaw(loaded.docs))
    remember({ endpoint: url, schema: markRaw(loaded.schema), key, source: 'introspection', loadedAt: loaded.loadedAt, ...(loaded.fromCache ? { fromCache: true } : {}) })
  }

  function remember(next: Omit<SchemaEntry, 'typeCount' | 'warnings'>): void {
    const map = new Map(entries.value)
    map.delete(next.endpoint) // re-inserted last: the most recently used
    const typeCount = Object.keys(next.schema.getTypeMap()).filter((name) => !name.startsWith('__')).length
    map.set(next.endpoint, { ...next, typeCount, warnings: schemaWarnings(next.schema) })
    entries.value = map
  }

  /** The load in flight: for which endpoint, whether it is still one nobody asked for, whether it was cancelled. */
  let running: { quiet: boolean; endpoint: string; cancelled: boolean } | undefined
  /** How many loads have started (asked for or not); a load due on arrival skips itself when this moved. @default 0 */
  const loadsStarted = ref(0)

  /**
   * Runs the standard introspection query against the endpoint with the current headers and keeps
   * the schema for this endpoint. Retries once with the pre-2021 query when an older server rejects
   * the newer fields. Failures land in `error` (and `loadOutcome` for network errors); a `quiet`
   * load (on arrival, nobody asked) puts them in `note` instead and announces only success, and
   * that only when nothing else was said while it ran.
   *
   * @param how.quiet - the load nobody asked for. @default false
   * @param how.saidSince - for a quiet load: the announcer's `saidCount()` when the load became
   *   due (the page opened, the endpoint changed); anything said after it keeps the load silent.
   *   @default the count when the load starts
   * @param how.cacheFirst - use the schema cached in this browser for the endpoint and credentials
   *   when there is one, refreshing it from the endpoint when older than {@link REFRESH_AFTER_MS}.
   *   @default false
   */
  function load(how: { quiet?: boolean; saidSince?: number; cacheFirst?: boolean } = {}): Promise<void> {
    if (running && !running.cancelled && running.endpoint === endpoint.value) {
      // Asked for while a load nobody asked for runs: that load now answers as the user's.
      if (!how.quiet && running.quiet) {
        running.quiet = false
        void announce('Loading schema…')
      }
      return idle
    }
    if (running) {
      // A load for the endpoint before an edit, or one cancelled and still winding down: this one
      // starts once it has ended (it never answers for this endpoint).
      cancel()
      return idle.then(() => load(how))
    }
    const run = { quiet: how.quiet === true, endpoint: endpoint.value, cancelled: false }
    running = run
    loadsStarted.value += 1
    const done = loadNow(run, how.saidSince, how.cacheFirst === true).finally(() => {
      if (running === run) running = undefined
    })
    idle = done.catch(() => undefined)
    return done
  }

  async function loadNow(run: { quiet: boolean; cancelled: boolean }, saidSince: number | undefined, cacheFirst: boolean): Promise<void> {
    const saidBefore = saidSince ?? saidCount()
    error.value = undefined
    note.value = undefined
    loadOutcome.value = undefined
    const fail = (message: string, outcome?: NetworkErrorOutcome, quietMessage = message) => {
      if (run.quiet) {
        note.value = quietMessage
        return
      }
      if (outcome) loadOutcome.value = outcome
      error.value = message
      void announce(message)
    }
    if (!resolved.value.ok) {
      // A {{name}} the picked environment does not define: say which, as a Send would.
      if (!run.quiet) fail(`Could not load the schema: ${resolved.value.error.message}`)
      return
    }
    const url = endpoint.value
    // Computed here, not read from currentKey: that one may still describe the endpoint before an edit.
    const key = await schemaCacheKey(url, credentialHeaders.value.headers, credentialHeaders.value.secret)
    // Cancelled while the key was computed (before there was a request to abort).
    if (run.cancelled) return
    const origin = typeof location === 'undefined' ? undefined : location.origin
    let request
    let legacyRequest
    try {
      // A ws(s):// endpoint (a WebSocket server) answers introspection at the same server's http(s)://.
      request = buildGraphQLRequest({ endpoint: httpUrl(url), ...introspectionRequestBody(), headers: rowsToHeaders(headerRows.value) }, origin ? { pageOrigin: origin } : {})
      legacyRequest = buildGraphQLRequest({ endpoint: httpUrl(url), ...introspectionRequestBody({ legacy: true }), headers: rowsToHeaders(headerRows.value) }, origin ? { pageOrigin: origin } : {})
    } catch (e) {
      // Quiet: an endpoint still being typed is no news.
      if (!run.quiet) fail(`Could not load the schema: ${e instanceof Error ? e.message : String(e)}`)
      return
    }
    controller = new AbortController()
    const signal = controller.signal
    const said = (loaded: LoadedSchema) => {
      // Said on arrival too (completion, checks and Docs now work, which a screen reader user cannot
      // see), unless something was said meanwhile: a load nobody asked for never talks over a Send's outcome.
      if (!run.quiet || saidCount() === saidBefore) {
        void announce(`Schema loaded${loaded.fromCache ? ' from this browser’s cache' : ''}: ${countOf(entry.value?.typeCount ?? 0, 'type')}${warningsSuffix(entry.value?.warnings.length ?? 0)}`)
      }
    }
    if (cacheFirst) {
      const cached = await cachedSchema(key, signal).catch(() => undefined)
      if (run.cancelled) return
      if (cached?.kind === 'loaded') {
        rememberLoaded(url, key, cached.loaded)
        said(cached.loaded)
        // Fresh enough: done. Older: refreshed below, the cached schema in use meanwhile.
        if (Date.now() - cached.loaded.loadedAt < REFRESH_AFTER_MS) {
          controller = undefined
          return
        }
      }
    }
    loading.value = true
    if (!run.quiet) void announce('Loading schema…')
    const options = {
      online: typeof navigator === 'undefined' ? true : navigator.onLine,
      secretHeaders: [...credentialHeaders.value.secret],
      ...(origin ? { pageOrigin: origin } : {}),
    }
    let result
    try {
      result = await loadSchema({ key, request, legacyRequest, options }, signal)
    } catch (e) {
      result = e instanceof DOMException && e.name === 'AbortError' ? ({ kind: 'failed', outcome: { kind: 'aborted', durationMs: 0 } } as const) : undefined
      if (!result) {
        loading.value = false
        controller = undefined
        fail(`Could not load the schema: ${e instanceof Error ? e.message : String(e)}`)
        return
      }
    }
    loading.value = false
    controller = undefined
    if (result.kind === 'loaded') {
      rememberLoaded(url, key, result.loaded)
      pasteOpen.value = false
      said(result.loaded)
      return
    }
    if (result.kind === 'miss') return
    const { outcome, error: buildError } = result
    if (outcome.kind === 'aborted') {
      if (!run.quiet) void announce('Schema loading cancelled')
      return
    }
    if (outcome.kind !== 'response') {
      fail(introspectionFailure(outcome), outcome.kind === 'network-error' ? outcome : undefined, quietNote(outcome))
      return
    }
    fail(introspectionFailure(outcome, buildError), undefined, quietNote(outcome, buildError))
  }

  /** Stops a schema load in flight. */
  function cancel(): void {
    if (running) running.cancelled = true
    controller?.abort()
  }

  /** Settles once no schema load is running (at once when none is). */
  function whenIdle(): Promise<void> {
    return idle
  }

  /** Uses the pasted SDL or introspection JSON as this endpoint's schema; on error the text stays. */
  async function applyPaste(): Promise<boolean> {
    pasteError.value = undefined
    try {
      const parsed = parseSchemaInput(pasteText.value)
      const url = endpoint.value
      const key = await schemaCacheKey(url, credentialHeaders.value.headers, credentialHeaders.value.secret)
      remember({ endpoint: url, schema: parsed.schema, key, source: parsed.format === 'sdl' ? 'sdl' : 'introspection-json', loadedAt: Date.now() })
      error.value = undefined
      note.value = undefined
      loadOutcome.value = undefined
      pasteOpen.value = false
      void announce(`Schema set from pasted ${parsed.format === 'sdl' ? 'SDL' : 'introspection JSON'}: ${countOf(entry.value?.typeCount ?? 0, 'type')}${warningsSuffix(parsed.warnings.length)}`)
      return true
    } catch (e) {
      if (!(e instanceof SchemaInputError)) throw e
      pasteError.value = { message: e.message, ...(e.line !== undefined ? { line: e.line } : {}), ...(e.column !== undefined ? { column: e.column } : {}) }
      void announce(`Schema not used: ${e.message}`)
      return false
    }
  }

  /** Forgets the schema of the current endpoint, in this browser's cache too (and a failed load's message). */
  function forget(): void {
    const map = new Map(entries.value)
    const current = entry.value
    if (current) map.delete(current.endpoint)
    // From this browser's cache too: the next visit would bring it back otherwise.
    if (current?.source === 'introspection') void forgetCachedSchema(current.key).catch(() => undefined)
    entries.value = map
    error.value = undefined
    note.value = undefined
    loadOutcome.value = undefined
    void announce('Schema forgotten')
  }

  /** Dismisses a failed load's message, keeping any schema. */
  function dismissError(): void {
    error.value = undefined
    note.value = undefined
    loadOutcome.value = undefined
  }

  // Checks run on a short pause in typing; variablesBlockingSend always uses the current text.
  const queryText = refDebounced(computed(() => inputs.query), 150)
  const variablesText = refDebounced(computed(() => inputs.variables), 150)
  const operation = computed(() => (inputs.namedOperations.length > 1 ? inputs.operationName || undefined : undefined))

  /** The query checked against the schema (errors and deprecation warnings), located. */
  const queryProblems = computed<QueryProblem[]>(() => (schema.value ? validateQuery(schema.value, queryText.value) : []))

  function variableProblemsOf(variables: string, query: string): VariableProblem[] {
    if (!schema.value) return []
    try {
      return validateVariables(schema.value, query, operation.value, variables)
    } catch {
      return [] // no operation picked yet, or a query that does not parse: reported at those fields
    }
  }
  /** The variables checked against the operation's declared types, located in the variables text. */
  const variableProblems = computed(() => variableProblemsOf(variablesText.value, queryText.value))
  /** What the variables editor completes and explains from: the schema, the current query and operation. */
  const variablesContext = computed<VariablesContext | undefined>(() =>
    schema.value ? { schema: schema.value, document: inputs.query, operationName: operation.value } : undefined,
  )

  /**
   * The first variables problem a fresh schema finds in the current text (not the debounced one),
   * at the variables field: the tester does not send while there is one. A stale schema only
   * advises, so it never blocks.
   */
  function variablesBlockingSend(): FieldError | undefined {
    if (state.value !== 'ready') return undefined
    const first = variableProblemsOf(inputs.variables, inputs.query).find((p) => p.severity === 'error')
    return first ? { field: 'variables', message: first.message, line: first.line, column: first.column } : undefined
  }

  /**
   * The variables text "Fill variables" would produce: the operation's variable definitions (typed
   * by the schema when there is one) merged into the current text, keeping every value already
   * typed. Changes nothing; the tester writes the text. Refuses, with the problem at its field,
   * when the query does not parse or the current text is not a JSON object.
   */
  function filledVariables(): { ok: true; text: string } | { ok: false; error: FieldError } {
    let skeleton: string
    try {
      skeleton = variableSkeleton(inputs.query, operation.value, schema.value)
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e)
      return { ok: false, error: { field: 'query', message: `Variables not filled: ${message}` } }
    }
    const merged = mergeVariableSkeleton(skeleton, inputs.variables)
    if (!merged.ok) return { ok: false, error: { field: 'variables', message: `Variables not filled: ${merged.message}`, line: merged.line, column: merged.column } }
    return { ok: true, text: merged.text }
  }

  return {
    entries,
    schema,
    state,
    staleReason,
    source: computed(() => entry.value?.source),
    typeCount: computed(() => entry.value?.typeCount),
    warnings: computed(() => entry.value?.warnings ?? []),
    loadedAt: computed(() => entry.value?.loadedAt),
    /** Whether the schema in use came from this browser's cache (its age is `loadedAt`). */
    fromCache: computed(() => entry.value?.fromCache === true),
    /** The endpoint the schema is for: the typed one with the environment substituted. */
    endpoint,
    loading,
    loadsStarted: readonly(loadsStarted),
    error,
    note,
    loadOutcome,
    docsIndex,
    pasteOpen,
    pasteText,
    pasteError,
    queryProblems,
    variableProblems,
    variablesContext,
    load,
    cancel,
    whenIdle,
    applyPaste,
    forget,
    dismissError,
    variablesBlockingSend,
    filledVariables,
  }
})
