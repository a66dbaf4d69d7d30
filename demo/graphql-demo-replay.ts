/**
 * Replays of pure GraphQL answers for the demo server (graphql-demo.ts): a repeated request whose
 * result depends on its arguments only gets the same bytes again without executing.
 */
import { Kind, OperationTypeNode, parse } from './graphql-runtime.ts'

/** One stored answer. */
export interface CachedAnswer {
  status: number
  headers: [string, string][]
  body: Buffer
}

/** Root fields whose result depends on the arguments only, so a repeated request can be replayed. */
const PURE_ROOT_FIELDS = new Set(['products', 'users', 'user', '__typename'])

/**
 * The cache key of a request whose answer may be replayed: a query touching pure fields only.
 * graphql-js takes seconds to execute `products(count: 33000)` here, which would swamp what the
 * benchmark measures (the browser's side); a replay sends the same bytes in milliseconds.
 */
export function cacheKey(body: Buffer, accept: string | undefined): string | undefined {
  try {
    const params = JSON.parse(body.toString('utf8')) as { query?: unknown; operationName?: unknown }
    if (typeof params.query !== 'string') return undefined
    const document = parse(params.query)
    const pure = document.definitions.every(
      (definition) =>
        definition.kind === Kind.OPERATION_DEFINITION &&
        definition.operation === OperationTypeNode.QUERY &&
        definition.selectionSet.selections.every(
          (selection) => selection.kind === Kind.FIELD && PURE_ROOT_FIELDS.has(selection.name.value),
        ),
    )
    return pure ? `${accept ?? ''}\n${body.toString('utf8')}` : undefined
  } catch {
    return undefined
  }
}

/** A small LRU of replayable answers (at most 8 entries, 128 MB). */
export function responseCache() {
  const entries = new Map<string, CachedAnswer>()
  return {
    get(key: string) {
      const hit = entries.get(key)
      if (hit) {
        entries.delete(key)
        entries.set(key, hit)
      }
      return hit
    },
    set(key: string, answer: CachedAnswer) {
      entries.set(key, answer)
      let bytes = 0
      for (const value of entries.values()) bytes += value.body.byteLength
      for (const [oldest, value] of entries) {
        if (entries.size <= 8 && bytes <= 128 * 2 ** 20) break
        entries.delete(oldest)
        bytes -= value.body.byteLength
      }
    },
  }
}
