/**
 * Picking the operation a schema helper works on. Parsing reuses the tester's own parser so syntax
 * errors read the same everywhere, and failures are the tester's {@link GraphQLInputError}.
 */
import { Kind, type DocumentNode, type OperationDefinitionNode } from 'graphql'
import { parseDocument } from '../request/analyze'
import { GraphQLInputError } from '../request/errors'

/**
 * The operation named `operationName`, or when no name is given the document's first operation
 * (the UI passes the operation picked in the operation picker; "first" keeps a one-operation
 * document working without one).
 *
 * @param document - GraphQL text or an already parsed document.
 * @param operationName - which operation. @default undefined
 * @returns the operation, or `undefined` when the document has none.
 * @throws GraphQLInputError `query-syntax` for text that does not parse, `operation-unknown` for a name not in it.
 */
export function selectOperation(document: string | DocumentNode, operationName?: string): OperationDefinitionNode | undefined {
  let doc: DocumentNode
  if (typeof document === 'string') {
    const parsed = parseDocument(document)
    if ('error' in parsed) throw new GraphQLInputError({ field: 'query', code: 'query-syntax', ...parsed.error })
    doc = parsed.doc
  } else doc = document
  const operations = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
  if (operationName === undefined || operationName === '') return operations[0]
  const named = operations.find((o) => o.name?.value === operationName)
  if (!named) {
    throw new GraphQLInputError({ field: 'operationName', code: 'operation-unknown', message: `The document has no operation named "${operationName}".` })
  }
  return named
}
