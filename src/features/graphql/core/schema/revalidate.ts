/**
 * Re-checking saved operations (open tabs, history entries, collection requests) against a schema that changed: each
 * one is validated with graphql-js as the query editor validates it (core `validateQuery`), and
 * those with errors the old schema did not give are the ones the change broke. The list is worked
 * through in slices of a few milliseconds, pausing between them, so hundreds of operations never
 * make one long task.
 */
import type { GraphQLSchema } from 'graphql'
import type { SliceOptions } from './build-sliced'
import { validateQuery, type QueryProblem } from './validate-query'

/** Where a saved operation lives. */
export type SavedOperationSource = 'tab' | 'history' | 'collection'

/** An operation the user kept, to re-check. */
export interface SavedOperation {
  /** The tab's or history entry's id; for a collection request, `<collection id>/<path>` (unique in a report). */
  id: string
  /** A collection request's place: the collection's id and the request's index path in it. */
  at?: { collection: string; path: number[] }
  /** What the user knows it by (the tab's title, the history entry's operation name, the collection request's `Collection / Folder / Request`). */
  label: string
  /** The operation's text. */
  query: string
  source: SavedOperationSource
}

/** An operation the new schema rejects, with the errors located in its text. */
export interface BrokenOperation {
  operation: SavedOperation
  /** The new errors (severity `error`), ordered by position; line and column are 1-based in `operation.query`. */
  errors: QueryProblem[]
}

function key(problem: QueryProblem): string {
  return `${problem.from}:${problem.to}:${problem.message}`
}

/**
 * The errors `newSchema` finds in `query` that `oldSchema` did not: what the change broke. An
 * operation that does not parse, or was already invalid in the same way, gives none.
 *
 * @param oldSchema - the schema before the change; undefined counts every error as new.
 */
export function newErrors(query: string, newSchema: GraphQLSchema, oldSchema: GraphQLSchema | undefined): QueryProblem[] {
  const errors = validateQuery(newSchema, query, { warnings: false }).filter((p) => p.severity === 'error')
  if (errors.length === 0 || !oldSchema) return errors
  // Only the operations that fail now are checked against the old schema too.
  const before = new Set(validateQuery(oldSchema, query, { warnings: false }).filter((p) => p.severity === 'error').map(key))
  return errors.filter((p) => !before.has(key(p)))
}

/**
 * Validates each operation against `newSchema` in slices (see {@link SliceOptions}) and gives
 * those it broke, in the order given. The same text saved twice (a tab and its history entry) is
 * validated once.
 *
 * @param oldSchema - the schema before the change, so errors an operation already had are not blamed on it.
 * @throws DOMException `AbortError` when `options.signal` aborts between slices.
 */
export async function revalidateOperations(
  operations: readonly SavedOperation[],
  newSchema: GraphQLSchema,
  oldSchema: GraphQLSchema | undefined,
  options: SliceOptions,
): Promise<BrokenOperation[]> {
  const budget = options.budgetMs ?? 8
  const now = options.now ?? (() => performance.now())
  const seen = new Map<string, QueryProblem[]>()
  const broken: BrokenOperation[] = []
  let sliceStart = now()
  for (const operation of operations) {
    if (now() - sliceStart >= budget) {
      await options.pause()
      if (options.signal?.aborted) throw new DOMException('The re-check was cancelled', 'AbortError')
      sliceStart = now()
    }
    let errors = seen.get(operation.query)
    if (!errors) seen.set(operation.query, (errors = newErrors(operation.query, newSchema, oldSchema)))
    if (errors.length > 0) broken.push({ operation, errors })
  }
  return broken
}
