import { markRaw, ref, shallowRef, watch } from 'vue'
import { defineStore } from 'pinia'
import type { GraphQLSchema } from 'graphql'
import type { SchemaDiff } from '@/features/graphql/core/schema/schema-diff'
import type { BrokenOperation, SavedOperation } from '@/features/graphql/core/schema/revalidate'
import { yieldToEventLoop } from '@/shared/core/yield'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { pasteSchema, schemaChanges } from '../io/schema-load'
import { useGraphQLSchemaStore } from './graphql-schema'
import { useGraphQLTabsStore } from './graphql-tabs'
import { useGraphQLHistoryStore } from './graphql-history'

/** What the schema-change guard found. */
export interface SchemaGuardReport {
  /** `reload`: the endpoint's schema was replaced; `compare`: two pasted schemas. */
  kind: 'reload' | 'compare'
  /** The endpoint whose operations were re-checked. */
  endpoint: string
  diff: SchemaDiff
  /** The saved operations the change broke, with their located errors. */
  broken: BrokenOperation[]
  /** How many saved operations were re-checked. */
  checked: number
}

/** A pasted schema the comparison could not read, placed in its field. */
export interface CompareError {
  field: 'old' | 'new'
  message: string
  line?: number
  column?: number
}

/**
 * The schema-change guard: whenever an endpoint's schema is replaced by another (reloaded, a cached
 * one refreshed, pasted), what changed (breaking, dangerous, safe) and which saved operations (open
 * tabs and history entries for that endpoint) the change broke; also the same for two schemas pasted
 * side by side ("Compare two schemas"). The diff and re-check load on first use.
 */
export const useGraphQLSchemaGuardStore = defineStore('graphql-schema-guard', () => {
  const schema = useGraphQLSchemaStore()
  const { announce } = useAnnouncer()
  /** The last report. @default undefined */
  const report = shallowRef<SchemaGuardReport>()
  /** Whether a comparison is running. @default false */
  const checking = ref(false)
  /** Whether the "Compare two schemas" form is open. @default false */
  const compareOpen = ref(false)
  /** The compare form's texts; kept when rejected. @default '' */
  const compareOld = ref('')
  const compareNew = ref('')
  /** Why a pasted schema could not be compared. @default undefined */
  const compareError = ref<CompareError>()
  let controller: AbortController | undefined

  /** The open tabs' and history entries' operations sent to `endpoint`. */
  function savedOperations(endpoint: string): SavedOperation[] {
    const tabs = useGraphQLTabsStore()
    const history = useGraphQLHistoryStore()
    const forEndpoint = (url: string) => url.trim() === endpoint
    return [
      ...tabs.requests.filter((t) => forEndpoint(t.request.endpoint) && t.request.query.trim() !== '').map((t) => ({ id: t.id, label: t.title, query: t.request.query, source: 'tab' as const })),
      ...history.entries.filter((e) => forEndpoint(e.endpoint)).map((e) => ({ id: e.id, label: e.operationName ?? 'Unnamed operation', query: e.query, source: 'history' as const })),
    ]
  }

  /**
   * Compares `previous` with `next` and re-checks the saved operations for `endpoint`. `unchanged`:
   * the schema worker found the two the same (a reload that brought the cached schema again), so
   * graphql-js's walk of both (a long task for a schema of GitHub's size) is skipped; `key`: the
   * load's cache key, under which the schema worker has worked out the changes itself.
   */
  async function check(
    kind: SchemaGuardReport['kind'],
    endpoint: string,
    previous: GraphQLSchema,
    next: GraphQLSchema,
    unchanged = false,
    key?: string,
  ): Promise<SchemaGuardReport | undefined> {
    controller?.abort()
    const run = (controller = new AbortController())
    checking.value = true
    try {
      const [{ diffSchemas, isEmptyDiff, schemaChangeSummary }, { revalidateOperations }] = await Promise.all([
        import('../core/schema/schema-diff'),
        import('../core/schema/revalidate'),
      ])
      if (unchanged) {
        report.value = markRaw({ kind, endpoint, diff: { breaking: [], dangerous: [], safe: [] }, broken: [], checked: savedOperations(endpoint).length })
        return report.value
      }
      // A load's changes are worked out in the schema worker when it knows them; else here.
      const diff = (key !== undefined ? await schemaChanges(key) : undefined) ?? diffSchemas(previous, next)
      if (run.signal.aborted) return undefined
      const operations = savedOperations(endpoint)
      const broken = await revalidateOperations(operations, next, previous, { pause: yieldToEventLoop, signal: run.signal })
      if (run.signal.aborted) return undefined
      const found = markRaw({ kind, endpoint, diff, broken, checked: operations.length })
      report.value = found
      if (kind === 'compare' || !isEmptyDiff(diff)) void announce(schemaChangeSummary(diff, broken.length))
      return found
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return undefined
      throw error
    } finally {
      if (controller === run) {
        checking.value = false
        controller = undefined
      }
    }
  }

  watch(
    () => schema.replaced,
    (change) => {
      if (!change) return
      // Let go of the schema before the change once it is being checked: one of GitHub's size is tens of megabytes.
      schema.replaced = undefined
      void check('reload', change.endpoint, change.previous, change.next, change.unchanged, change.key)
    },
  )

  /** Reads one pasted schema (in the schema worker), or says why not at its field. */
  async function readPasted(field: CompareError['field'], text: string): Promise<GraphQLSchema | undefined> {
    const result = await pasteSchema(text)
    if (result.kind === 'loaded') return result.loaded.schema
    const e = result.kind === 'refused' || result.kind === 'failed' ? result.error : undefined
    compareError.value = { field, message: e?.message ?? 'Not a schema.', ...(e?.line !== undefined ? { line: e.line } : {}), ...(e?.column !== undefined ? { column: e.column } : {}) }
    void announce(`Not compared: the ${field} schema: ${compareError.value.message}`)
    return undefined
  }

  /** Compares the two pasted schemas and re-checks the current endpoint's saved operations against the new one. */
  async function compare(): Promise<boolean> {
    compareError.value = undefined
    const previous = await readPasted('old', compareOld.value)
    if (!previous) return false
    const next = await readPasted('new', compareNew.value)
    if (!next) return false
    return (await check('compare', schema.endpoint, previous, next)) !== undefined
  }

  /** Opens a broken operation: its tab, or its history entry in a new tab. */
  function open(operation: SavedOperation): void {
    const tabs = useGraphQLTabsStore()
    if (operation.source === 'tab') {
      tabs.select(operation.id)
      return
    }
    tabs.openIncoming()
    useGraphQLHistoryStore().open(operation.id)
  }

  /** Puts the report away. */
  function dismiss(): void {
    report.value = undefined
  }

  return { report, checking, compareOpen, compareOld, compareNew, compareError, compare, open, dismiss }
})
