/**
 * Checking the query editor's document against the endpoint's schema, with each problem placed on
 * the name it is about. graphql-js decides what is valid (`validate` with the spec's rules, as a
 * graphql-js server does before executing), so the editor never disagrees with the server; this
 * module only adds editor positions and the deprecation warnings the spec rules leave out.
 *
 * Syntax errors are not reported here: the tester's own parser (`parseDocument` in
 * `core/graphql/analyze`) already reports them at their place, and one message per problem is
 * enough. A document that does not parse therefore gives no schema problems.
 */
import {
  Kind,
  NoDeprecatedCustomRule,
  specifiedRules,
  validate,
  type ASTNode,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
} from 'graphql'
import { parseDocument } from '../request/analyze'
import { lineColumn } from '../../../../shared/core/json/json-locate'

/** A problem in the query text found by checking it against the schema. */
export interface QueryProblem {
  /** graphql-js's sentence, e.g. `Cannot query field "nme" on type "User". Did you mean "name"?` */
  message: string
  /** 1-based line of `from` in the query text. */
  line: number
  /** 1-based column of `from` (UTF-16 units, as editors count). */
  column: number
  /** UTF-16 offsets of the range to underline: the offending name where there is one. */
  from: number
  to: number
  /**
   * `error`: the server rejects the document (a spec validation rule fails). `warning`: it runs,
   * but uses something deprecated (field, argument, input field or enum value); the message ends
   * with the schema's deprecation reason.
   */
  severity: 'error' | 'warning'
}

/**
 * Validates `text` against `schema`.
 *
 * Every spec rule runs (`specifiedRules`), including "unused variable" and "unused fragment",
 * since servers reject those too; graphql-js stops after 100 errors and says so (that last message
 * has no place and is put at the start of the document). Deprecated things in use are warnings.
 *
 * @param schema - the endpoint's schema: valid, or marked valid as `parseSchemaInput` marks one
 *   that breaks type-system rules. One that graphql-js refuses gives no problems: that is the
 *   schema's fault, not the document's.
 * @param text - the query editor's text.
 * @param options.warnings - whether to look for deprecated things in use (a second pass over the
 *   document); a re-check that wants only errors skips it. @default true
 * @returns problems ordered by position, then errors before warnings, then message; `[]` for a
 *   valid document, and for blank text or text that does not parse (the parser reports that).
 */
export function validateQuery(schema: GraphQLSchema, text: string, options: { warnings?: boolean } = {}): QueryProblem[] {
  if (text.trim() === '') return []
  const parsed = parseDocument(text)
  if ('error' in parsed) return []
  const doc = parsed.doc
  let errors: readonly GraphQLError[]
  let warnings: readonly GraphQLError[]
  try {
    errors = validate(schema, doc, specifiedRules)
    warnings = options.warnings === false ? [] : validate(schema, doc, [NoDeprecatedCustomRule])
  } catch {
    // validate() asserts the schema is valid and throws otherwise.
    return []
  }
  const problems = [
    ...errors.map((e) => locate(text, doc, e, 'error')),
    ...warnings.map((e) => locate(text, doc, e, 'warning')),
  ]
  problems.sort((a, b) => a.from - b.from || rank(a) - rank(b) || a.to - b.to || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0))
  // Some rules report the same thing once per path to it (a fragment spread twice): show it once.
  return problems.filter((p, i) => {
    const prev = problems[i - 1]
    return !prev || prev.from !== p.from || prev.to !== p.to || prev.message !== p.message || prev.severity !== p.severity
  })
}

/** A UTF-16 range; graphql-js `Location`s and `Token`s are ones. */
interface Span {
  start: number
  end: number
}

function rank(p: QueryProblem): number {
  return p.severity === 'error' ? 0 : 1
}

function locate(text: string, doc: DocumentNode, error: GraphQLError, severity: QueryProblem['severity']): QueryProblem {
  const node = error.nodes?.[0]
  // Errors without a node (graphql-js's "too many errors") go on the document's first token.
  const range = (node ? highlight(node) : undefined) ?? doc.loc?.startToken.next ?? { start: 0, end: 1 }
  const from = Math.min(range.start, text.length)
  // A non-empty range inside the text where possible: editors reject ranges past the end.
  const to = Math.min(Math.max(range.end, from + 1), text.length)
  return { message: error.message, ...lineColumn(text, from), from, to, severity }
}

/**
 * The part of a node worth underlining, chosen like graphql-language-service does: a field's,
 * argument's, fragment's or type's name rather than its whole body (a field's range would cover
 * its entire selection set), a variable with its `$`, and for a nameless operation its first token
 * (`query` or `{`). Values (a wrong literal) are underlined whole.
 */
function highlight(node: ASTNode): Span | undefined {
  switch (node.kind) {
    case Kind.VARIABLE_DEFINITION:
      return node.variable.loc
    case Kind.VARIABLE:
      return node.loc
    case Kind.OPERATION_DEFINITION:
    case Kind.SELECTION_SET:
    case Kind.INLINE_FRAGMENT: {
      const named = node.kind === Kind.OPERATION_DEFINITION ? node.name?.loc : undefined
      if (named) return named
      const first = node.loc?.startToken
      return first ? { start: first.start, end: first.end } : undefined
    }
    default:
      return 'name' in node && node.name && typeof node.name === 'object' && 'loc' in node.name && node.name.loc ? node.name.loc : node.loc
  }
}
