/**
 * Prettify a GraphQL document, keeping its `#` comments (graphiql #555,
 * https://github.com/graphql/graphiql/issues/555): prettier's standalone build with its GraphQL
 * plugin formats from the token stream, comments included. Prettier is loaded on first use (a
 * dynamic import, ~45 KB gzip) so it costs nothing until the user asks.
 *
 * If prettier cannot be loaded (offline after a deploy, a blocked chunk), graphql-js `print` is the
 * fallback. Printing rebuilds the text from the AST, which has no comments, so a document with
 * comments is refused there, with where the first comment is, rather than losing the user's notes.
 */
import { TokenKind, print } from 'graphql'
import { parseDocument } from './analyze'

/** Result of {@link prettifyQuery} and {@link printQuery}. */
export type PrettifyResult =
  | { ok: true; text: string }
  | { ok: false; reason: 'syntax' | 'comments'; message: string; line: number; column: number }

/** A formatter for GraphQL text: prettier's `format` bound to its GraphQL plugin. */
export type GraphQLFormatter = (text: string) => Promise<string>

/** Loads prettier's standalone build and GraphQL plugin (two chunks, fetched on first call). */
export async function loadPrettierFormatter(): Promise<GraphQLFormatter> {
  const [{ format }, graphqlPlugin] = await Promise.all([import('prettier/standalone'), import('prettier/plugins/graphql')])
  return (text) => format(text, { parser: 'graphql', plugins: [graphqlPlugin] })
}

/** Options of {@link prettifyQuery}. */
export interface PrettifyOptions {
  /**
   * Gets the formatter; a rejection falls back to {@link printQuery}.
   * @default {@link loadPrettierFormatter}, memoised (a failed load is retried on the next call)
   */
  loadFormatter?: () => Promise<GraphQLFormatter>
}

let prettier: Promise<GraphQLFormatter> | undefined

/** {@link loadPrettierFormatter} once; forgets a failure so the next Prettify tries again. */
function sharedPrettier(): Promise<GraphQLFormatter> {
  prettier ??= loadPrettierFormatter().catch((error: unknown) => {
    prettier = undefined
    throw error
  })
  return prettier
}

/**
 * Formats a GraphQL document with prettier (two-space indent, one field per line), keeping comments
 * and descriptions. The result is idempotent: formatting it again changes nothing.
 *
 * @returns `{ ok: true, text }` (no trailing newline, as typed in an editor), or `{ ok: false }` with
 *   the reason and where: the syntax error (graphql-js's message and location, the same as the
 *   editor's lint), or — only when prettier could not be loaded — the first comment that graphql-js
 *   printing would drop. The user's text is never changed on failure.
 */
export async function prettifyQuery(query: string, options: PrettifyOptions = {}): Promise<PrettifyResult> {
  // graphql-js first: the same located message as everywhere else, and a depth guard before prettier recurses.
  const parsed = parseDocument(query)
  if ('error' in parsed) return { ok: false, reason: 'syntax', ...parsed.error }
  let format: GraphQLFormatter
  try {
    format = await (options.loadFormatter ?? sharedPrettier)()
  } catch {
    return printQuery(query)
  }
  try {
    return { ok: true, text: (await format(query)).replace(/\n$/, '') }
  } catch {
    // Prettier's parser is stricter than graphql-js in rare corners (legacy syntax): print instead.
    return printQuery(query)
  }
}

/**
 * The fallback: formats in the canonical graphql-js style. Synchronous.
 *
 * @returns `{ ok: true, text }`, or `{ ok: false }` with the reason and the position of the syntax
 *   error or of the first comment (which printing would drop), leaving the user's text untouched.
 *   Descriptions (`"""…"""`) are part of the AST and survive.
 */
export function printQuery(query: string): PrettifyResult {
  const parsed = parseDocument(query)
  if ('error' in parsed) return { ok: false, reason: 'syntax', ...parsed.error }
  const { doc } = parsed
  // Comments are not in the AST but the lexer keeps them in the token chain.
  for (let token = doc.loc?.startToken ?? null; token; token = token.next) {
    if (token.kind === TokenKind.COMMENT) {
      return {
        ok: false,
        reason: 'comments',
        message: 'Prettify would drop the comments (the formatter could not be loaded, and graphql-js printing does not keep them); remove them or format by hand.',
        line: token.line,
        column: token.column,
      }
    }
  }
  return { ok: true, text: print(doc) }
}
