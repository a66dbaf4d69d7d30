/**
 * What kind of run an operation needs: a subscription (a stream of results), a query or mutation
 * using `@defer`/`@stream` (one response in parts), or a plain request.
 */
import { Kind, parse, visit, type DocumentNode } from 'graphql'
import { findExcessNesting } from '@/shared/core/nesting'

/** How an operation runs, as {@link streamKindOf} tells. */
export interface OperationRunKind {
  /** The chosen operation's type. */
  operationType: 'query' | 'mutation' | 'subscription'
  /** Whether the document uses `@defer` or `@stream` (in the operation or a fragment it may spread). */
  incremental: boolean
}

const hasIncrementalDirective = (doc: DocumentNode): boolean => {
  let found = false
  visit(doc, {
    Directive(node) {
      if (node.name.value === 'defer' || node.name.value === 'stream') found = true
    },
  })
  return found
}

/**
 * Reads the operation `operationName` picks (or the only one) from `query`. Undefined when the
 * document does not parse or names no such operation: the request builder reports those at the
 * field, and a plain request is the safe choice meanwhile. Never throws.
 */
export function streamKindOf(query: string, operationName?: string): OperationRunKind | undefined {
  if (findExcessNesting(query, 'graphql')) return undefined
  let doc: DocumentNode
  try {
    doc = parse(query)
  } catch {
    return undefined
  }
  const operations = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION)
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined
  if (!operation) return undefined
  return { operationType: operation.operation as OperationRunKind['operationType'], incremental: hasIncrementalDirective(doc) }
}
