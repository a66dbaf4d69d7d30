/**
 * The one error type of schema loading. A pasted schema is often a few thousand lines, so every
 * error that has a place says where (1-based line and column of the pasted text), letting the UI
 * put the cursor on it instead of printing a message nobody can act on.
 */

/**
 * Why a schema input was rejected, for UI logic that must not depend on message wording.
 * - `empty`: nothing but whitespace.
 * - `json-syntax`: looked like JSON (starts with `{`) but does not parse.
 * - `introspection-shape`: valid JSON without `__schema` (or `data.__schema`).
 * - `introspection-errors`: a GraphQL response whose `errors` say introspection failed (e.g. disabled).
 * - `introspection-invalid`: `__schema` present but graphql-js cannot build a schema from it.
 * - `sdl-syntax`: SDL that does not parse.
 * - `sdl-invalid`: SDL that parses but no schema can be built from (a type used but never defined, …).
 */
export type SchemaInputErrorCode =
  | 'empty'
  | 'json-syntax'
  | 'introspection-shape'
  | 'introspection-errors'
  | 'introspection-invalid'
  | 'sdl-syntax'
  | 'sdl-invalid'

/** Thrown by the schema parsers for input that cannot become a schema. */
export class SchemaInputError extends Error {
  override name = 'SchemaInputError'
  /** Why, for code. */
  readonly code: SchemaInputErrorCode
  /** 1-based line in the input text, when the problem has a place. @default undefined */
  readonly line?: number
  /** 1-based column (UTF-16 units, as editors count), when the problem has a place. @default undefined */
  readonly column?: number

  constructor(init: { code: SchemaInputErrorCode; message: string; line?: number; column?: number }) {
    super(init.message)
    this.code = init.code
    if (init.line !== undefined) this.line = init.line
    if (init.column !== undefined) this.column = init.column
  }
}
