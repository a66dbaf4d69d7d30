import { computed, markRaw, ref, shallowRef, watch } from 'vue'
import { defineStore } from 'pinia'
import type { GraphQLSchema } from 'graphql'
import type { NetworkErrorOutcome } from '@/features/graphql/core/request'
import { docsModel, schemaCacheKey, schemaInputOf, schemaWarnings, type DocsIndex } from '@/features/graphql/core/schema'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { useGraphQLInputStore } from './graphql-input'
import { useGraphQLEnvironmentsStore } from './graphql-environments'
import { rowsToHeaders, secretHeaderNames } from '../core/tester'
import { warningsSuffix, type PasteError, type SchemaEntry, type SchemaState } from '@/features/graphql/core/schema/load-status'
import { countOf } from '@/shared/core/format'
import { forgetCachedSchema, pasteSchema, type LoadedSchema } from '../io/schema-load'
import { useSchemaChecks } from './graphql-schema-checks'
import { useSchemaLoader } from './graphql-schema-loader'

export { REFRESH_AFTER_MS } from './graphql-schema-loader'
export type { PasteError, SchemaState } from '@/features/graphql/core/schema/load-status'

const docsCache = new WeakMap<GraphQLSchema, DocsIndex>()

const handleOf = (loaded: LoadedSchema): { handle?: string } => (loaded.handle !== undefined ? { handle: loaded.handle } : {})

/**
 * Schema intelligence of the GraphQL tester: the schema per endpoint (loaded by introspection with
 * the current headers, or pasted as SDL / introspection JSON), kept in memory for this tab and
 * marked stale when the endpoint or a credential header changes; the docs model; and the query
 * and variables problems found with it. The endpoint and headers are read with the picked
 * environment substituted, as a Send would send them. Reads the tester's inputs ({@link useGraphQLInputStore})
 * and never writes them: the tester asks `variablesBlockingSend` before sending and
 * `filledVariables` for "Fill variables". Loads are {@link useSchemaLoader}'s, the checks
 * {@link useSchemaChecks}'s; this file holds the entries, their state, the paste and forgetting.
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
  /** Whether the pasted text is being read (in the schema worker). @default false */
  const pasteReading = ref(false)
  /**
   * An endpoint's schema just replaced by another (a reload, a refresh of a cached one, a paste):
   * the schema worker's handles of the schema before and after (it works out the change), and
   * whether it found them the same. The schema-change guard takes it and sets it back to undefined.
   * @default undefined
   */
  const replaced = shallowRef<{ endpoint: string; before?: string; after?: string; unchanged: boolean }>()

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
    remember({ endpoint: url, schema: markRaw(loaded.schema), key, source: 'introspection', loadedAt: loaded.loadedAt, ...(loaded.fromCache ? { fromCache: true } : {}), ...handleOf(loaded) }, loaded.unchanged)
  }

  /** Keeps `next` as its endpoint's schema. `unchanged`: the worker found it the same as the one cached. */
  function remember(next: Omit<SchemaEntry, 'typeCount' | 'warnings'>, unchanged = false): void {
    const map = new Map(entries.value)
    const previous = map.get(next.endpoint)
    if (previous && previous.schema !== next.schema) {
      replaced.value = { endpoint: next.endpoint, unchanged, ...(previous.handle !== undefined ? { before: previous.handle } : {}), ...(next.handle !== undefined ? { after: next.handle } : {}) }
    }
    map.delete(next.endpoint) // re-inserted last: the most recently used
    const typeCount = Object.keys(next.schema.getTypeMap()).filter((name) => !name.startsWith('__')).length
    map.set(next.endpoint, { ...next, typeCount, warnings: schemaWarnings(next.schema) })
    entries.value = map
  }

  const loader = useSchemaLoader({
    endpoint,
    unresolved: computed(() => (resolved.value.ok ? undefined : resolved.value.error.message)),
    credentialHeaders,
    entry,
    loading,
    error,
    note,
    loadOutcome,
    pasteOpen,
    rememberLoaded,
    announce,
    saidCount,
  })

  /** The paste being read, so "Use this schema" pressed again meanwhile reads it once. */
  let applying: Promise<boolean> | undefined

  /**
   * Uses the pasted SDL or introspection JSON as this endpoint's schema; on error the text stays.
   * Read and checked in the schema worker and built here in slices, as a loaded schema is, so a
   * schema the size of GitHub's does not stop the page.
   */
  function applyPaste(): Promise<boolean> {
    if (!applying) {
      pasteReading.value = true
      applying = applyPasteNow().finally(() => {
        applying = undefined
        pasteReading.value = false
      })
    }
    return applying
  }

  async function applyPasteNow(): Promise<boolean> {
    pasteError.value = undefined
    const text = pasteText.value
    const url = endpoint.value
    const key = await schemaCacheKey(url, credentialHeaders.value.headers, credentialHeaders.value.secret)
    const result = await pasteSchema(text)
    if (result.kind === 'refused') {
      const e = result.error
      pasteError.value = { message: e.message, ...(e.line !== undefined ? { line: e.line } : {}), ...(e.column !== undefined ? { column: e.column } : {}) }
      void announce(`Schema not used: ${e.message}`)
      return false
    }
    if (result.kind !== 'loaded') throw new Error('The schema worker gave no schema for the paste.')
    const { loaded } = result
    const format = schemaInputOf(text).format
    docsCache.set(loaded.schema, markRaw(loaded.docs))
    remember({ endpoint: url, schema: markRaw(loaded.schema), key, source: format === 'sdl' ? 'sdl' : 'introspection-json', loadedAt: loaded.loadedAt, ...handleOf(loaded) })
    error.value = undefined
    note.value = undefined
    loadOutcome.value = undefined
    pasteOpen.value = false
    void announce(`Schema set from pasted ${format === 'sdl' ? 'SDL' : 'introspection JSON'}: ${countOf(entry.value?.typeCount ?? 0, 'type')}${warningsSuffix(loaded.warnings.length)}`)
    return true
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

  const checks = useSchemaChecks({ inputs, schema, state })

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
    loadsStarted: loader.loadsStarted,
    error,
    note,
    loadOutcome,
    docsIndex,
    pasteOpen,
    pasteText,
    pasteError,
    pasteReading,
    replaced,
    queryProblems: checks.queryProblems,
    variableProblems: checks.variableProblems,
    variablesContext: checks.variablesContext,
    load: loader.load,
    cancel: loader.cancel,
    whenIdle: loader.whenIdle,
    applyPaste,
    forget,
    dismissError,
    variablesBlockingSend: checks.variablesBlockingSend,
    filledVariables: checks.filledVariables,
  }
})
