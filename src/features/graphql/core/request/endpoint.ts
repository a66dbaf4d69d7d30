/**
 * Endpoint validation: everything that would make fetch throw before a byte is sent (bad URL,
 * credentials in the URL, a non-http scheme) or make the browser block the request (mixed
 * content) is caught here with a message that says how to fix it, instead of surfacing later as
 * an opaque "TypeError: Failed to fetch".
 */
import { isMixedContent } from '../../../../shared/core/http/url'
import { GraphQLInputError } from './errors'

/** Options of {@link validateEndpoint}. */
export interface EndpointOptions {
  /**
   * Origin of the page that will send the request (pass `location.origin`; core code cannot read
   * it). Needed to detect mixed content.
   * @default undefined — unknown, so no mixed-content check.
   */
  pageOrigin?: string
  /**
   * Accept an http: endpoint from an https page even though browsers block it (e.g. to build a
   * curl command only).
   * @default false
   */
  allowMixedContent?: boolean
}

/**
 * Checks the endpoint text and returns the URL to request (normalised by the URL parser, without
 * a `#fragment`, which is never sent).
 *
 * @throws GraphQLInputError with `field: 'endpoint'`, line 1 and the column of the problem.
 */
export function validateEndpoint(text: string, options: EndpointOptions = {}): URL {
  const lead = text.length - text.trimStart().length
  const trimmed = text.trim()
  const fail = (code: GraphQLInputError['code'], message: string, column = lead + 1): never => {
    throw new GraphQLInputError({ field: 'endpoint', code, message, line: 1, column })
  }
  if (trimmed === '') fail('endpoint-empty', 'Enter the GraphQL endpoint URL, e.g. https://api.example.com/graphql.', 1)

  const space = /\s/.exec(trimmed)
  if (space) fail('endpoint-invalid', 'The URL contains whitespace; remove it or write it as %20.', lead + space.index + 1)

  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    const hint = /^[\w.-]+(?::\d+)?(?:\/|$)/.test(trimmed) ? ` Add the scheme: https://${trimmed}` : ''
    return fail('endpoint-invalid', `"${trimmed}" is not a valid absolute URL.${hint}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    // `localhost:4000/graphql` parses as scheme "localhost:" — the scheme was simply left out.
    const looksLikeHost = /^[\w.-]+:\d+/.test(trimmed)
    const hint = looksLikeHost ? ` Did you mean http://${trimmed}?` : ''
    fail('endpoint-scheme', `The endpoint must use http: or https:, not ${url.protocol}${hint}`)
  }
  if (url.username !== '' || url.password !== '') {
    const at = trimmed.indexOf('//') + 2
    fail(
      'endpoint-credentials',
      'Browsers refuse URLs with user:password@; send the credentials in an Authorization header instead.',
      lead + at + 1,
    )
  }
  if (!options.allowMixedContent && isMixedContent(url, options.pageOrigin)) {
    fail(
      'mixed-content',
      'This page is served over https, so the browser blocks requests to an http: endpoint (mixed content). Use https:, or run the workbench over http.',
    )
  }
  url.hash = ''
  return url
}
