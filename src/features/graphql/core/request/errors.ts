/**
 * The one error type of the request builder. It names the input field and, when the problem has a
 * place, the 1-based line and column in that field's text, so the UI can put the cursor on it.
 */

/** Which input an error is about. */
export type GraphQLInputField = 'endpoint' | 'query' | 'variables' | 'headers' | 'operationName'

/** A machine-readable reason, for UI logic that must not depend on the message wording. */
export type GraphQLInputErrorCode =
  | 'endpoint-empty'
  | 'endpoint-invalid'
  | 'endpoint-scheme'
  | 'endpoint-credentials'
  | 'mixed-content'
  | 'query-empty'
  | 'query-syntax'
  | 'query-no-operation'
  | 'operation-ambiguous'
  | 'operation-anonymous'
  | 'operation-duplicate'
  | 'operation-unknown'
  | 'variables-syntax'
  | 'variables-not-object'
  | 'variable-missing'
  | 'variable-null'
  | 'headers-syntax'
  | 'header-name'
  | 'header-value'
  | 'header-duplicate'

/** A place in another input that explains an error, e.g. where a missing variable is declared. */
export interface RelatedLocation {
  field: GraphQLInputField
  line: number
  column: number
}

/** Thrown by `buildGraphQLRequest` for input that cannot become a correct request. */
export class GraphQLInputError extends Error {
  override name = 'GraphQLInputError'
  /** The input at fault. */
  readonly field: GraphQLInputField
  /** Why, for code. */
  readonly code: GraphQLInputErrorCode
  /** 1-based line in the field's text, when the error has a position. */
  readonly line?: number
  /** 1-based column (UTF-16 units, as editors count), when the error has a position. */
  readonly column?: number
  /** A second place worth showing, e.g. the declaration of a missing required variable. */
  readonly related?: RelatedLocation

  constructor(init: {
    field: GraphQLInputField
    code: GraphQLInputErrorCode
    message: string
    line?: number
    column?: number
    related?: RelatedLocation
  }) {
    super(init.message)
    this.field = init.field
    this.code = init.code
    if (init.line !== undefined) this.line = init.line
    if (init.column !== undefined) this.column = init.column
    if (init.related !== undefined) this.related = init.related
  }
}
