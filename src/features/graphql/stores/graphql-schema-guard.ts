import { markRaw, ref, shallowRef, watch } from 'vue'
import { defineStore } from 'pinia'
import type { SchemaDiff } from '@/features/graphql/core/schema/schema-diff'
import type { BrokenOperation, SavedOperation } from '@/features/graphql/core/schema/revalidate'
import type { SchemaCheck } from '../io/schema-jobs'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { compareSchemas, schemaChanges } from '../io/schema-load'
import { useGraphQLSchemaStore } from './graphql-schema'
import { useGraphQLEnvironmentsStore } from './graphql-environments'
import { useGraphQLTabsStore } from './graphql-tabs'
import { useGraphQLHistoryStore } from './graphql-history'
import { useGraphQLCollectionsStore } from './graphql-collections'

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
 * side by side ("Compare two schemas"). The diff and the re-check run in the schema worker, which
 * holds both schemas: the page only sends the saved operations and receives what broke.
 * Saved operations are the endpoint's open tabs, history entries and collection requests.
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
  /** Counts checks, so only the latest one's answer is shown. */
  let generation = 0

  /**
   * The open tabs', history entries' and collection requests' operations sent to `endpoint` (as
   * resolved: the environment substituted). A saved endpoint written with `{{baseUrl}}` is resolved
   * with the environment in use, as a Send of it would be; one that does not resolve is compared as
   * written. The collections are read first (the Collections panel may never have been opened); their
   * IndexedDB code is loaded then (the store's own chunk), not with the page.
   */
  async function savedOperations(endpoint: string): Promise<SavedOperation[]> {
    const tabs = useGraphQLTabsStore()
    const history = useGraphQLHistoryStore()
    const environments = useGraphQLEnvironmentsStore()
    const forEndpoint = (url: string) => {
      const text = url.trim()
      if (!text.includes('{{')) return text === endpoint
      const resolved = environments.resolve({ endpoint: text, variables: '', headers: [], query: '' })
      return (resolved.ok ? resolved.inputs.endpoint : text) === endpoint
    }
    const collections = useGraphQLCollectionsStore()
    const [{ collectionOperations }] = await Promise.all([import('../core/collections/saved-operations'), collections.load()])
    return [
      ...tabs.requests.filter((t) => forEndpoint(t.request.endpoint) && t.request.query.trim() !== '').map((t) => ({ id: t.id, label: t.title, query: t.request.query, source: 'tab' as const })),
      ...history.entries.filter((e) => forEndpoint(e.endpoint)).map((e) => ({ id: e.id, label: e.operationName ?? 'Unnamed operation', query: e.query, source: 'history' as const })),
      ...collectionOperations(collections.collections, forEndpoint),
    ]
  }

  /**
   * Reports a change: asks `work` (the schema worker) for what changed and which of the saved
   * operations for `endpoint` it broke. `unchanged`: the worker found the schemas the same (a
   * reload that brought the cached schema again), so nothing is asked.
   */
  async function check(
    kind: SchemaGuardReport['kind'],
    endpoint: string,
    work: (operations: SavedOperation[]) => Promise<SchemaCheck | undefined>,
    unchanged = false,
  ): Promise<SchemaGuardReport | undefined> {
    const run = (generation += 1)
    checking.value = true
    try {
      const operations = await savedOperations(endpoint)
      if (run !== generation) return undefined
      if (unchanged) {
        report.value = markRaw({ kind, endpoint, diff: { breaking: [], dangerous: [], safe: [] }, broken: [], checked: operations.length })
        return report.value
      }
      const [found, { isEmptyDiff, schemaChangeSummary }] = await Promise.all([work(operations), import('../core/schema/schema-diff')])
      // A later change (or comparison) answers instead.
      if (!found || run !== generation) return undefined
      const result = markRaw({ kind, endpoint, diff: found.diff, broken: found.broken, checked: operations.length })
      report.value = result
      if (kind === 'compare' || !isEmptyDiff(found.diff)) void announce(schemaChangeSummary(found.diff, found.broken.length))
      return result
    } finally {
      if (run === generation) checking.value = false
    }
  }

  watch(
    () => schema.replaced,
    (change) => {
      if (!change) return
      // Taken: the store keeps no change once it is being checked.
      schema.replaced = undefined
      const { before, after } = change
      // The worker handed out both (every schema comes from it); where it did not, nothing can be compared.
      void check('reload', change.endpoint, (operations) => (before !== undefined && after !== undefined ? schemaChanges(before, after, operations) : Promise.resolve(undefined)), change.unchanged)
    },
  )

  /** Compares the two pasted schemas (in the schema worker) and re-checks the current endpoint's saved operations against the new one. */
  async function compare(): Promise<boolean> {
    compareError.value = undefined
    let refused = false
    const found = await check('compare', schema.endpoint, async (operations) => {
      const result = await compareSchemas(compareOld.value, compareNew.value, operations)
      if (result.kind === 'compared') return result.check
      if (result.kind === 'refused') {
        refused = true
        const e = result.error
        compareError.value = { field: result.field, message: e.message, ...(e.line !== undefined ? { line: e.line } : {}), ...(e.column !== undefined ? { column: e.column } : {}) }
        void announce(`Not compared: the ${result.field} schema: ${e.message}`)
      }
      return undefined
    })
    if (!found && !refused) {
      compareError.value = { field: 'new', message: 'The schemas could not be compared: the schema worker stopped. Try again.' }
      void announce(`Not compared: ${compareError.value.message}`)
    }
    return found !== undefined
  }

  /** Opens a broken operation: its tab, or its history entry or collection request in a new tab. */
  async function open(operation: SavedOperation): Promise<void> {
    const tabs = useGraphQLTabsStore()
    if (operation.source === 'tab') {
      tabs.select(operation.id)
      return
    }
    if (operation.source === 'collection') {
      if (operation.at) useGraphQLCollectionsStore().openRequest(operation.at.collection, operation.at.path)
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
