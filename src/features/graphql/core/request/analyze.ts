/**
 * Reads a GraphQL document without a schema: its operations, the variables each declares, and
 * syntax errors with positions. That is enough to pick the operation to run, to check the
 * variables JSON, and to show errors in the editor before anything is sent.
 */
import { GraphQLError, Kind, getLocation, parse, print, type DocumentNode, type Location } from 'graphql'
import { excessNestingMessage, findExcessNesting } from '../../../../shared/core/nesting'
import { lineColumn } from '../../../../shared/core/json/json-locate'

/** A variable declared in an operation's signature, e.g. `$id: ID!`. */
export interface DeclaredVariable {
  /** Name without the `$`. */
  name: string
  /** The type as written, normalised by graphql-js printing (`[ID!]!`). */
  type: string
  /** Non-null and without a default value: the request must provide it. */
  required: boolean
  /** Whether the declaration has a default value (`$first: Int = 10`). */
  hasDefault: boolean
  /** 1-based position of the `$` in the query text. */
  line: number
  column: number
}

/** An operation of the document. */
export interface AnalyzedOperation {
  /** The operation name; absent for an anonymous operation (`{ … }` or `query { … }`). */
  name?: string
  kind: 'query' | 'mutation' | 'subscription'
  variables: DeclaredVariable[]
  /** 1-based position of the operation's first token. */
  line: number
  column: number
}

/** A syntax error with its 1-based position. */
export interface DocumentError {
  message: string
  line: number
  column: number
}

/** What {@link analyzeDocument} found. */
export interface DocumentAnalysis {
  /** Operations in document order; empty when the document does not parse. */
  operations: AnalyzedOperation[]
  /** Syntax errors (graphql-js stops at the first); empty when the document parses. */
  errors: DocumentError[]
  /** Names of fragment definitions, in document order. */
  fragments: string[]
}

/**
 * Parses `query` and lists its operations and their declared variables.
 *
 * Never throws: a syntax error is returned in `errors` with the line and column graphql-js
 * reports (its message without the "Syntax Error: " prefix, which the UI already implies).
 */
export function analyzeDocument(query: string): DocumentAnalysis {
  const parsed = parseDocument(query)
  if ('error' in parsed) return { operations: [], errors: [parsed.error], fragments: [] }
  const { doc } = parsed
  const operations: AnalyzedOperation[] = []
  const fragments: string[] = []
  for (const definition of doc.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.push(definition.name.value)
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue
    const operation: AnalyzedOperation = {
      kind: definition.operation as AnalyzedOperation['kind'],
      variables: (definition.variableDefinitions ?? []).map((v) => ({
        name: v.variable.name.value,
        type: print(v.type),
        required: v.type.kind === Kind.NON_NULL_TYPE && v.defaultValue === undefined,
        hasDefault: v.defaultValue !== undefined,
        ...position(v.loc),
      })),
      ...position(definition.loc),
    }
    if (definition.name) operation.name = definition.name.value
    operations.push(operation)
  }
  return { operations, errors: [], fragments }
}

/**
 * Parses with graphql-js, turning its error into a located {@link DocumentError}.
 * @internal shared with the builder and prettifier so each parses the same way.
 */
export function parseDocument(query: string): { doc: DocumentNode } | { error: DocumentError } {
  // graphql-js recurses per level (parse, print, visit, validate): refuse what would overflow the stack.
  const excess = findExcessNesting(query, 'graphql')
  if (excess) return { error: { message: excessNestingMessage('The document', excess), ...lineColumn(query, excess.offset) } }
  try {
    return { doc: parse(query) }
  } catch (error) {
    if (error instanceof GraphQLError) {
      const where = error.locations?.[0] ?? { line: 1, column: 1 }
      return { error: { message: error.message.replace(/^Syntax Error: /, ''), line: where.line, column: where.column } }
    }
    throw error
  }
}

/** Line and column of a node; parse() always records locations, the guard is for the type. */
function position(loc: Location | undefined): { line: number; column: number } {
  if (!loc) return { line: 1, column: 1 }
  const { line, column } = getLocation(loc.source, loc.start)
  return { line, column }
}
