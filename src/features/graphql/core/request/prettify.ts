/**
 * Prettify with graphql-js `print`. Printing rebuilds the text from the AST, and the AST has no
 * comments, so a document with `#` comments would silently lose them (a complaint about other
 * tools); rather than drop the user's notes we refuse and say where the first comment is.
 */
import { TokenKind, print } from 'graphql'
import { parseDocument } from './analyze'

/** Result of {@link prettifyQuery}. */
export type PrettifyResult =
  | { ok: true; text: string }
  | { ok: false; reason: 'syntax' | 'comments'; message: string; line: number; column: number }

/**
 * Formats a GraphQL document in the canonical graphql-js style (two-space indent, one field per line).
 *
 * @returns `{ ok: true, text }`, or `{ ok: false }` with the reason and the position of the syntax
 *   error or of the first comment, leaving the user's text untouched. Descriptions (`"""…"""`)
 *   are part of the AST and survive.
 */
export function prettifyQuery(query: string): PrettifyResult {
  const parsed = parseDocument(query)
  if ('error' in parsed) return { ok: false, reason: 'syntax', ...parsed.error }
  const { doc } = parsed
  // Comments are not in the AST but the lexer keeps them in the token chain.
  for (let token = doc.loc?.startToken ?? null; token; token = token.next) {
    if (token.kind === TokenKind.COMMENT) {
      return {
        ok: false,
        reason: 'comments',
        message: 'Prettify would drop the comments (graphql-js printing does not keep them); remove them or format by hand.',
        line: token.line,
        column: token.column,
      }
    }
  }
  return { ok: true, text: print(doc) }
}
